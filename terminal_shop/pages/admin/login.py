"""The admin sign-in page, and the page where a one-time password is replaced."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.admin_pages import AdminPage
from terminal_shop.components.ui import BTN_PRIMARY, CARD, INPUT, icon, native_form
from terminal_shop.infra.settings import get_settings
from terminal_shop.state.admin import AdminState as S


def login_page() -> rx.Component:
    password = rx.el.div(
        rx.el.input(
            id="password",
            name="password",
            type="password",
            auto_complete="current-password",
            required=True,
            class_name=INPUT + " pr-12",
        ),
        rx.el.button(  # shown / hidden in the browser by site.js: no round trip for a visual switch
            icon("eye", "pw-show h-5 w-5"),
            icon("eye-off", "pw-hide h-5 w-5"),
            type="button",
            aria_label="Tampilkan password",
            aria_pressed="false",
            data_password_toggle="password",
            class_name="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1.5 text-slate-500 hover:bg-slate-100",
        ),
        class_name="relative",
    )
    return rx.el.main(  # the page's one landmark
        native_form(
            rx.el.h1("Masuk Admin", class_name="text-2xl font-bold"),
            rx.el.p(get_settings().brand_name, class_name="text-sm text-slate-500"),
            rx.el.label("Email", html_for="email", class_name="mt-6 text-sm font-medium"),
            rx.el.input(
                id="email", name="email", type="email", auto_complete="username", required=True, class_name=INPUT
            ),
            rx.el.label("Password", html_for="password", class_name="mt-4 text-sm font-medium"),
            password,
            rx.el.p(S.login_error, class_name="mt-2 min-h-[1.25rem] text-sm text-red-600", role="alert"),
            rx.el.button("Masuk sebagai Admin", type="submit", class_name=BTN_PRIMARY + " mt-2 w-full"),
            # A plain form POST (web/admin_routes.py login): the session cookie is set by the server, HttpOnly.
            action=routes.API_ADMIN_LOGIN,
            method="post",
            class_name=f"{CARD} flex w-full max-w-sm flex-col p-8",
        ),
        class_name="flex min-h-screen items-center justify-center bg-slate-100 px-4",
    )


def password_page() -> rx.Component:
    def field(name: str, label: str, complete: str = "new-password") -> rx.Component:
        return rx.fragment(
            rx.el.label(label, html_for=name, class_name="mt-4 text-sm font-medium"),
            rx.el.input(id=name, name=name, type="password", auto_complete=complete, required=True, class_name=INPUT),
        )

    return rx.el.main(
        rx.el.form(
            rx.el.h1("Ganti Password", class_name="text-2xl font-bold"),
            rx.el.p(
                "Masukkan password saat ini (password sekali pakai jika Anda baru dibuatkan akun), lalu pilih "
                "password baru minimal 12 karakter. Semua sesi lain akun ini akan dikeluarkan.",
                class_name="mt-2 text-sm text-slate-600",
            ),
            field("current_password", "Password saat ini", "current-password"),
            field("new_password", "Password baru"),
            field("repeat_password", "Ulangi password baru"),
            rx.el.p(S.password_error, class_name="mt-2 min-h-[1.25rem] text-sm text-red-600", role="alert"),
            rx.el.button("Simpan Password", type="submit", class_name=BTN_PRIMARY + " mt-2 w-full"),
            on_submit=S.change_password,
            reset_on_submit=True,
            class_name=f"{CARD} flex w-full max-w-sm flex-col p-8",
        ),
        class_name="flex min-h-screen items-center justify-center bg-slate-100 px-4",
    )


PAGES = (
    AdminPage(routes.ADMIN_LOGIN, "Masuk Admin", login_page, S, load="show_login"),
    AdminPage(routes.ADMIN_PASSWORD, "Ganti Password", password_page, S, load="show_password_page"),
)
