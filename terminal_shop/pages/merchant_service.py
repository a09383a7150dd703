"""The merchant's broken terminals on /akun (issue 48.1): "Laporkan masalah" under each active
device, and "Laporan masalah" with each case's number, warranty answer, promise, steps and
what happens next (state/account_service.py, services/servicing)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop.components.admin import badge
from terminal_shop.components.files import instant_picker
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT, term_options
from terminal_shop.infra.uploads import MEDIA_ACCEPT
from terminal_shop.pages.merchant_team import OWNER
from terminal_shop.services.servicing.terms import Problem
from terminal_shop.state.account import AccountState as A
from terminal_shop.state.account_service import SERVICE_UPLOAD_ID


def report_button(d: Any) -> rx.Component:
    """Under a device card: the button, or the form when it is open."""
    form = rx.el.form(
        rx.el.label(rx.el.span("Apa yang terjadi?", class_name="text-sm text-slate-700"),
                    rx.el.select(*term_options(Problem, "Pilih masalah"),
                                 name="masalah", class_name=INPUT + " min-h-[44px]"), class_name="flex flex-col gap-1"),
        rx.el.label(rx.el.span("Ceritakan singkat", class_name="text-sm text-slate-700"),
                    rx.el.textarea(name="keterangan", rows=3, max_length=1000, class_name=INPUT), class_name="mt-2 flex flex-col gap-1"),
        rx.el.div(rx.el.button("Kirim laporan", type="submit", class_name=BTN_PRIMARY + " min-h-[44px]"),
                  rx.el.button("Batal", type="button", on_click=A.report_close, class_name=BTN_OUTLINE + " min-h-[44px]"),
                  class_name="mt-2 flex flex-wrap gap-2"),
        on_submit=A.report_problem, reset_on_submit=False,
        class_name="mt-3 rounded-lg bg-slate-50 p-3", data_testid="report-form",
    )  # fmt: skip
    paper = rx.cond((d.paper != "") & (A.role == OWNER), rx.el.button("Pesan kertas (", d.paper, ")", type="button", on_click=A.order_paper(d.id),
                                                class_name=BTN_OUTLINE + " mt-3 min-h-[44px]"))  # fmt: skip
    return rx.cond(
        d.serviceable,
        rx.cond(A.reporting == d.id, form,
                rx.el.div(rx.el.button("Laporkan masalah", type="button", on_click=A.report_open(d.id),
                                       class_name=BTN_OUTLINE + " mt-3 min-h-[44px]"), paper, class_name="flex flex-wrap gap-2")),
    )  # fmt: skip


def _case(c: Any) -> rx.Component:
    return rx.el.li(
        rx.el.div(rx.el.p(c.number, " · ", c.device, class_name="font-semibold"), badge(c.step),
                  class_name="flex flex-wrap items-center justify-between gap-2"),
        rx.el.p(c.problem, class_name="text-sm text-slate-700"),
        rx.el.p(c.warranty, class_name="text-sm"),
        rx.el.p(c.next, class_name="mt-1 text-sm font-medium text-blue-900", data_testid="service-next"),
        rx.el.ol(rx.foreach(c.steps, lambda s: rx.el.li(rx.cond(s.done, "✓ ", "○ "), s.label,
                                                        rx.cond(s.detail != "", rx.el.span(" · ", s.detail, class_name="text-slate-500")),
                                                        class_name=rx.cond(s.done, "text-slate-900", "text-slate-500"))),
                 class_name="mt-2 grid gap-1 text-sm", aria_label="Langkah laporan " + c.number),
        rx.cond(c.fee != "", rx.el.div(rx.el.p(c.fee, class_name="text-sm font-semibold text-amber-900", data_testid="service-fee"),
                                       rx.el.button("Bayar tagihan", type="button", on_click=A.pay_service_fee(c.id),
                                                    class_name=BTN_PRIMARY + " mt-1 min-h-[44px]"), class_name="mt-2")),
        rx.cond(c.media.length() > 0, rx.el.p(c.media.length(), " foto/video terlampir", class_name="mt-1 text-xs text-slate-600")),
        rx.cond(c.open & (c.media.length() < 3),
                rx.cond(A.media_case == c.id,
                        rx.el.div(instant_picker(SERVICE_UPLOAD_ID, "Tambah foto atau video (maks. 3 foto atau 1 video, 10 MB)",
                                                 A.upload_service_media, MEDIA_ACCEPT, BTN_OUTLINE + " min-h-[44px]"), class_name="mt-2"),
                        rx.el.button("Tambah foto/video", type="button", on_click=A.media_open(c.id),
                                     class_name=BTN_OUTLINE + " mt-2 min-h-[44px]"))),
        class_name="py-3",
        data_testid="service-case",
    )  # fmt: skip


def service_section() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Laporan masalah", class_name="text-lg font-bold"),
        rx.el.ul(rx.foreach(A.service_cases, _case), class_name="mt-2 divide-y divide-slate-100"),
        id="laporan-masalah",
        class_name=f"{CARD} scroll-mt-32 p-5",
    )
