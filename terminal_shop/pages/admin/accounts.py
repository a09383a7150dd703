"""The owner's admin accounts: who they are, their role and 2FA, invitations."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes, rules
from terminal_shop.admin_pages import AdminPage
from terminal_shop.components.admin import BTN_SMALL, TD, admin_layout, scroll_table
from terminal_shop.components.ui import BTN_PRIMARY, CARD, INPUT
from terminal_shop.services.team.terms import AdminRole
from terminal_shop.state.admin.accounts import AccountsState as S

ROLE_OPTIONS = [rx.el.option(label, value=value) for value, label in AdminRole.labels().items()]


def _row(a) -> rx.Component:
    actions = rx.cond(
        a.active,
        rx.fragment(
            rx.el.button("Akhiri semua sesi", type="button", on_click=S.end_sessions(a.id), class_name=BTN_SMALL),
            rx.cond(a.two_factor, rx.el.button("Reset 2FA", type="button", on_click=S.reset_two_factor(a.id), class_name=BTN_SMALL)),
            rx.el.button("Nonaktifkan", type="button", on_click=S.set_active(a.id, False), class_name=BTN_SMALL + " text-red-700"),
        ),
        rx.el.button("Aktifkan kembali", type="button", on_click=S.set_active(a.id, True), class_name=BTN_SMALL),
    )  # fmt: skip
    return rx.el.tr(
        rx.el.td(a.email, class_name=TD),
        rx.el.td(
            rx.el.select(
                *ROLE_OPTIONS,
                value=a.role,
                on_change=lambda role: S.set_role(a.id, role),
                aria_label="Peran " + a.email,
                class_name=INPUT + " mt-0 py-1.5 text-sm",
            ),
            class_name=TD,
        ),
        rx.el.td(rx.cond(a.two_factor, "Aktif", "Belum"), class_name=TD),
        rx.el.td(a.last_sign_in, class_name=TD),
        rx.el.td(rx.cond(a.active, "Aktif", rx.el.span("Nonaktif", class_name="font-semibold text-red-700")), class_name=TD),
        rx.el.td(rx.el.div(actions, class_name="flex flex-wrap gap-2"), class_name=TD),
        data_testid="account-row",
    )  # fmt: skip


def _invite(i) -> rx.Component:
    """An open invitation: whether its e-mail went out, and what the owner can do about it."""
    return rx.el.li(
        rx.el.p(i.email, " · ", i.role_label, " · berlaku sampai ", i.expires),
        rx.el.p(i.mail, class_name=rx.cond(i.mail_sent, "text-emerald-700", "text-red-700"), data_testid="invite-mail"),
        rx.el.div(
            rx.el.button("Kirim ulang", type="button", on_click=S.resend_invite(i.email), aria_label="Kirim ulang undangan ke " + i.email, class_name=BTN_SMALL),
            rx.el.button("Salin tautan", type="button", on_click=S.copy_invite_link(i.email), aria_label="Salin tautan undangan untuk " + i.email, class_name=BTN_SMALL),
            rx.el.button("Batalkan", type="button", on_click=S.withdraw(i.email), aria_label="Batalkan undangan untuk " + i.email, class_name=BTN_SMALL),
            class_name="mt-2 flex flex-wrap gap-2",
        ),
        class_name="py-3",
        data_testid="invite-row",
    )  # fmt: skip


def _invite_form() -> rx.Component:
    return rx.el.form(
        rx.el.h2("Undang admin", class_name="text-lg font-bold"),
        rx.el.p(
            f"Undangan dikirim lewat email dengan tautan sekali pakai yang berlaku {rules.hours(rules.INVITE_VALID)} untuk memilih password "
            "dan mengatur 2FA.",
            class_name="mt-1 text-sm text-slate-600",
        ),
        rx.el.div(
            rx.el.div(
                rx.el.label("Email", html_for="invite-email", class_name="text-sm font-medium"),
                rx.el.input(id="invite-email", name="email", type="email", required=True, class_name=INPUT),
                class_name="min-w-[16rem] flex-1",
            ),
            rx.el.div(
                rx.el.label("Peran", html_for="invite-role", class_name="text-sm font-medium"),
                rx.el.select(*ROLE_OPTIONS, id="invite-role", name="role", default_value=AdminRole.FINANCE.value, class_name=INPUT),
            ),
            rx.el.button("Kirim undangan", type="submit", class_name=BTN_PRIMARY),
            class_name="mt-3 flex flex-wrap items-end gap-3",
        ),
        rx.el.p(S.invite_error, class_name="mt-2 min-h-[1.25rem] text-sm text-red-600", role="alert"),
        on_submit=S.invite,
        class_name=f"{CARD} mt-6 p-5",
    )  # fmt: skip


def accounts_page() -> rx.Component:
    headers = ("Email", "Peran", "2FA", "Terakhir masuk", "Status", "")
    return admin_layout(
        rx.el.h1("Akun admin", class_name="text-2xl font-bold"),
        rx.el.section(
            scroll_table(headers, S.accounts, _row, "Akun admin"),
            rx.el.p(
                "Pemilik: semua akses. Keuangan: pesanan dan pembayaran. Verifikator: pendaftaran merchant. "
                "Pengiriman: mengemas dan mengirim pesanan. Pemilik aktif terakhir tidak bisa dinonaktifkan "
                "atau diubah perannya.",
                class_name="mt-3 text-xs text-slate-500",
            ),
            class_name=f"{CARD} mt-6 p-5",
        ),
        _invite_form(),
        rx.cond(
            S.invites.length() > 0,
            rx.el.section(
                rx.el.h2("Undangan belum dipakai", class_name="text-lg font-bold"),
                rx.el.ul(
                    rx.foreach(S.invites, _invite),
                    class_name="mt-2 divide-y divide-slate-100 text-sm",
                ),
                class_name=f"{CARD} mt-6 p-5",
            ),
        ),
    )  # fmt: skip


PAGE = AdminPage(routes.ADMIN_ACCOUNTS, "Admin: Akun Admin", accounts_page, S, menu="Akun admin")
