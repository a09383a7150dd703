"""Payments checked against the bank: the import screen (a statement or QRIS report, each
line matched to the waiting orders), the order detail's payment card and the list's proof
filter."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes, rules
from terminal_shop.admin_pages import AdminPage
from terminal_shop.components.admin import BTN_SMALL, admin_layout, detail_item, scroll_table
from terminal_shop.components.admin_lists import FILTER, cell
from terminal_shop.components.files import csv_picker
from terminal_shop.components.forms import typed
from terminal_shop.components.ui import BTN_PRIMARY, CARD, INPUT, badge, modal, native_form, nav_link
from terminal_shop.services.orders.payments.terms import MatchKind
from terminal_shop.services.orders.terms import ProofFilter
from terminal_shop.state.admin import OrderDetailState as D
from terminal_shop.state.admin import OrderListState as L
from terminal_shop.state.admin import PaymentsState as P
from terminal_shop.state.admin.payments import BANK_UPLOAD_ID, QRIS_UPLOAD_ID


def proof_filter() -> rx.Component:
    """The orders list's "bukti mencurigakan", with how many orders it holds."""
    suspect = ProofFilter.SUSPECT
    return rx.el.select(
        rx.el.option("Semua bukti", value=""),
        rx.el.option(suspect.label, " (", L.stats.get(suspect.value, 0), ")", value=suspect.value),
        value=L.proof,
        on_change=L.set_proof,
        aria_label="bukti",
        class_name=FILTER,
    )


def payment_card() -> rx.Component:
    """On the order's detail: how the payment was verified, and what is wrong with the proof."""
    o = D.order
    twin = lambda t: rx.el.li(nav_link("Pesanan ", rx.el.code(t.number), href=t.link, class_name="underline"))  # noqa: E731
    return rx.el.section(
        rx.el.h2("Pembayaran", class_name="text-lg font-bold"),
        rx.cond(
            o.proof_twins.length() > 0,
            rx.el.div(
                rx.el.p("Bukti ini sama atau hampir sama dengan bukti pesanan lain:", class_name="font-semibold"),
                rx.el.ul(rx.foreach(o.proof_twins, twin), class_name="mt-1 list-disc pl-5"),
                role="alert",
                class_name="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800",
                data_testid="proof-reused",
            ),
        ),
        rx.cond(
            o.proof_amount_warning != "",
            rx.el.p(
                o.proof_amount_warning,
                role="alert",
                class_name="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-semibold text-red-800",
                data_testid="proof-amount",
            ),
        ),
        rx.el.dl(
            rx.cond(o.unique_code != "", detail_item("Kode unik (dipotong dari total)", o.unique_code)),
            detail_item("Verifikasi", rx.cond(o.payment_check != "", o.payment_check, "Belum diverifikasi")),
            class_name="mt-3 grid gap-3",
            data_testid="payment-check",
        ),
        class_name=f"{CARD} p-5",
    )


def _candidate(row, c) -> rx.Component:
    return rx.el.li(
        nav_link(rx.el.code(c.number), href=c.link, class_name="underline"),
        " ",
        c.buyer_name,
        rx.el.span(" · ", c.created_at, class_name="text-slate-500"),
        rx.cond(
            row.kind != MatchKind.USED,
            rx.el.button(
                "Konfirmasi",
                type="button",
                on_click=P.confirm_one(row.line_id, c.order_id),
                class_name=f"{BTN_SMALL} ml-2 px-2 py-1",
                aria_label="Konfirmasi pesanan " + c.number,
            ),
        ),
        class_name="flex flex-wrap items-center gap-1",
    )


def _row(row) -> rx.Component:
    return rx.el.tr(
        cell("Tanggal", row.date, class_name="whitespace-nowrap"),
        cell("Keterangan", row.description, class_name="max-w-md break-words"),
        cell("Jumlah", row.amount, class_name="whitespace-nowrap text-right font-mono"),
        cell("Hasil", badge(row.badge)),
        cell(
            "Pesanan",
            rx.cond(row.used_by != "", rx.el.span("Pesanan ", rx.el.code(row.used_by))),
            rx.el.ul(rx.foreach(row.candidates, lambda c: _candidate(row, c)), class_name="flex flex-col gap-1"),
            rx.cond(
                row.kind == MatchKind.UNKNOWN,
                rx.el.button(
                    "Cocokkan manual",
                    type="button",
                    on_click=P.open_manual(row.line_id),
                    aria_label="Cocokkan manual baris " + row.amount,
                    class_name=BTN_SMALL,
                ),
            ),
        ),
        data_testid="statement-line",
    )


def _manual() -> rx.Component:
    """The dialog of "Cocokkan manual": look the order up, then use the line for it."""
    found = lambda c: rx.el.li(  # noqa: E731
        rx.el.div(
            rx.el.code(c.number),
            " ",
            c.buyer_name,
            rx.el.span(" · ", c.total, " · ", c.created_at, class_name="text-slate-500"),
        ),
        rx.el.button(
            "Pakai untuk pesanan ini",
            type="button",
            on_click=P.confirm_manual(c.order_id),
            aria_label="Cocokkan dengan pesanan " + c.number,
            class_name=BTN_PRIMARY + " mt-2",
        ),
        class_name="rounded-lg border border-slate-200 p-3",
        data_testid="manual-found",
    )
    return modal(
        "Cocokkan manual",
        rx.el.p(P.manual_text, class_name="mt-2 text-sm font-medium", data_testid="manual-line"),
        rx.el.p("Cari pesanan yang dibayar dengan baris ini (nomor pesanan atau nama pembeli). Jumlah di mutasi harus sama "
                "atau lebih dari total pesanan; tindakan ini dicatat di riwayat.", class_name="mt-1 text-sm text-slate-600"),
        rx.el.form(
            rx.el.input(name="q", type="search", placeholder="Nomor pesanan atau nama pembeli", aria_label="Cari pesanan", class_name=INPUT + " mt-0 flex-1"),
            rx.el.button("Cari", type="submit", class_name=BTN_SMALL),
            on_submit=P.search_manual,
            class_name="mt-3 flex items-center gap-2",
        ),
        rx.cond(
            P.manual_searched & (P.manual_found.length() == 0),
            rx.el.p("Tidak ada pesanan menunggu pembayaran yang cocok dengan pencarian ini.", class_name="mt-3 text-sm text-slate-600"),
        ),
        rx.el.ul(rx.foreach(P.manual_found, found), class_name="mt-3 flex flex-col gap-2"),
        on_close=P.close_manual,
        width="max-w-lg",
    )  # fmt: skip


def _column(field: str, label: str, value) -> rx.Component:
    return rx.el.label(
        label,
        rx.cond(
            P.found_columns.length() > 0,
            rx.el.select(
                rx.el.option("Pilih kolom", value=""),
                rx.foreach(P.found_columns, lambda name: rx.el.option(name, value=name)),
                value=value,
                on_change=lambda v: P.set_column(field, v),
                class_name=INPUT + " mt-1",
            ),
            typed(rx.el.input(value=value, on_change=lambda v: P.set_column(field, v), class_name=INPUT + " mt-1")),
        ),
        class_name="text-sm font-medium",
    )


def _importers() -> rx.Component:
    return rx.el.div(
        rx.el.section(
            rx.el.h2("Mutasi rekening BCA", class_name="text-lg font-bold"),
            rx.el.p(
                "File CSV dari KlikBCA (Informasi Rekening → Mutasi Rekening → Download), atau CSV bank lain "
                "dengan kolom date, description, amount.",
                class_name="mt-1 text-sm text-slate-600",
            ),
            rx.el.div(
                csv_picker(BANK_UPLOAD_ID, "Pilih file mutasi", P.upload_bank, f"{BTN_PRIMARY} inline-flex"),
                class_name="mt-3",
            ),
            class_name=f"{CARD} p-5",
        ),
        rx.el.section(
            rx.el.h2("Laporan transaksi QRIS", class_name="text-lg font-bold"),
            rx.el.p(
                "Nama kolom di laporan Anda (cukup sekali; disimpan untuk impor berikutnya).",
                class_name="mt-1 text-sm text-slate-600",
            ),
            rx.el.div(
                _column("date", "Kolom tanggal", P.col_date),
                _column("amount", "Kolom jumlah", P.col_amount),
                _column("reference", "Kolom nomor tagihan (bill number)", P.col_reference),
                class_name="mt-3 grid gap-3 sm:grid-cols-3",
            ),
            rx.el.div(
                csv_picker(QRIS_UPLOAD_ID, "Pilih laporan QRIS", P.upload_qris, f"{BTN_PRIMARY} inline-flex"),
                class_name="mt-3",
            ),
            class_name=f"{CARD} p-5",
        ),
        class_name="mt-6 grid gap-6 lg:grid-cols-2",
    )


def _coretax() -> rx.Component:
    """The PKP buyers' confirmed orders of a month (issue 61.1), or the PKP merchants' MDR invoices
    for a month's fees (61.2), for Coretax's import: a plain GET form."""
    return native_form(
        rx.el.h2("Faktur pajak untuk Coretax", class_name="text-lg font-bold"),
        rx.el.label("Bulan", html_for="coretax-bulan", class_name="text-sm font-medium"),
        rx.el.input(id="coretax-bulan", name="bulan", type="month", required=True, class_name=INPUT + " min-h-11"),
        rx.el.label("Faktur untuk", html_for="coretax-jenis", class_name="text-sm font-medium"),
        rx.el.select(rx.el.option("Pesanan pembeli PKP", value="pesanan"),
                     rx.el.option("Invoice MDR merchant PKP (bulan biayanya)", value="mdr"),
                     id="coretax-jenis", name="jenis", class_name=INPUT + " min-h-11"),
        rx.el.button("Unduh CSV Coretax", type="submit", class_name=BTN_PRIMARY + " min-h-11 self-start"),
        action=routes.API_ADMIN_CORETAX, method="get",
        class_name=f"{CARD} mt-6 flex flex-col gap-2 p-5",
    )  # fmt: skip


def payments_page() -> rx.Component:
    return admin_layout(
        rx.el.h1("Cek Pembayaran", class_name="text-2xl font-bold"),
        rx.el.p(
            "Impor mutasi rekening atau laporan QRIS: setiap baris kredit dicocokkan dengan pesanan yang menunggu "
            f"pembayaran (jumlah tepat, diterima paling lama {rules.days(rules.PAYMENT_LINE_WINDOW)} setelah pesanan dibuat).",
            class_name="mt-1 text-sm text-slate-600",
        ),
        _importers(),
        _coretax(),
        rx.cond(P.manual_line != 0, _manual()),
        rx.cond(
            P.error != "",
            rx.el.p(P.error, role="alert", class_name="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800", data_testid="import-error"),
        ),
        rx.cond(
            P.rows.length() > 0,
            rx.el.section(
                rx.el.div(
                    rx.el.p(P.summary, class_name="text-sm text-slate-700", data_testid="import-summary"),
                    rx.el.button("Konfirmasi semua yang cocok", type="button", on_click=P.confirm_all, class_name=BTN_PRIMARY),
                    class_name="flex flex-wrap items-center justify-between gap-3",
                ),
                scroll_table(("Tanggal", "Keterangan", "Jumlah", "Hasil", "Pesanan"), P.rows, _row, "Baris mutasi", "mt-4 min-w-full cards-on-phone"),
                class_name=f"{CARD} mt-6 p-5",
            ),
        ),
    )  # fmt: skip


PAGE = AdminPage(routes.ADMIN_PAYMENTS, "Admin: Cek Pembayaran", payments_page, P, menu="Pembayaran")
