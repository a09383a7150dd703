"""An invited admin's first page: choose a password (a plain POST), then set up 2FA."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.admin_pages import AdminPage
from terminal_shop.components.ui import BTN_PRIMARY, CARD, INPUT, native_form
from terminal_shop.services.team.terms import MIN_PASSWORD_CHARS
from terminal_shop.state.admin.invite import InviteState as S


def invite_page() -> rx.Component:
    def field(name: str, label: str) -> rx.Component:
        return rx.fragment(
            rx.el.label(label, html_for=name, class_name="mt-4 text-sm font-medium"),
            rx.el.input(id=name, name=name, type="password", auto_complete="new-password", required=True, class_name=INPUT),
        )  # fmt: skip

    form = native_form(
        rx.el.p(
            "Anda diundang sebagai ",
            rx.el.strong(S.invite_role),
            " untuk ",
            rx.el.strong(S.invite_email),
            ".",
            class_name="mt-2 text-sm text-slate-700",
            data_testid="invite-for",
        ),  # fmt: skip
        rx.el.p(
            f"Pilih password minimal {MIN_PASSWORD_CHARS} karakter. Setelah itu Anda mengatur verifikasi dua "
            "langkah (2FA) dengan aplikasi autentikator di ponsel.",
            class_name="mt-2 text-sm text-slate-600",
        ),
        field("password", "Password baru"),
        field("repeat_password", "Ulangi password baru"),
        rx.el.button("Simpan dan lanjut", type="submit", class_name=BTN_PRIMARY + " mt-4 w-full"),
        action=routes.API_ADMIN_INVITE,
        method="post",
        class_name=rx.cond(S.invite_email != "", "flex flex-col", "hidden"),
    )
    return rx.el.main(
        rx.el.div(
            rx.el.h1("Undangan admin", class_name="text-2xl font-bold"),
            rx.el.p(S.invite_error, class_name="mt-2 min-h-[1.25rem] text-sm text-red-600", role="alert"),
            form,
            class_name=f"{CARD} flex w-full max-w-md flex-col p-8",
        ),
        class_name="flex min-h-screen items-center justify-center bg-slate-100 px-4",
    )


PAGE = AdminPage(routes.ADMIN_INVITE, "Undangan Admin", invite_page, S)
