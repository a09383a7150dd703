"""/masuk (an e-mail, then the code sent to it) and /akun (orders, registrations, devices)."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes, rules
from terminal_shop.components.devices import device_card
from terminal_shop.components.layout import site_page
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT, container, native_form
from terminal_shop.pages.merchant_dashboard import dashboard_section, history_section
from terminal_shop.pages.merchant_disputes import disputes_section
from terminal_shop.pages.merchant_payouts import payouts_section
from terminal_shop.pages.merchant_service import report_button, service_section
from terminal_shop.pages.merchant_team import OWNER, activity_section, outlets_section, team_section, working_for
from terminal_shop.services.privacy.terms import DataRequestKind
from terminal_shop.state.account import AccountState as A
from terminal_shop.state.account import SignInState as S


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
            on_click=A.order_again(o.id),
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


def _section(title: str, items, render, empty: str, anchor: str) -> rx.Component:
    return rx.el.section(
        rx.el.h2(title, class_name="text-lg font-bold"),
        rx.cond(
            items,
            rx.el.ul(rx.foreach(items, render), class_name="mt-2 divide-y divide-slate-100"),
            rx.el.p(empty, class_name="mt-2 text-sm text-slate-500"),
        ),  # fmt: skip
        id=anchor,
        class_name=f"{CARD} scroll-mt-32 p-5",
    )


NAV_LINK = "inline-flex min-h-[44px] shrink-0 items-center rounded-full px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"


def _section_nav() -> rx.Component:
    """Issue 50.6: the account in sections, each one tap away (a merchant's page was about
    5,700 px long on a phone)."""

    def link(label: str, anchor: str) -> rx.Component:
        return rx.el.a(label, href=f"#{anchor}", class_name=NAV_LINK)

    return rx.el.nav(
        rx.cond(A.board, link("Hari ini", "hari-ini")),
        rx.cond(A.role == OWNER, link("Pencairan", "pencairan")),
        rx.cond(A.history, link("Riwayat", "riwayat")),
        rx.cond(A.disputes, link("Sengketa", "sengketa")),
        rx.cond(A.service_cases, link("Laporan masalah", "laporan-masalah")),
        rx.cond(A.devices, link("Perangkat", "perangkat")),
        rx.cond(A.outlets, link("Outlet", "outlet")),
        rx.cond(A.role == OWNER, link("Tim", "tim")),
        rx.cond(A.activity, link("Aktivitas", "aktivitas")),
        link("Pesanan", "pesanan"),
        link("Pendaftaran", "pendaftaran"),
        link("Data pribadi", "data-pribadi"),
        class_name="sticky top-16 z-10 -mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 bg-white/95 px-4 py-1 backdrop-blur",
        aria_label="Bagian akun",
    )  # fmt: skip


def _personal_data() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Data pribadi", class_name="text-lg font-bold"),
        rx.el.p("Sesuai UU 27/2022: minta salinan semua data Anda di sini, atau penghapusannya (data yang wajib "
                "disimpan menurut hukum dibatasi sampai masa simpannya berakhir).", class_name="mt-1 text-sm text-slate-600"),
        rx.el.ul(rx.foreach(A.data_requests, lambda r: rx.el.li(r, data_testid="data-request")),
                 class_name="mt-2 text-sm text-slate-700"),
        rx.el.div(
            *[rx.el.button(kind.label, type="button", on_click=A.ask_about_me(kind.value),
                           class_name=BTN_OUTLINE) for kind in DataRequestKind],
            class_name="mt-3 flex flex-wrap gap-3",
        ),
        rx.el.p(A.request_answer, class_name="mt-2 text-sm text-emerald-700", role="status"),
        rx.el.p(A.request_error, class_name="mt-1 text-sm text-red-600", role="alert"),
        id="data-pribadi",
        class_name=f"{CARD} scroll-mt-32 p-5",
    )  # fmt: skip


def account_page() -> rx.Component:
    return site_page(
        container(
            rx.cond(
                A.loaded,
                rx.el.div(
                    rx.el.h1("Akun Saya", class_name="text-2xl font-bold"),
                    rx.el.p("Masuk sebagai ", rx.el.strong(A.email, data_testid="account-email"), class_name="text-slate-600"),
                    working_for(),
                    _section_nav(),
                    rx.cond(A.board, dashboard_section()),
                    rx.cond(A.role == OWNER, payouts_section()),
                    rx.cond(A.disputes, disputes_section()),
                    rx.cond(A.service_cases, service_section()),
                    rx.cond(A.history, history_section()),
                    rx.cond(
                        A.devices,
                        rx.el.section(
                            rx.el.h2("Perangkat", class_name="text-lg font-bold"),
                            rx.el.div(rx.foreach(A.devices, lambda d: device_card(d, report_button(d))), class_name="mt-3 grid gap-3"),
                            id="perangkat",
                            class_name=f"{CARD} scroll-mt-32 p-5",
                        ),
                    ),
                    rx.cond(A.outlets, outlets_section()),
                    rx.cond(A.role == OWNER, team_section()),
                    rx.cond(A.activity, activity_section()),
                    _section("Pesanan", A.orders, _order, "Belum ada pesanan dengan email ini.", "pesanan"),
                    _section("Pendaftaran merchant", A.registrations, _registration, "Belum ada pendaftaran merchant dengan email ini.", "pendaftaran"),
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
