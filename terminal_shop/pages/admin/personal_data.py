"""The personal-data card of a merchant's and an order's admin page: how long it is kept,
the data subject's open requests, their copy and its erasure (typed confirmation), and an
approved merchant's relationship ended ("berhenti")."""

from __future__ import annotations

import reflex as rx

from terminal_shop.components.admin import BTN_DANGER, BTN_SMALL
from terminal_shop.components.forms import typed
from terminal_shop.components.ui import CARD, INPUT, icon, nav_link
from terminal_shop.services.registrations.terms import RegistrationStatus
from terminal_shop.state.admin import DELETE_PHRASE
from terminal_shop.state.admin import PersonalDataState as P


def request_list(rows) -> rx.Component:
    """Data subjects' requests with their deadline (the record's page, the overview)."""
    return rx.el.ul(
        rx.foreach(
            rows,
            lambda r: rx.el.li(
                nav_link(r.label, href=r.link, class_name="font-semibold underline"),
                " · diminta ", r.asked_at, " · jawab sebelum ",
                rx.el.strong(r.due, class_name=rx.cond(r.overdue, "text-red-700", "")),
                rx.cond(r.overdue, rx.el.span(" (lewat batas waktu)", class_name="font-semibold text-red-700")),
                class_name="py-1.5 text-sm",
            ),
        ),
        class_name="divide-y divide-slate-100",
        data_testid="data-requests",
    )  # fmt: skip


def personal_data_card(view, status=None) -> rx.Component:
    """`status`: a merchant's, whose relationship may be marked ended; None for an order."""
    ended = (
        rx.cond(
            status == RegistrationStatus.APPROVED,
            rx.el.button(
                rx.cond(view.ended, "Batalkan tanda berhenti", "Tandai berhenti (hubungan usaha berakhir)"),
                type="button",
                on_click=P.set_ended(~view.ended),
                class_name=f"{BTN_SMALL} mt-3",
            ),
        )
        if status is not None
        else rx.fragment()
    )
    actions = rx.el.div(
        rx.el.p(
            "Permintaan pemilik data: ketik ", rx.el.code(DELETE_PHRASE), " lalu pilih tindakan.",
            class_name="text-sm text-slate-600",
        ),
        rx.el.div(
            typed(rx.el.input(value=P.phrase, on_change=P.set_phrase, aria_label="Konfirmasi data pribadi", placeholder=DELETE_PHRASE, class_name=INPUT + " mt-0 max-w-xs")),
            rx.el.button(icon("download", "h-4 w-4"), "Unduh data pribadi", type="button", disabled=P.phrase != DELETE_PHRASE, on_click=P.download, class_name=BTN_SMALL),
            rx.el.button(icon("eraser", "h-4 w-4"), "Hapus data pribadi", type="button", disabled=P.phrase != DELETE_PHRASE, on_click=P.erase, class_name=BTN_DANGER),
            class_name="mt-2 flex flex-wrap items-center gap-3",
        ),
        class_name="mt-4",
    )  # fmt: skip
    return rx.el.section(
        rx.el.h2("Data pribadi", class_name="text-lg font-bold"),
        rx.el.p(view.retention, class_name="mt-2 text-sm text-slate-700", data_testid="retention"),
        rx.cond(
            view.restricted != "",
            rx.el.p(view.restricted, class_name="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900", data_testid="restricted"),
        ),
        rx.cond(view.requests.length() > 0, rx.el.div(request_list(view.requests), class_name="mt-3")),
        ended,
        rx.cond(view.erased, rx.fragment(), actions),
        class_name=f"{CARD} p-5",
        data_testid="personal-data",
    )  # fmt: skip
