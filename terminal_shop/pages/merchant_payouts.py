"""/akun/pencairan, the owner's (issue 47.2): the next payout and its day, the payouts by day with
their status, each opening its breakdown (state/account_payouts.py, services/payouts)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop import routes
from terminal_shop.account_pages import AccountPage
from terminal_shop.components.ui import BTN_OUTLINE, CARD, INPUT, badge
from terminal_shop.pages.account_frame import account_page
from terminal_shop.pages.merchant_payout_account import payout_account_section
from terminal_shop.state.account_payouts import BREAKDOWN_ID
from terminal_shop.state.account_payouts import PayoutsState as A


def _payout_row(p) -> rx.Component:
    """A payout with its state; a late or short one offers its report right here, and its
    breakdown opens under it."""
    opened: Any = A.payout
    return rx.el.li(
        rx.el.div(rx.el.p(p.day, class_name="font-semibold"), badge(p.status), class_name="flex flex-wrap items-center justify-between gap-2"),
        rx.el.p(p.net, " · ", p.count, " transaksi", class_name="text-sm text-slate-600"),
        rx.cond(p.gap != "", rx.el.p(p.gap, class_name="text-sm text-red-700", data_testid="payout-gap")),
        rx.cond(p.case_open != "", rx.el.p(p.case_open, class_name="text-sm text-amber-800", data_testid="payout-case-open")),
        rx.el.div(
            rx.el.button("Rincian", type="button", on_click=A.open_payout(p.id), class_name=BTN_OUTLINE + " min-h-[44px]",
                         aria_label="Rincian pencairan " + p.day),
            rx.cond(p.can_report, rx.el.button(p.report_label, type="button", on_click=A.report_missing(p.id),
                                               class_name=BTN_OUTLINE + " min-h-[44px]", data_testid="payout-report")),
            class_name="mt-2 flex flex-wrap gap-2",
        ),
        rx.cond(A.payout, rx.cond(opened.line.id == p.id, _breakdown())),
        class_name="py-3",
        data_testid="payout",
    )  # fmt: skip


def _breakdown() -> rx.Component:
    d: Any = A.payout  # a Var of PayoutDetail | None: shown only under rx.cond(A.payout)

    def row(label: str, value, testid: str) -> rx.Component:
        return rx.el.div(rx.el.dt(label, class_name="text-slate-600"), rx.el.dd(value, class_name="whitespace-nowrap font-semibold", data_testid=testid),
                         class_name="flex justify-between py-1")  # fmt: skip

    return rx.el.div(
        rx.el.h3("Rincian pencairan ", d.line.day, class_name="font-semibold"),
        rx.el.p(d.line.said, class_name="text-sm text-slate-700", data_testid="payout-said"),
        rx.el.dl(
            row("Penjualan", d.gross, "payout-gross"),
            row("Biaya MDR", d.mdr, "payout-mdr"),
            row("Refund", d.refunds, "payout-refunds"),
            row("Chargeback", d.chargebacks, "payout-chargebacks"),
            row("Koreksi", d.adjustments, "payout-adjustments"),
            row("Bersih (masuk ke rekening)", d.net, "payout-net"),
            class_name="mt-2 divide-y divide-slate-100 text-sm",
        ),
        rx.cond(d.line.gap != "", rx.el.p(d.line.gap, class_name="mt-1 text-sm font-semibold text-red-700")),
        rx.cond(d.reference != "", rx.el.p("Referensi bank: ", d.reference, class_name="mt-1 text-sm text-slate-600")),
        rx.el.ul(
            rx.foreach(d.extra, lambda a: rx.el.li(rx.el.span(a.kind, ": ", a.reason), rx.el.strong(a.amount),
                                                   class_name="flex flex-wrap justify-between gap-2 py-1", data_testid="payout-extra")),
            class_name="mt-2 text-xs text-amber-900", aria_label="Di luar penjualan hari ini",
        ),
        rx.el.ul(
            rx.foreach(d.transactions, lambda t: rx.el.li(
                rx.el.span(t.at, " · ", t.what), rx.el.span(t.amount, " (MDR ", t.fee, ")", rx.cond(t.refunded != "", rx.el.span(" · refund ", t.refunded))),
                rx.cond(t.reason != "", rx.el.span(t.reason, class_name="w-full text-slate-500", data_testid="fee-reason")),
                rx.cond(t.late != "", rx.el.span(t.late, class_name="w-full text-amber-800", data_testid="late-sale")),
                class_name="flex flex-wrap justify-between gap-x-2 py-1")),
            class_name="mt-2 max-h-80 overflow-y-auto text-xs text-slate-700", aria_label="Transaksi pencairan ini",
        ),
        _case(d),
        rx.el.div(
            rx.cond(d.can_report, rx.el.button(d.line.report_label, type="button", on_click=A.report_missing(d.line.id),
                                               class_name=BTN_OUTLINE + " min-h-[44px]")),
            rx.cond(d.can_reopen, rx.el.button("Masih belum masuk", type="button", on_click=A.reopen_case(d.line.id),
                                               class_name=BTN_OUTLINE + " min-h-[44px]", data_testid="payout-reopen")),
            rx.cond(d.can_confirm, rx.el.button("Sudah masuk", type="button", on_click=A.confirm_received(d.line.id),
                                                class_name=BTN_OUTLINE + " min-h-[44px]")),
            rx.el.button("Tutup", type="button", on_click=A.close_payout, class_name=BTN_OUTLINE + " min-h-[44px]"),
            class_name="mt-3 flex flex-wrap gap-2",
        ),
        class_name="mt-4 scroll-mt-32 rounded-xl border border-slate-200 p-4",
        id=BREAKDOWN_ID,
        data_testid="payout-detail",
    )  # fmt: skip


def _case(d: Any) -> rx.Component:
    """The newest "Dana belum masuk" case of this payout: its status, promise and answer."""
    c: Any = d.case
    return rx.cond(
        d.case,
        rx.el.div(
            rx.el.p("Laporan dana belum masuk: ", badge(c.status), class_name="text-sm font-semibold"),
            rx.el.p(c.promised, class_name="text-xs text-slate-600", data_testid="payout-case-promise"),
            rx.cond(c.answer != "", rx.el.p("Jawaban kami (", c.answered, "): ", c.answer, class_name="mt-1 text-sm",
                                          data_testid="payout-case-answer")),
            class_name="mt-3 rounded-lg bg-amber-50 p-3",
            data_testid="payout-case",
            role="status",
        ),
    )  # fmt: skip


def _fee_invoices() -> rx.Component:
    """The monthly MDR invoices (issue 61.2), each a PDF."""
    return rx.cond(A.fee_invoices, rx.el.div(
        rx.el.h3("Invoice biaya MDR bulanan", class_name="text-sm font-semibold"),
        rx.el.ul(rx.foreach(A.fee_invoices, lambda f: rx.el.li(
            rx.el.a(f.month, " · ", f.number, " · ", f.total, href=routes.API_ACCOUNT_FEE_INVOICE + "?nomor=" + f.number, download="",
                    custom_attrs={"reloadDocument": True}, class_name="inline-flex min-h-[44px] items-center text-sm text-blue-700 underline"),
            data_testid="fee-invoice"))),
        class_name="mt-4 border-t border-slate-100 pt-3",
    ))  # fmt: skip


def _recap() -> rx.Component:
    """The 07.00 WIB daily recap: by e-mail, by WhatsApp (offered only to a number that agreed), or none."""
    return rx.el.form(
        rx.el.label(rx.el.span("Rekap harian pukul 07.00 WIB (penjualan kemarin, biaya, bersih, pencairan berikutnya)",
                               class_name="text-sm text-slate-700"),
                    rx.el.select(rx.foreach(A.recap_options, lambda o: rx.el.option(o[1], value=o[0])), name="rekap",
                                 value=A.recap, on_change=lambda v: A.choose_recap({"rekap": v}), class_name=INPUT + " min-h-[44px]"),
                    class_name="flex flex-col gap-1"),
        class_name="mt-4 border-t border-slate-100 pt-3",
        data_testid="daily-recap",
    )  # fmt: skip


def payouts_section() -> rx.Component:
    n: Any = A.next_payout
    return rx.el.section(
        rx.el.h2("Pencairan", class_name="text-lg font-bold"),
        rx.cond(A.payouts, rx.fragment(), rx.el.p("Belum ada pencairan. Pencairan pertama dijadwalkan setelah transaksi pertama Anda.",
                                                  class_name="mt-1 text-sm text-slate-600")),
        rx.cond(A.next_payout, rx.el.p("Berikutnya: ", rx.el.strong(n.said), class_name="mt-1 text-sm", data_testid="next-payout"),
                rx.el.p("Tidak ada pencairan yang menunggu.", class_name="mt-1 text-sm text-slate-600")),
        rx.el.ul(rx.foreach(A.payouts, _payout_row), class_name="mt-2 divide-y divide-slate-100"),
        rx.el.a("Unduh CSV pencairan", href=routes.API_ACCOUNT_PAYOUTS_CSV, download="", custom_attrs={"reloadDocument": True},
                class_name="mt-2 inline-flex min-h-[44px] items-center text-sm font-medium text-blue-700 underline"),
        _fee_invoices(),
        _recap(),
        id="pencairan",
        class_name=f"{CARD} scroll-mt-32 p-5",
    )  # fmt: skip


def payouts_page() -> rx.Component:
    return account_page(routes.ACCOUNT_PAYOUTS, "Pencairan", A.loaded, payouts_section(), payout_account_section())


PAGE = AccountPage(routes.ACCOUNT_PAYOUTS, "Pencairan", "Pencairan", payouts_page, A)
