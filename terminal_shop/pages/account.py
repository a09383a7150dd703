"""/masuk (an e-mail, then the code sent to it) and /akun (orders, registrations, devices)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop import routes, rules
from terminal_shop.components.devices import device_card
from terminal_shop.components.layout import site_page
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT, container, native_form
from terminal_shop.services.transactions.dashboard import STATUS_WORDS
from terminal_shop.services.transactions.mdr import CHANNELS
from terminal_shop.state.account import AccountState as A
from terminal_shop.state.account import SignInState as S
from terminal_shop.vocabulary import DataRequestKind


def _email_step() -> rx.Component:
    return native_form(
        rx.el.label("Email atau nomor HP", html_for="email", class_name="text-sm font-medium"),
        rx.el.input(id="email", name="email", type="text", auto_complete="email", required=True,
                    placeholder="nama@email.com atau 0812...", class_name=INPUT),
        rx.el.button("Kirim Kode", type="submit", class_name=BTN_PRIMARY + " mt-3 w-full"),
        rx.el.p("Tanpa password: kami kirim kode 6 angka ke email Anda, atau lewat WhatsApp ke nomor HP merchant "
                "yang sudah disetujui dan mengizinkan WhatsApp.", class_name="mt-2 text-sm text-slate-600"),
        action=routes.API_SIGN_IN_CODE,
        method="post",
        class_name="mt-6 flex flex-col",
    )  # fmt: skip


def _code_step() -> rx.Component:
    return rx.fragment(
        rx.el.p(
            "Jika alamat atau nomor itu benar, kode 6 angka sudah kami kirim (email, atau WhatsApp untuk nomor HP). Kode berlaku "
            f"{rules.minutes(rules.SIGN_IN_CODE_VALID)}.",
            class_name="mt-4 text-sm text-slate-700",
            role="status",
        ),
        native_form(
            rx.el.label("Kode masuk", html_for="code", class_name="text-sm font-medium"),
            rx.el.input(
                id="code",
                name="code",
                inputmode="numeric",
                auto_complete="one-time-code",
                max_length=6,
                pattern="[0-9]{6}",
                required=True,
                class_name=INPUT + " text-center text-2xl tracking-widest",
            ),  # fmt: skip
            rx.el.button("Masuk", type="submit", class_name=BTN_PRIMARY + " mt-3 w-full"),
            action=routes.API_SIGN_IN,
            method="post",
            class_name="mt-4 flex flex-col",
        ),
        rx.el.a(
            "Kirim ulang kode", href=routes.SIGN_IN, class_name="mt-3 inline-block text-sm text-blue-700 underline"
        ),
    )


def sign_in_page() -> rx.Component:
    return site_page(
        container(
            rx.el.div(
                rx.el.h1("Masuk", class_name="text-2xl font-bold"),
                rx.el.p(
                    "Lihat pesanan, pendaftaran merchant dan perangkat Anda di satu tempat.",
                    class_name="mt-1 text-slate-600",
                ),  # fmt: skip
                rx.cond(S.notice != "", rx.el.p(S.notice, class_name="mt-3 text-sm text-emerald-700", role="status")),
                rx.el.p(
                    S.error,
                    class_name="mt-3 min-h-[1.25rem] text-sm text-red-600",
                    role="alert",
                    data_testid="sign-in-error",
                ),
                rx.cond(S.step == "kode", _code_step(), _email_step()),
                class_name=f"{CARD} mx-auto my-12 max-w-md p-6",
            )
        )
    )


def _order(o) -> rx.Component:
    return rx.el.li(
        rx.el.a(rx.el.code(o.number), href=o.link, class_name="font-semibold text-blue-700 underline"),
        rx.el.span(" · ", o.placed, " · ", o.status, " · ", rx.el.strong(o.total)),
        rx.el.button(
            "Pesan lagi",
            type="button",
            on_click=A.order_again(o.id),  # type: ignore[operator]
            class_name=BTN_OUTLINE + " ml-auto",
        ),
        class_name="flex flex-wrap items-center gap-x-1 gap-y-2 py-2 text-sm",
        data_testid="account-order",
    )


def _registration(r) -> rx.Component:
    return rx.el.li(
        rx.el.a(r.business, href=r.link, class_name="font-semibold text-blue-700 underline"),
        rx.el.span(" · ", r.sent, " · ", r.status),
        class_name="py-2 text-sm",
        data_testid="account-registration",
    )


def _section(title: str, items, render, empty: str) -> rx.Component:
    return rx.el.section(
        rx.el.h2(title, class_name="text-lg font-bold"),
        rx.cond(
            items,
            rx.el.ul(rx.foreach(items, render), class_name="mt-2 divide-y divide-slate-100"),
            rx.el.p(empty, class_name="mt-2 text-sm text-slate-500"),
        ),  # fmt: skip
        class_name=f"{CARD} p-5",
    )


def _figure(label: str, value, testid: str) -> rx.Component:
    return rx.el.div(
        rx.el.dt(label, class_name="text-xs text-slate-500"),
        rx.el.dd(value, class_name="text-lg font-bold", data_testid=testid),
        class_name="rounded-xl bg-slate-50 p-3",
    )


def _txn_line(t, testid: str) -> rx.Component:
    return rx.el.li(
        rx.el.div(rx.el.span(t.amount, class_name="font-semibold"), rx.el.span(t.status, class_name="text-xs text-slate-600"),
                  class_name="flex justify-between"),
        rx.el.p(t.at, " · ", t.channel, " · ", t.device, class_name="text-xs text-slate-500"),
        rx.el.p("MDR ", t.fee, " · bersih ", t.net, " · ", t.settlement, class_name="text-xs text-slate-600"),
        class_name="py-2",
        data_testid=testid,
    )  # fmt: skip


def _dashboard() -> rx.Component:
    b: Any = A.board  # a Var of Dashboard | None: shown only under rx.cond(A.board)
    return rx.el.section(
        rx.el.h2("Transaksi hari ini", class_name="text-lg font-bold"),
        rx.el.p("Diperbarui otomatis setiap ada transaksi baru.", class_name="text-xs text-slate-500"),
        rx.el.dl(
            _figure("Penjualan", b.today.sales, "today-sales"),
            _figure("Transaksi", b.today.count, "today-count"),
            _figure("Biaya MDR", b.today.fees, "today-fees"),
            _figure("Bersih", b.today.net, "today-net"),
            class_name="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4",
        ),
        rx.el.ul(rx.foreach(b.channels, lambda c: rx.el.li(c.channel, ": ", c.count, " transaksi, ", c.sales, " (MDR ", c.fees, ")")),
                 class_name="mt-3 text-sm text-slate-700", aria_label="Per kanal"),
        rx.el.h3("Settlement", class_name="mt-4 font-semibold"),
        rx.el.ul(rx.foreach(b.settlements, lambda x: rx.el.li(x.day, ": ", rx.el.strong(x.net), " · ", x.state, data_testid="settlement")),
                 class_name="mt-1 text-sm"),
        rx.el.h3("Transaksi terbaru", class_name="mt-4 font-semibold"),
        rx.cond(b.latest, rx.el.ul(rx.foreach(b.latest, lambda t: _txn_line(t, "transaction")), class_name="divide-y divide-slate-100"),
                rx.el.p("Belum ada transaksi.", class_name="text-sm text-slate-500")),
        class_name=f"{CARD} p-5",
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
                         rx.foreach(A.devices, lambda d: rx.el.option(d.model, " · SN ", d.serial, value=d.id)),
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
    return rx.el.figure(
        rx.el.figcaption("Penjualan 30 hari terakhir", class_name="text-sm font-semibold"),
        rx.el.ol(
            rx.foreach(A.chart, lambda d: rx.el.li(
                rx.el.span(class_name="block w-full rounded-t bg-blue-600", style={"height": d.percent.to_string() + "%"}),
                title=d.day + ": " + d.sales, class_name="flex h-full flex-1 items-end", data_testid="chart-day")),
            class_name="mt-2 flex h-24 items-end gap-[2px]", aria_label="Penjualan per hari, 30 hari terakhir",
        ),
        class_name="mt-4",
    )  # fmt: skip


def _history() -> rx.Component:
    h: Any = A.history
    return rx.el.section(
        rx.el.h2("Riwayat transaksi", class_name="text-lg font-bold"),
        _chart(),
        _filters(),
        rx.el.p(A.filter_error, class_name="mt-1 min-h-[1.25rem] text-sm text-red-600", role="alert"),
        rx.el.dl(
            _figure("Penjualan", h.figures.sales, "list-sales"),
            _figure("Transaksi", h.figures.count, "list-count"),
            _figure("Biaya MDR", h.figures.fees, "list-fees"),
            _figure("Bersih", h.figures.net, "list-net"),
            class_name="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4",
        ),
        rx.el.ul(rx.foreach(h.devices, lambda d: rx.el.li(d.device, ": ", d.count, " transaksi, ", rx.el.strong(d.sales),
                                                          data_testid="device-figure")),
                 class_name="mt-3 text-sm text-slate-700", aria_label="Per perangkat"),
        rx.cond(h.lines, rx.el.ul(rx.foreach(h.lines, lambda t: _txn_line(t, "history-transaction")), class_name="mt-2 divide-y divide-slate-100",
                                  data_testid="history-list"),
                rx.el.p("Tidak ada transaksi untuk pilihan ini.", class_name="mt-2 text-sm text-slate-500")),
        rx.el.nav(
            rx.el.button("Sebelumnya", on_click=A.go_to_page(h.page - 1),  # type: ignore[operator]
                disabled=h.page <= 1, class_name=BTN_OUTLINE),
            rx.el.span("Halaman ", h.page, " dari ", h.pages, class_name="text-sm text-slate-600"),
            rx.el.button("Berikutnya", on_click=A.go_to_page(h.page + 1),  # type: ignore[operator]
                disabled=h.page >= h.pages, class_name=BTN_OUTLINE),
            class_name="mt-3 flex items-center justify-between gap-2", aria_label="Halaman transaksi",
        ),
        rx.el.ul(
            rx.foreach(A.statements, lambda x: rx.el.li(rx.el.a(
                x["label"], " (PDF)", href=x["link"], download="", custom_attrs={"reloadDocument": True},
                class_name="inline-flex min-h-[44px] items-center text-blue-700 underline", data_testid="statement-link"))),
            class_name="mt-3 text-sm", aria_label="Laporan bulanan",
        ),
        rx.el.a("Unduh CSV", href=A.csv_link, download="", custom_attrs={"reloadDocument": True},  # past the router
                class_name=BTN_OUTLINE + " mt-3 inline-flex"),
        class_name=f"{CARD} p-5",
        data_testid="transaction-history",
    )  # fmt: skip


def _personal_data() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Data pribadi", class_name="text-lg font-bold"),
        rx.el.p("Sesuai UU 27/2022: minta salinan semua data Anda di sini, atau penghapusannya (data yang wajib "
                "disimpan menurut hukum dibatasi sampai masa simpannya berakhir).", class_name="mt-1 text-sm text-slate-600"),
        rx.el.ul(rx.foreach(A.data_requests, lambda r: rx.el.li(r, data_testid="data-request")),
                 class_name="mt-2 text-sm text-slate-700"),
        rx.el.div(
            *[rx.el.button(kind.label, type="button", on_click=A.ask_about_me(kind.value),  # type: ignore[operator]
                           class_name=BTN_OUTLINE) for kind in DataRequestKind],
            class_name="mt-3 flex flex-wrap gap-3",
        ),
        rx.el.p(A.request_answer, class_name="mt-2 text-sm text-emerald-700", role="status"),
        rx.el.p(A.request_error, class_name="mt-1 text-sm text-red-600", role="alert"),
        class_name=f"{CARD} p-5",
    )  # fmt: skip


def account_page() -> rx.Component:
    return site_page(
        container(
            rx.cond(
                A.loaded,
                rx.el.div(
                    rx.el.h1("Akun Saya", class_name="text-2xl font-bold"),
                    rx.el.p("Masuk sebagai ", rx.el.strong(A.email, data_testid="account-email"), class_name="text-slate-600"),
                    rx.cond(A.board, _dashboard()),
                    rx.cond(A.history, _history()),
                    _section("Pesanan", A.orders, _order, "Belum ada pesanan dengan email ini."),
                    _section("Pendaftaran merchant", A.registrations, _registration, "Belum ada pendaftaran merchant dengan email ini."),
                    rx.cond(
                        A.devices,
                        rx.el.section(
                            rx.el.h2("Perangkat", class_name="text-lg font-bold"),
                            rx.el.div(rx.foreach(A.devices, device_card), class_name="mt-3 grid gap-3"),
                            class_name=f"{CARD} p-5",
                        ),
                    ),
                    _personal_data(),
                    rx.el.div(
                        native_form(rx.el.button("Keluar", type="submit", class_name=BTN_OUTLINE),
                                    action=routes.API_SIGN_OUT, method="post"),
                        native_form(rx.el.input(type="hidden", name="semua", value="1"),
                                    rx.el.button("Keluar dari semua perangkat", type="submit", class_name=BTN_OUTLINE),
                                    action=routes.API_SIGN_OUT, method="post"),
                        class_name="flex flex-wrap gap-3",
                    ),  # fmt: skip
                    class_name="mx-auto flex max-w-2xl flex-col gap-6 py-10",
                ),
                rx.el.p("Memuat akun...", class_name="py-24 text-center text-slate-500"),
            )
        )
    )  # fmt: skip
