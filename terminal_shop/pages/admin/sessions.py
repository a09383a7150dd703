"""'Sesi aktif': where this admin is signed in, and ending those sessions."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.admin_pages import AdminPage
from terminal_shop.components.admin import BTN_DANGER, BTN_SMALL, TD, admin_layout, scroll_table
from terminal_shop.components.ui import CARD
from terminal_shop.state.admin.sessions import SessionsState as S


def _row(v) -> rx.Component:
    return rx.el.tr(
        rx.el.td(v.device, rx.cond(v.this_one, rx.el.strong(" (sesi ini)")), class_name=TD),
        rx.el.td(v.address, class_name=TD),
        rx.el.td(v.started, class_name=TD),
        rx.el.td(v.last_seen, class_name=TD),
        rx.el.td(
            rx.cond(
                v.this_one,
                "",
                rx.el.button("Keluar dari sesi ini", type="button", on_click=S.end(v.key), class_name=BTN_SMALL),
            ),
            class_name=TD,
        ),
        data_testid="session-row",
    )


def sessions_page() -> rx.Component:
    return admin_layout(
        rx.el.h1("Sesi aktif", class_name="text-2xl font-bold"),
        rx.el.section(
            scroll_table(("Perangkat", "Alamat", "Mulai", "Terakhir aktif", ""), S.sessions, _row, "Sesi aktif"),
            rx.el.button("Keluar dari semua sesi lain", type="button", on_click=S.end_others, class_name=f"{BTN_DANGER} mt-4"),
            class_name=f"{CARD} mt-6 p-5",
        ),
    )  # fmt: skip


PAGE = AdminPage(routes.ADMIN_SESSIONS, "Admin: Sesi Aktif", sessions_page, S)
