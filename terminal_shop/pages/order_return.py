"""The buyer's returns on their order page (issue 61.3): "Ajukan retur" while the window is open,
the form, and each return with where it is and what happens next."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop import rules
from terminal_shop.components.files import file_picker
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT, term_options, tone_badge
from terminal_shop.infra.uploads import IMAGE_ACCEPT
from terminal_shop.reflex_compat.forms import submit_with_files
from terminal_shop.services.registrations.terms import Bank
from terminal_shop.services.returns.terms import Resolution, ReturnReason
from terminal_shop.state.order_return import RETURN_UPLOAD_ID
from terminal_shop.state.order_return import ReturnState as R

_LABEL = "text-sm font-medium text-slate-800"


def _choice(name: str, value: str, label: str, **props: Any) -> rx.Component:
    return rx.el.label(
        rx.el.input(type="radio", name=name, value=value, class_name="h-5 w-5", **props),
        rx.el.span(label),
        class_name="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3",
    )


def _refund_fields() -> rx.Component:
    """Where a refund goes: asked only when the buyer wants their money back."""
    return rx.el.div(
        rx.el.label("Bank tujuan pengembalian dana", html_for="retur-bank", class_name=_LABEL),
        rx.el.select(*term_options(Bank, "Pilih bank"), id="retur-bank", name="bank", class_name=INPUT),
        rx.el.label("Nomor rekening", html_for="retur-rekening", class_name=_LABEL),
        rx.el.input(id="retur-rekening", name="rekening", input_mode="numeric", auto_complete="off", class_name=INPUT),
        rx.el.label("Nama pemilik rekening", html_for="retur-pemilik", class_name=_LABEL),
        rx.el.input(id="retur-pemilik", name="pemilik", auto_complete="name", class_name=INPUT),
        class_name="flex flex-col gap-1",
    )  # fmt: skip


def _form() -> rx.Component:
    return rx.el.form(
        rx.el.fieldset(
            rx.el.legend("Alasan retur", class_name=_LABEL),
            *[_choice("alasan", r.value, r.label) for r in ReturnReason],
            class_name="flex flex-col gap-2",
        ),
        rx.el.fieldset(
            rx.el.legend("Unit yang dikembalikan", class_name=_LABEL),
            rx.foreach(
                R.serials,
                lambda sn: rx.el.label(
                    rx.el.input(type="checkbox", name="sn_" + sn, class_name="h-5 w-5"),
                    rx.el.span("SN ", rx.el.code(sn)),
                    class_name="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3",
                ),
            ),
            class_name="flex flex-col gap-2",
        ),
        rx.el.fieldset(
            rx.el.legend("Yang Anda minta", class_name=_LABEL),
            *[_choice("penyelesaian", r.value, r.label, on_change=R.set_resolution(r.value)) for r in Resolution],
            class_name="flex flex-col gap-2",
        ),
        rx.cond(R.refund, _refund_fields()),
        rx.el.label("Ceritakan singkat (opsional)", html_for="retur-keterangan", class_name=_LABEL),
        rx.el.textarea(id="retur-keterangan", name="keterangan", rows=3, max_length=1000, class_name=INPUT),
        file_picker(
            RETURN_UPLOAD_ID,
            "Foto unit",
            f"JPG atau PNG, 1-{rules.RETURN_PHOTOS} foto, maks. {rules.UPLOAD_MAX} per foto",
            IMAGE_ACCEPT,
            R.photos_rejected,
            required=True,
            several=rules.RETURN_PHOTOS,
        ),  # fmt: skip
        rx.cond(
            R.error != "", rx.el.p(R.error, role="alert", class_name="text-sm text-red-600", data_testid="return-error")
        ),
        rx.el.div(
            rx.el.button(
                rx.cond(R.busy, "Mengirim...", "Kirim permintaan retur"),
                type="submit",
                disabled=R.busy,
                class_name=BTN_PRIMARY,
            ),  # fmt: skip
            rx.el.button("Batal", type="button", on_click=R.close_form, class_name=BTN_OUTLINE),
            class_name="flex flex-wrap gap-2",
        ),
        on_submit=submit_with_files(R.ask, RETURN_UPLOAD_ID),
        reset_on_submit=False,
        class_name="mt-4 flex flex-col gap-4",
        data_testid="return-form",
    )


def _line(label: str, value: Any) -> rx.Component:
    return rx.cond(
        value != "", rx.el.p(rx.el.span(label + ": ", class_name="text-slate-500"), value, class_name="text-sm")
    )


def _return(r: Any) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.p("Retur ", rx.el.code(r.number), class_name="font-semibold"),
            tone_badge(r.step_label, r.step_tone, data_testid="return-step"),
            class_name="flex flex-wrap items-center justify-between gap-2",
        ),
        rx.el.p(r.units, class_name="mt-1 text-sm"),
        _line("Alasan", r.reason),
        _line("Permintaan", r.resolution),
        _line("Alasan penolakan", r.refused_reason),
        _line("Penjemputan", r.pickup),
        _line("Pengembalian dana ke", r.refund_to),
        _line("Jumlah", r.amount),
        _line("Unit pengganti", r.exchange),
        rx.el.p(r.next, class_name="mt-2 text-sm font-medium text-slate-800", data_testid="return-next"),
        rx.cond(
            r.credit_note_link != "",
            rx.el.a(
                "Unduh nota kredit ",
                r.credit_note,
                href=r.credit_note_link,
                download="",  # a file, not a page of the site
                custom_attrs={"reloadDocument": True},  # past the client-side router
                class_name="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-blue-700 underline",
            ),
        ),  # fmt: skip
        class_name="rounded-xl border border-slate-200 p-4",
        data_testid="return",
    )


def return_section() -> rx.Component:
    """Shown when a return is possible or was asked: nothing for an order still on its way."""
    return rx.cond(
        (R.serials.length() > 0) | (R.returns.length() > 0),
        rx.el.section(
            rx.el.h2("Retur", class_name="text-lg font-bold"),
            rx.cond(
                R.serials.length() > 0,
                rx.el.p(
                    f"Unit rusak, tidak sesuai pesanan, atau berubah pikiran (unit belum dipakai)? Ajukan retur dalam "
                    f"{rules.RETURN_WINDOW} setelah pesanan diterima, paling lambat ",
                    rx.el.strong(R.until),
                    ".",
                    class_name="mt-1 text-sm text-slate-700",
                ),
            ),  # fmt: skip
            rx.cond(
                R.form_open,
                _form(),
                rx.cond(
                    R.serials.length() > 0,
                    rx.el.button("Ajukan retur", type="button", on_click=R.open_form, class_name=BTN_OUTLINE + " mt-3"),
                ),
            ),  # fmt: skip
            rx.el.ul(rx.foreach(R.returns, _return), class_name="mt-4 flex flex-col gap-3"),
            class_name=f"{CARD} p-5",
            id="retur",
        ),
    )
