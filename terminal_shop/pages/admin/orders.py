"""The admin's orders list: work queues, filters, and each order as a row (a card on a phone)."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.admin_pages import AdminPage, Export
from terminal_shop.components.admin import (
    BTN_SMALL,
    ICON_LINK,
    TD,
    admin_layout,
    badge,
    when_allowed,
)
from terminal_shop.components.admin_lists import cell, filter_select, pager, stat_cards, table, toolbar
from terminal_shop.components.ui import icon, nav_link
from terminal_shop.pages.admin.order_fulfilment import bulk_ship_panel, fulfilment_filter
from terminal_shop.pages.admin.payments import proof_filter
from terminal_shop.services.lists.terms import SortField
from terminal_shop.services.orders import order_list
from terminal_shop.services.orders.terms import QUEUE_FILTERS, OrderStatus, PaymentMethod
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state.admin import OrderListState as L

QUEUE_TAB = "inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 text-sm font-medium"


def _row(r) -> rx.Component:
    """A row of the table; on a phone a card (`cards-on-phone`), each value under its label."""
    href = routes.with_id(routes.ADMIN_ORDER, "") + r.id
    return rx.el.tr(
        cell("Tanggal", r.date),
        cell("Order ID", rx.el.code(r.number)),
        cell(
            "Pembeli",
            rx.el.div(
                rx.el.div(r.buyer, class_name="font-medium"),
                rx.el.div(r.email, class_name="text-xs text-slate-500"),
            ),
        ),
        cell("Produk", rx.el.span(r.products, data_testid="order-products")),
        cell("Total", r.total),
        cell("Metode", r.method),
        cell("Status", badge(r.badge)),
        cell("Pengiriman", rx.cond(r.stage.label != "", badge(r.stage), "-")),
        rx.el.td(
            rx.el.div(
                nav_link(icon("eye", "h-4 w-4"), href=href, aria_label="Lihat", class_name=ICON_LINK),
                rx.cond(
                    r.status == OrderStatus.PAID_REVIEW,
                    nav_link(
                        "Review",
                        href=href,
                        class_name="inline-flex min-h-11 items-center rounded bg-blue-700 px-4 text-sm"
                        " font-semibold text-white md:min-h-0 md:px-2.5 md:py-1 md:text-xs",
                    ),
                ),
                class_name="flex items-center gap-1",
            ),
            class_name=TD,
        ),
        class_name="hover:bg-slate-50",
        data_testid="order-row",
    )


def _queues() -> rx.Component:
    """The day's work as tabs, each with how many orders wait in it (the overview's counts)."""

    def tab(label: str, value: str, count, active) -> rx.Component:
        return rx.el.button(
            label,
            rx.el.span(count, class_name="ml-2 rounded-full bg-slate-900/10 px-2 py-0.5 text-xs"),
            type="button",
            on_click=L.set_queue(value),
            aria_pressed=rx.cond(active, "true", "false"),
            class_name=rx.cond(active, QUEUE_TAB + " bg-blue-700 text-white", QUEUE_TAB + " bg-white"),
            data_testid=f"queue-{value or 'semua'}",
        )

    everything = tab("Semua", "", L.stats.get("total", 0), (L.status == "") & (L.fulfilment == ""))
    queues = [
        tab(q.label, q.value, L.stats.get(fulfilment or status, 0), (L.status == status) & (L.fulfilment == fulfilment))
        for q, (status, fulfilment) in QUEUE_FILTERS.items()
    ]
    return rx.el.nav(everything, *queues, aria_label="Antrean pesanan", class_name="mt-6 flex flex-wrap gap-2")


def orders_page() -> rx.Component:
    return admin_layout(
        rx.el.div(
            rx.el.h1("Pesanan", class_name="text-2xl font-bold"),
            when_allowed(
                Permission.PAYMENTS_IMPORT,
                nav_link(
                    icon("landmark", "h-4 w-4"),
                    "Cek pembayaran dari mutasi",
                    href=routes.ADMIN_PAYMENTS,
                    class_name=BTN_SMALL,
                ),
            ),
            class_name="mb-6 flex flex-wrap items-center justify-between gap-3",
        ),
        stat_cards(
            [
                ("Total Orders", L.stats.get("total", 0), "text-slate-900"),
                ("Menunggu Review", L.stats.get(OrderStatus.PAID_REVIEW, 0), "text-blue-700"),
                ("Dikonfirmasi", L.stats.get(OrderStatus.CONFIRMED, 0), "text-emerald-600"),
                ("Dibatalkan", L.stats.get(OrderStatus.CANCELLED, 0), "text-red-600"),
            ]
        ),
        _queues(),
        toolbar(
            L,
            "Cari nama, email, telepon, nomor pesanan",
            filter_select("status", L.status, L.set_status, OrderStatus.labels()),
            filter_select("metode", L.method, L.set_method, PaymentMethod.labels()),
            fulfilment_filter(),
            proof_filter(),
        ),
        when_allowed(Permission.FULFIL, bulk_ship_panel()),
        table(
            L,
            [
                ("Tanggal", SortField.DATE),
                "Order ID",
                ("Pembeli", SortField.NAME),
                "Produk",
                ("Total", SortField.TOTAL),
                "Metode",
                ("Status", SortField.STATUS),
                "Pengiriman",
                "Aksi",
            ],
            _row,
            cards=True,
        ),
        pager(L),
    )


PAGE = AdminPage(routes.ADMIN_ORDERS, "Admin: Pesanan", orders_page, L, menu="Orders",
                 export=Export("orders", order_list, Permission.ORDERS_EXPORT))  # fmt: skip
