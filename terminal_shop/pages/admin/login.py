"""The admin sign-in page."""

from __future__ import annotations

import reflex as rx

from terminal_shop.components.ui import BTN_PRIMARY, CARD, INPUT, icon
from terminal_shop.settings import get_settings
from terminal_shop.state.admin import AdminState as S


def login_page() -> rx.Component:
    password = rx.el.div(
        rx.el.input(
            id="password",
            name="password",
            type=rx.cond(S.show_password, "text", "password"),
            autocomplete="current-password",
            required=True,
            class_name=INPUT + " pr-12",
        ),
        rx.el.button(
            rx.cond(S.show_password, icon("eye-off"), icon("eye")),
            type="button",
            on_click=S.toggle_password,
            aria_label=rx.cond(S.show_password, "Sembunyikan password", "Tampilkan password"),
            class_name="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1.5 text-slate-500 hover:bg-slate-100",
        ),
        class_name="relative",
    )
    return rx.el.div(
        rx.el.form(
            rx.el.h1("Masuk Admin", class_name="text-2xl font-bold"),
            rx.el.p(get_settings().brand_name, class_name="text-sm text-slate-500"),
            rx.el.label("Email", html_for="email", class_name="mt-6 text-sm font-medium"),
            rx.el.input(
                id="email", name="email", type="email", autocomplete="username", required=True, class_name=INPUT
            ),
            rx.el.label("Password", html_for="password", class_name="mt-4 text-sm font-medium"),
            password,
            rx.el.p(S.login_error, class_name="mt-2 min-h-[1.25rem] text-sm text-red-600", role="alert"),
            rx.el.button(
                rx.cond(S.login_busy, "Memproses...", "Masuk sebagai Admin"),
                type="submit",
                disabled=S.login_busy,
                class_name=BTN_PRIMARY + " mt-2 w-full",
            ),
            on_submit=S.login,
            reset_on_submit=False,
            class_name=f"{CARD} flex w-full max-w-sm flex-col p-8",
        ),
        class_name="flex min-h-screen items-center justify-center bg-slate-100 px-4",
    )
