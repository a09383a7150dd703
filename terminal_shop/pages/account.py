"""/masuk (an e-mail, then the code sent to it) and /akun, the account's summary: a card per
section the role reaches, each with its figure and the link to its page (issue 60.5: the
whole account on one page was ten phone screens)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop import routes, rules
from terminal_shop.account_pages import AccountPage
from terminal_shop.components.layout import site_page
from terminal_shop.components.ui import BTN_PRIMARY, CARD, CARD_LINK, INPUT, container, native_form, nav_link
from terminal_shop.pages.account_frame import account_page
from terminal_shop.services.merchant_team.terms import Ability, MemberRole
from terminal_shop.site_pages import Page
from terminal_shop.state.account import SignInState as S
from terminal_shop.state.account_summary import SummaryState as A


def _email_step() -> rx.Component:
    return native_form(
        rx.el.label("Email atau nomor HP", html_for="email", class_name="text-sm font-medium"),
        rx.el.input(id="email", name="email", type="text", auto_complete="email", required=True, default_value=S.invited,
                    key=S.invited,
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
            # this tab, remembered with the session: "Keluar" empties what it stores (services/customers/sessions.py)
            rx.el.input(type="hidden", name="tab", value=rx.State.router.session.client_token),
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


def _card(title: str, testid: str, *children: Any, link: tuple[str, str]) -> rx.Component:
    """A section's figure; its link beside the title (a card is one short glance on a phone)."""
    return rx.el.section(
        rx.el.div(rx.el.h2(title, class_name="font-bold"), nav_link(link[0], href=link[1], class_name=CARD_LINK),
                  class_name="flex items-center justify-between gap-2"),
        *children,
        class_name=f"{CARD} flex flex-col gap-1 px-4 pb-4 pt-1",
        data_testid=testid,
    )  # fmt: skip


def _today() -> rx.Component:
    t: Any = A.today
    return _card(
        "Hari ini", "summary-today",
        rx.el.p(t.sales, class_name="text-2xl font-bold", data_testid="summary-sales"),
        rx.el.p(rx.el.span(t.count, data_testid="summary-count"), " transaksi", rx.cond(A.fees_shown, rx.el.span(" · bersih ", t.net)), class_name="text-sm text-slate-600"),
        link=("Lihat transaksi", routes.ACCOUNT_TRANSACTIONS),
    )  # fmt: skip


def _payout() -> rx.Component:
    p: Any = A.next_payout
    return _card(
        "Pencairan berikutnya", "summary-payout",
        rx.cond(A.next_payout, rx.el.p(p.said, class_name="text-sm"),
                rx.el.p("Belum ada pencairan terjadwal.", class_name="text-sm text-slate-500")),
        link=("Semua pencairan", routes.ACCOUNT_PAYOUTS),
    )  # fmt: skip


def _disputes() -> rx.Component:
    return _card(
        "Sengketa", "summary-disputes",
        rx.cond(A.disputes_open > 0,
                rx.fragment(rx.el.p(A.disputes_open, " menunggu tanggapan Anda", class_name="font-semibold text-red-700"),
                            rx.el.p(A.dispute_due, class_name="text-sm")),
                rx.el.p("Tidak ada sengketa yang menunggu tanggapan.", class_name="text-sm text-slate-500")),
        link=("Lihat sengketa", routes.ACCOUNT_DISPUTES),
    )  # fmt: skip


def _service() -> rx.Component:
    return _card(
        "Laporan masalah", "summary-service",
        rx.cond(A.cases,
                rx.el.ul(rx.foreach(A.cases, lambda c: rx.el.li(rx.el.strong(c.number), " · ", c.device, rx.el.br(), c.next,
                                                                class_name="text-sm")), class_name="grid gap-2"),
                rx.el.p("Tidak ada laporan yang terbuka.", class_name="text-sm text-slate-500")),
        link=("Lihat laporan", routes.ACCOUNT_SERVICE),
    )  # fmt: skip


def _devices() -> rx.Component:
    return _card(
        "Perangkat", "summary-devices",
        rx.el.p(A.device_count, " perangkat", class_name="text-sm text-slate-600"),
        rx.cond(A.attention,
                rx.el.ul(rx.foreach(A.attention, lambda a: rx.el.li(rx.el.strong(a.device), rx.el.br(), a.why, class_name="text-sm",
                                                                    data_testid="summary-attention")), class_name="grid gap-2"),
                rx.cond(A.device_count > 0, rx.el.p("Semua perangkat berjalan normal.", class_name="text-sm text-emerald-700"))),
        link=("Lihat perangkat", routes.ACCOUNT_DEVICES),
    )  # fmt: skip


def _orders() -> rx.Component:
    return _card(
        "Pesanan dan pendaftaran", "summary-orders",
        rx.cond(A.orders | A.registrations,
                rx.el.ul(rx.foreach(A.orders, lambda o: rx.el.li(rx.el.a(rx.el.code(o.number), href=o.link, class_name="text-blue-700 underline"),
                                                                 " · ", o.status, " · ", o.total, class_name="text-sm", data_testid="account-order")),
                         rx.foreach(A.registrations, lambda r: rx.el.li(rx.el.a(r.business, href=r.link, class_name="text-blue-700 underline"),
                                                                        " · ", r.status, class_name="text-sm", data_testid="account-registration")),
                         class_name="grid gap-2"),
                rx.el.p("Belum ada pesanan atau pendaftaran dengan email ini.", class_name="text-sm text-slate-500")),
        link=("Semua pesanan", routes.ACCOUNT_ORDERS),
    )  # fmt: skip


def _can(ability: Ability) -> Any:
    return A.abilities.contains(ability.value)


def summary_page() -> rx.Component:
    return account_page(
        routes.ACCOUNT, "Akun Saya", A.loaded,
        rx.el.div(
            rx.cond(A.today, _today()),
            rx.cond(_can(Ability.PAYOUTS), _payout()),
            rx.cond(_can(Ability.DISPUTES), _disputes()),
            rx.cond(_can(Ability.SERVICE), _service()),
            _devices(),
            rx.cond((A.role == "") | (A.role == MemberRole.OWNER.value), _orders()),
            class_name="grid gap-4 sm:grid-cols-2 lg:grid-cols-3",
        ),
        wide=True,
        first_paint=True,  # today's takings in the page's HTML (web/account_first_paint.py)
    )  # fmt: skip


PAGE = AccountPage(routes.ACCOUNT, "Akun Saya", "Ringkasan", summary_page, A, hidden_for=(MemberRole.CASHIER.value,))


PAGES = (Page(routes.SIGN_IN, "Masuk", sign_in_page, "Masuk dengan kode dari email, tanpa password.", on_load=S.load),)
