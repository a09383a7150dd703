"""/akun/servis (issue 48.1): the report form for the device whose "Laporkan masalah" was tapped
on /akun/perangkat, and "Laporan masalah" with each case's number, warranty answer, promise,
steps and what happens next (state/account_service.py, services/servicing)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop import routes
from terminal_shop.account_pages import AccountPage
from terminal_shop.components.files import file_picker, instant_picker
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT, badge, nav_link, term_options
from terminal_shop.infra.uploads import MEDIA_ACCEPT
from terminal_shop.pages.account_frame import account_page
from terminal_shop.reflex_compat.forms import submit_with_files
from terminal_shop.services.servicing.terms import Problem
from terminal_shop.state.account_service import REPORT_UPLOAD_ID, SERVICE_UPLOAD_ID
from terminal_shop.state.account_service import ServiceState as A


def _report_form() -> rx.Component:
    """For the device chosen on /akun/perangkat (?perangkat=<id>)."""
    return rx.el.form(
        rx.el.h2("Laporkan masalah", class_name="text-lg font-bold"),
        rx.el.p(A.reporting_device, class_name="text-sm font-semibold", data_testid="report-device"),
        rx.el.p("Sementara menunggu, terima pembayaran dengan QRIS cetak Anda atau perangkat lain; kami jawab di sini dan lewat email.",
                class_name="text-sm text-slate-600", data_testid="report-meanwhile"),
        rx.el.label(rx.el.span("Apa yang terjadi?", class_name="text-sm text-slate-700"),
                    rx.el.select(*term_options(Problem, "Pilih masalah"),
                                 name="masalah", class_name=INPUT + " min-h-[44px]"), class_name="mt-2 flex flex-col gap-1"),
        rx.el.label(rx.el.span("Ceritakan singkat", class_name="text-sm text-slate-700"),
                    rx.el.textarea(name="keterangan", rows=3, max_length=1000, class_name=INPUT), class_name="mt-2 flex flex-col gap-1"),
        file_picker(REPORT_UPLOAD_ID, "Foto atau video masalahnya", "JPG atau PNG, atau video MP4/WebM sampai 60 detik; maks. 10 MB",
                    MEDIA_ACCEPT, A.media_rejected),
        rx.el.div(rx.el.button("Kirim laporan", type="submit", class_name=BTN_PRIMARY + " min-h-[44px]"),
                  rx.el.button("Batal", type="button", on_click=A.report_close, class_name=BTN_OUTLINE + " min-h-[44px]"),
                  class_name="mt-2 flex flex-wrap gap-2"),
        on_submit=submit_with_files(A.report_problem, REPORT_UPLOAD_ID), reset_on_submit=False,
        class_name=f"{CARD} p-5", data_testid="report-form",
    )  # fmt: skip


def _case(c: Any) -> rx.Component:
    return rx.el.li(
        rx.el.div(rx.el.p(c.number, " · ", c.device, class_name="font-semibold"), badge(c.step),
                  class_name="flex flex-wrap items-center justify-between gap-2"),
        rx.el.p(c.problem, class_name="text-sm text-slate-700"),
        rx.el.p(c.warranty, class_name="text-sm"),
        rx.el.p(c.next, class_name="mt-1 text-sm font-medium text-blue-900", data_testid="service-next"),
        rx.cond(c.awaiting_delivery, rx.el.button("Pengganti sudah diterima", type="button", on_click=A.replacement_received(c.id),
                                                  class_name=BTN_PRIMARY + " mt-2 min-h-[44px]")),
        rx.el.ol(rx.foreach(c.steps, lambda s: rx.el.li(rx.cond(s.done, "✓ ", "○ "), s.label,
                                                        rx.cond(s.detail != "", rx.el.span(" · ", s.detail, class_name="text-slate-500")),
                                                        class_name=rx.cond(s.done, "text-slate-900", "text-slate-500"))),
                 class_name="mt-2 grid gap-1 text-sm", aria_label="Langkah laporan " + c.number),
        rx.cond(c.fee != "", rx.el.div(rx.el.p(c.fee, class_name="text-sm font-semibold text-amber-900", data_testid="service-fee"),
                                       rx.cond(c.bill.label != "", rx.el.div(badge(c.bill), class_name="mt-1", data_testid="service-bill")),
                                       rx.cond(c.payable, rx.el.button("Bayar tagihan", type="button", on_click=A.pay_service_fee(c.id),
                                                                       class_name=BTN_PRIMARY + " mt-1 min-h-[44px]")), class_name="mt-2")),
        rx.cond(c.media.length() > 0, rx.el.p(c.media.length(), " foto/video terlampir", class_name="mt-1 text-xs text-slate-600")),
        rx.cond(c.open & (c.media.length() < 3),
                # The case goes with the upload as the page shows it, by the state's var: an
                # upload may not name `c` (its dropzone hook is hoisted out of the loop: 0.10.1).
                rx.cond(A.media_case == c.id,
                        rx.el.div(instant_picker(SERVICE_UPLOAD_ID, "Tambah foto atau video (maks. 3 foto atau 1 video, 10 MB)",
                                                 lambda upload: A.upload_service_media(upload, A.media_case), MEDIA_ACCEPT, BTN_OUTLINE + " min-h-[44px]"), class_name="mt-2"),
                        rx.el.button("Tambah foto/video", type="button", on_click=A.media_open(c.id),
                                     class_name=BTN_OUTLINE + " mt-2 min-h-[44px]"))),
        class_name="scroll-mt-24 py-3",
        data_testid="service-case",
        id=c.number,  # a bill's thank-you and status pages lead here (routes.service_case)
    )  # fmt: skip


def service_section() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Laporan masalah", class_name="text-lg font-bold"),
        rx.cond(
            A.service_cases,
            rx.el.ul(rx.foreach(A.service_cases, _case), class_name="mt-2 divide-y divide-slate-100"),
            rx.el.p(
                'Belum ada laporan. Perangkat bermasalah? Pilih "Laporkan masalah" pada perangkatnya.',
                class_name="mt-2 text-sm text-slate-500",
            ),
        ),
        nav_link(
            "Pilih perangkat yang bermasalah",
            href=routes.ACCOUNT_DEVICES,
            class_name="mt-2 inline-flex min-h-[44px] items-center text-sm font-medium text-blue-700 underline",
        ),
        id="laporan-masalah",
        class_name=f"{CARD} scroll-mt-32 p-5",
    )


def service_page() -> rx.Component:
    return account_page(
        routes.ACCOUNT_SERVICE, "Servis", A.loaded, rx.cond(A.reporting != "", _report_form()), service_section()
    )


PAGE = AccountPage(routes.ACCOUNT_SERVICE, "Servis", "Servis", service_page, A)
