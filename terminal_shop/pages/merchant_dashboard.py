"""/akun/transaksi: today's figures, live, and the transaction history with its filters, pages,
per-device figures, 30-day chart, CSV and monthly statements (services/transactions;
state/account_transactions.py)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop import routes
from terminal_shop.account_pages import AccountPage
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT, nav_link
from terminal_shop.pages.account_frame import account_page
from terminal_shop.services.transactions.dashboard import STATUS_WORDS
from terminal_shop.services.transactions.history import CHART_DAYS
from terminal_shop.services.transactions.terms import CHANNELS
from terminal_shop.state.account_transactions import TransactionsState as A


def _figure(label: str, value, testid: str) -> rx.Component:
    return rx.el.div(
        rx.el.dt(label, class_name="text-xs text-slate-500"),
        rx.el.dd(value, class_name="text-lg font-bold", data_testid=testid),
        class_name="rounded-xl bg-slate-50 p-3",
    )


def _counter_line(t, testid: str) -> rx.Component:
    """At the counter (a cashier): did this payment arrive? Large, and nothing of the merchant's money."""
    return rx.el.li(
        rx.el.div(rx.el.span(t.amount, class_name="text-2xl font-bold"), rx.el.span(t.status, class_name="text-base font-semibold text-emerald-700"),
                  class_name="flex items-baseline justify-between gap-2"),
        rx.el.p(t.at, " · ", t.channel, class_name="text-base text-slate-700"),
        rx.el.p(t.device, class_name="text-sm text-slate-500"),
        class_name="py-3",
        data_testid=testid,
    )  # fmt: skip


def _txn_line(t, testid: str) -> rx.Component:
    return rx.cond(A.fees_shown, _full_line(t, testid), _counter_line(t, testid))


def _full_line(t, testid: str) -> rx.Component:
    return rx.el.li(
        rx.el.div(rx.el.span(t.amount, class_name="font-semibold"), rx.el.span(t.status, class_name="text-xs text-slate-600"),
                  class_name="flex justify-between"),
        rx.el.p(t.at, " · ", t.channel, " · ", t.device, class_name="text-xs text-slate-500"),
        rx.el.p("MDR ", t.fee, " · bersih ", t.net, " · ", t.settlement, class_name="text-xs text-slate-600"),
        rx.el.ul(rx.foreach(t.refunds, lambda r: rx.el.li(r, data_testid="txn-refund")), class_name="text-xs text-amber-800"),
        class_name="py-2",
        data_testid=testid,
    )  # fmt: skip


def dashboard_section() -> rx.Component:
    b: Any = A.board  # a Var of Dashboard | None: shown only under rx.cond(A.board)
    return rx.el.section(
        rx.el.h2("Transaksi hari ini", class_name="text-lg font-bold"),
        rx.el.p("Diperbarui otomatis setiap ada transaksi baru.", class_name="text-xs text-slate-500"),
        rx.el.dl(
            _figure("Penjualan", b.today.sales, "today-sales"),
            _figure("Transaksi", b.today.count, "today-count"),
            rx.cond(A.fees_shown, _figure("Biaya MDR", b.today.fees, "today-fees")),
            rx.cond(b.today.refunds != "", _figure("Refund", b.today.refunds, "today-refunds")),
            rx.cond(A.fees_shown, _figure("Bersih", b.today.net, "today-net")),
            class_name="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4",
        ),
        rx.el.ul(rx.foreach(b.channels, lambda c: rx.el.li(c.channel, ": ", c.count, " transaksi, ", c.sales,
                                                            rx.cond(A.fees_shown, rx.el.span(" (MDR ", c.fees, ")")))),
                 class_name="mt-3 text-sm text-slate-700", aria_label="Per kanal"),
        rx.el.a("Lihat transaksi hari ini", href="#riwayat", class_name="mt-3 inline-flex min-h-[44px] items-center text-sm font-medium text-blue-700 underline"),
        class_name=f"{CARD} scroll-mt-32 p-5",
        id="hari-ini",
        data_testid="merchant-dashboard",
    )  # fmt: skip


def _select(name: str, label: str, options: list[tuple[str, str]] | Any, chosen) -> rx.Component:
    return rx.el.label(
        rx.el.span(label, class_name="text-xs text-slate-600"),
        rx.el.select(*[rx.el.option(text, value=value) for value, text in options], name=name, default_value=chosen,
                     class_name=INPUT + " min-h-[44px]"),
        class_name="flex flex-col",
    )  # fmt: skip


def _filters() -> rx.Component:
    f: Any = A.filters
    return rx.el.form(
        rx.el.label(rx.el.span("Dari", class_name="text-xs text-slate-600"),
                    rx.el.input(type="date", name="dari", default_value=f["dari"], class_name=INPUT + " min-h-[44px]"),
                    class_name="flex flex-col"),
        rx.el.label(rx.el.span("Sampai", class_name="text-xs text-slate-600"),
                    rx.el.input(type="date", name="sampai", default_value=f["sampai"], class_name=INPUT + " min-h-[44px]"),
                    class_name="flex flex-col"),
        rx.el.label(
            rx.el.span("Perangkat", class_name="text-xs text-slate-600"),
            rx.el.select(rx.el.option("Semua perangkat", value=""),
                         rx.foreach(A.device_options, lambda d: rx.el.option(d[1], value=d[0])),
                         name="perangkat", default_value=f["perangkat"], class_name=INPUT + " min-h-[44px]"),
            class_name="flex flex-col",
        ),
        _select("kanal", "Kanal", [("", "Semua kanal"), *CHANNELS.items()], f["kanal"]),
        _select("status", "Status", [("", "Semua status"), *STATUS_WORDS.items()], f["status"]),
        rx.el.button("Tampilkan", type="submit", class_name=BTN_PRIMARY + " self-end"),
        on_submit=A.filter,
        class_name="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3",
        aria_label="Saring transaksi",
        key=A.csv_link,  # a fresh form (its defaults) whenever the filters were applied
    )  # fmt: skip


def _chart() -> rx.Component:
    """Bars of the last CHART_DAYS days' sales, with their scale (the busiest day) and first and last day."""
    bars: Any = A.chart
    return rx.el.figure(
        rx.el.figcaption("Penjualan 30 hari terakhir", class_name="text-sm font-semibold"),
        rx.el.div(
            rx.el.div(rx.el.span(A.chart_top, data_testid="chart-top"), rx.el.span("Rp 0"),
                      class_name="flex h-24 shrink-0 flex-col justify-between text-right text-[11px] text-slate-500"),
            rx.el.ol(
                rx.foreach(bars, lambda d: rx.el.li(
                    rx.el.span(class_name="block w-full rounded-t bg-blue-600", style={"height": d.percent.to_string() + "%"}),
                    title=d.day + ": " + d.sales, class_name="flex h-full flex-1 items-end", data_testid="chart-day")),
                class_name="flex h-24 flex-1 items-end gap-[2px] border-b border-l border-slate-300", aria_label="Penjualan per hari, 30 hari terakhir",
            ),
            class_name="mt-2 flex gap-2",
        ),
        rx.cond(bars.length() > 0, rx.el.div(rx.el.span(bars[0].day, data_testid="chart-first"), rx.el.span(bars[CHART_DAYS - 1].day),
                                             class_name="mt-1 flex justify-between pl-12 text-[11px] text-slate-500")),
        class_name="mt-4",
    )  # fmt: skip


def history_section() -> rx.Component:
    h: Any = A.history
    return rx.el.section(
        rx.el.h2(rx.cond(A.chart, "Riwayat transaksi", "Daftar transaksi hari ini"), class_name="text-lg font-bold"),
        rx.cond(A.chart, rx.fragment(  # a cashier's role lists today's only: no chart, no filters
            _chart(),
            _filters(),
            rx.el.p(A.filter_error, class_name="mt-1 min-h-[1.25rem] text-sm text-red-600", role="alert"),
        )),
        rx.el.dl(
            _figure("Penjualan", h.figures.sales, "list-sales"),
            _figure("Transaksi", h.figures.count, "list-count"),
            rx.cond(A.fees_shown, _figure("Biaya MDR", h.figures.fees, "list-fees")),
            rx.cond(h.figures.refunds != "", _figure("Refund", h.figures.refunds, "list-refunds")),
            rx.cond(A.fees_shown, _figure("Bersih", h.figures.net, "list-net")),
            class_name="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4",
        ),
        rx.el.ul(rx.foreach(h.devices, lambda d: rx.el.li(d.device, ": ", d.count, " transaksi, ", rx.el.strong(d.sales),
                                                          data_testid="device-figure")),
                 class_name="mt-3 text-sm text-slate-700", aria_label="Per perangkat"),
        rx.cond(h.lines, rx.el.ul(rx.foreach(h.lines, lambda t: _txn_line(t, "history-transaction")), class_name="mt-2 divide-y divide-slate-100",
                                  data_testid="history-list"),
                rx.el.p("Tidak ada transaksi untuk pilihan ini.", class_name="mt-2 text-sm text-slate-500")),
        rx.el.nav(
            rx.el.button("Sebelumnya", on_click=A.go_to_page(h.page - 1),
                disabled=h.page <= 1, class_name=BTN_OUTLINE),
            rx.el.span("Halaman ", h.page, " dari ", h.pages, class_name="text-sm text-slate-600"),
            rx.el.button("Berikutnya", on_click=A.go_to_page(h.page + 1),
                disabled=h.page >= h.pages, class_name=BTN_OUTLINE),
            class_name="mt-3 flex items-center justify-between gap-2", aria_label="Halaman transaksi",
        ),
        rx.el.ul(
            rx.foreach(A.statements, lambda x: rx.el.li(rx.el.a(
                x["label"], " (PDF)", href=x["link"], download="", custom_attrs={"reloadDocument": True},
                class_name="inline-flex min-h-[44px] items-center text-blue-700 underline", data_testid="statement-link"))),
            class_name="mt-3 text-sm", aria_label="Laporan bulanan",
        ),
        rx.cond(A.csv_link, rx.el.a("Unduh CSV", href=A.csv_link, download="", custom_attrs={"reloadDocument": True},  # past the router
                                    class_name=BTN_OUTLINE + " mt-3 inline-flex")),
        class_name=f"{CARD} scroll-mt-32 p-5",
        id="riwayat",
        data_testid="transaction-history",
    )  # fmt: skip


def transactions_page() -> rx.Component:
    return account_page(
        routes.ACCOUNT_TRANSACTIONS,
        rx.cond(A.chart, "Transaksi", "Pembayaran masuk"),
        A.loaded,
        rx.cond(A.board, dashboard_section()),
        rx.cond(A.history, history_section()),
        rx.cond(A.reportable, _counter_devices()),
    )


def _counter_devices() -> rx.Component:
    """A cashier's outlet's devices, each a tap from "Laporkan masalah"."""
    return rx.el.section(
        rx.el.h2("Perangkat di outlet Anda", class_name="text-lg font-bold"),
        rx.el.ul(rx.foreach(A.reportable, lambda d: rx.el.li(
            rx.el.span(d[1], class_name="text-sm"),
            nav_link("Laporkan masalah", href=f"{routes.ACCOUNT_SERVICE}?perangkat=" + d[0], class_name=BTN_OUTLINE + " min-h-[44px]"),
            class_name="flex flex-wrap items-center justify-between gap-2 py-2")), class_name="mt-2 divide-y divide-slate-100"),
        class_name=f"{CARD} p-5",
        data_testid="counter-devices",
    )  # fmt: skip


PAGE = AccountPage(routes.ACCOUNT_TRANSACTIONS, "Transaksi", "Transaksi", transactions_page, A)
