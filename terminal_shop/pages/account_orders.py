"""/akun/pesanan: the orders placed and the merchant registrations sent with the signed-in
address, each to its own page, and "Pesan lagi" (state/account_orders.py)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop import routes
from terminal_shop.account_pages import AccountPage
from terminal_shop.components.ui import BTN_OUTLINE, CARD
from terminal_shop.pages.account_frame import account_page
from terminal_shop.services.merchant_team.terms import MemberRole
from terminal_shop.state.account_orders import OrdersState as A


def _order(o: Any) -> rx.Component:
    return rx.el.li(
        rx.el.a(rx.el.code(o.number), href=o.link, class_name="font-semibold text-blue-700 underline"),
        rx.el.span(" · ", o.placed, " · ", o.status, " · ", rx.el.strong(o.total)),
        rx.cond(
            o.returnable,
            rx.el.a("Ajukan retur", href=o.link + "&retur=1", class_name="font-medium text-blue-700 underline"),
        ),
        rx.cond(
            o.again,
            rx.el.button(
                "Pesan lagi", type="button", on_click=A.order_again(o.id), class_name=BTN_OUTLINE + " ml-auto"
            ),
        ),
        class_name="flex flex-wrap items-center gap-x-1 gap-y-2 py-2 text-sm",
        data_testid="account-order",
    )


def _registration(r: Any) -> rx.Component:
    return rx.el.li(
        rx.el.a(r.business, href=r.link, class_name="font-semibold text-blue-700 underline"),
        rx.el.span(" · ", r.sent, " · ", r.status),
        class_name="py-2 text-sm",
        data_testid="account-registration",
    )


def _section(title: str, items: Any, render: Any, empty: str, anchor: str) -> rx.Component:
    return rx.el.section(
        rx.el.h2(title, class_name="text-lg font-bold"),
        rx.cond(items, rx.el.ul(rx.foreach(items, render), class_name="mt-2 divide-y divide-slate-100"),
                rx.el.p(empty, class_name="mt-2 text-sm text-slate-500")),
        id=anchor,
        class_name=f"{CARD} p-5",
    )  # fmt: skip


def orders_page() -> rx.Component:
    return account_page(
        routes.ACCOUNT_ORDERS, "Pesanan", A.loaded,
        _section("Pesanan", A.orders, _order, "Belum ada pesanan dengan email ini.", "pesanan"),
        _section("Pendaftaran merchant", A.registrations, _registration, "Belum ada pendaftaran merchant dengan email ini.", "pendaftaran"),
    )  # fmt: skip


PAGE = AccountPage(routes.ACCOUNT_ORDERS, "Pesanan", "Pesanan", orders_page, A,
                   hidden_for=(MemberRole.MANAGER.value, MemberRole.CASHIER.value))  # fmt: skip
