"""One order in the back office: the decision first (the proof beside the amount expected,
Konfirmasi/Tolak or the shipping steps), then the buyer, items, history and messages."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.admin_pages import AdminPage
from terminal_shop.components.admin import (
    BTN_DANGER,
    BTN_SMALL,
    TD,
    TH,
    access_list,
    admin_layout,
    badge,
    detail_item,
    history,
    mail_list,
    when_allowed,
    when_loaded,
)
from terminal_shop.components.forms import typed
from terminal_shop.components.ui import BTN_PRIMARY, CARD, INPUT, icon, nav_link
from terminal_shop.pages.admin.order_fulfilment import fulfilment_card
from terminal_shop.pages.admin.order_proof import proof_viewer
from terminal_shop.pages.admin.order_return import order_return_card
from terminal_shop.pages.admin.order_tax import order_tax_card
from terminal_shop.pages.admin.order_whatsapp import whatsapp_card
from terminal_shop.pages.admin.payments import payment_card
from terminal_shop.pages.admin.personal_data import personal_data_card
from terminal_shop.services.orders.terms import OrderStatus
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state.admin import OrderDetailState as D
from terminal_shop.state.admin.order_whatsapp import OrderWhatsAppState


def _reject_form() -> rx.Component:
    return rx.el.div(
        rx.el.label("Alasan penolakan", html_for="reject_reason", class_name="text-sm font-medium"),
        typed(
            rx.el.textarea(
                id="reject_reason", value=D.reject_reason, on_change=D.set_reject_reason, rows=3, class_name=INPUT
            )
        ),
        rx.el.p(D.reject_error, class_name="mt-1 min-h-[1.25rem] text-sm text-red-600", role="alert"),
        rx.el.div(
            rx.el.button("Batal", type="button", on_click=D.set_reject_open(False), class_name=BTN_SMALL),
            rx.el.button("Tolak Pembayaran", type="button", on_click=D.reject, class_name=BTN_DANGER),
            class_name="flex justify-end gap-2",
        ),
        class_name="mt-4 rounded-xl bg-red-50 p-4",
    )


def _actions() -> rx.Component:
    review = rx.el.div(
        rx.el.div(
            rx.el.button(
                icon("check", "h-4 w-4"), "Konfirmasi", type="button", on_click=D.confirm, class_name=BTN_PRIMARY
            ),
            rx.el.button(
                icon("x", "h-4 w-4"), "Tolak", type="button", on_click=D.set_reject_open(True), class_name=BTN_DANGER
            ),
            class_name="flex gap-3",
        ),
        rx.cond(D.ask_unmatched, rx.el.div(
            rx.el.p("Konfirmasi tanpa mutasi?", class_name="font-semibold"),
            rx.el.p("Belum ada baris mutasi yang cocok dengan ", D.order.total, ". Pastikan uangnya sudah masuk.",
                    class_name="text-sm text-slate-700"),
            rx.el.div(
                rx.el.button("Batal", type="button", on_click=D.cancel_unmatched, class_name=BTN_SMALL),
                rx.el.button("Ya, tanpa mutasi", type="button", on_click=D.confirm, class_name=BTN_PRIMARY),
                class_name="mt-2 flex justify-end gap-2",
            ),
            class_name="mt-4 rounded-xl bg-amber-50 p-4", role="alertdialog", aria_label="Konfirmasi tanpa mutasi?",
        )),
        rx.cond(D.reject_open, _reject_form()),
        class_name="mt-3",
    )  # fmt: skip
    return rx.el.section(
        rx.el.h2("Tindakan", class_name="text-lg font-bold"),
        rx.match(
            D.order.status,
            (
                OrderStatus.PAID_REVIEW,
                when_allowed(
                    Permission.ORDERS_REVIEW,
                    review,
                    rx.el.p("Menunggu review tim keuangan", class_name="mt-3 text-slate-600"),
                ),
            ),
            (OrderStatus.CONFIRMED, rx.el.p("Sudah Dikonfirmasi", class_name="mt-3 font-semibold text-emerald-700")),
            (OrderStatus.CANCELLED, rx.el.p("Pesanan Dibatalkan", class_name="mt-3 font-semibold text-red-700")),
            rx.el.p("Menunggu bukti pembayaran dari customer", class_name="mt-3 text-slate-600"),
        ),
        class_name=f"{CARD} p-5",
    )


def _line(i) -> rx.Component:
    return rx.el.tr(
        rx.el.td(i.name, class_name=TD),
        rx.el.td(i.sku, class_name=TD),
        rx.el.td(i.qty, class_name=TD),
        rx.el.td(i.unit_text, class_name=TD),
        rx.el.td(i.total_text, class_name=TD),
    )


def _buyer() -> rx.Component:
    o = D.order
    return rx.el.section(
        rx.el.h2("Pembeli", class_name="text-lg font-bold"),
        rx.cond(o.merchant_link != "", rx.el.p("Untuk merchant ", rx.el.a(o.merchant, href=o.merchant_link,
                 class_name="font-semibold text-blue-700 underline"), class_name="mt-1 text-sm", data_testid="order-merchant")),
        rx.el.dl(
            detail_item("Nama", o.buyer_name),
            detail_item("Telepon", o.buyer_phone),
            detail_item("Email", o.buyer_email),
            detail_item("Alamat pengiriman", o.shipping_address),
            class_name="mt-3 grid gap-3 sm:grid-cols-2",
        ),
        class_name=f"{CARD} p-5",
    )  # fmt: skip


def _items() -> rx.Component:
    o = D.order
    return rx.el.section(
        rx.el.h2("Item", class_name="text-lg font-bold"),
        rx.el.table(
            rx.el.thead(rx.el.tr(*[rx.el.th(h, class_name=TH) for h in ("Produk", "SKU", "Qty", "Harga", "Subtotal")])),
            rx.el.tbody(rx.foreach(o.lines, _line)),
            class_name="mt-3 min-w-full",
        ),
        rx.el.dl(
            detail_item("Subtotal", o.subtotal),
            detail_item("Ongkos kirim", o.shipping_fee),
            detail_item("Total", o.total),
            detail_item("Metode pembayaran", o.method),
            class_name="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-4",
            data_testid="totals",
        ),
        rx.cond(
            o.qris != "",
            rx.el.dl(
                detail_item("QRIS yang ditampilkan ke pembeli", o.qris), class_name="mt-3", data_testid="qris-shown"
            ),
        ),
        class_name=f"{CARD} overflow-x-auto p-5",
        tab_index=0,  # a box that scrolls on its own: reachable by keyboard to scroll it
        aria_label="Item pesanan",
    )


def _note() -> rx.Component:
    o = D.order
    return rx.el.section(
        rx.el.h2("Catatan", class_name="text-lg font-bold"),
        rx.el.p(rx.cond(o.note != "", o.note, "-"), class_name="mt-2 whitespace-pre-line text-sm", data_testid="note"),
        rx.el.dl(
            detail_item("Dibuat", o.created_at),
            detail_item("Diperbarui", o.updated_at),
            class_name="mt-4 grid gap-3 sm:grid-cols-2",
        ),
        class_name=f"{CARD} p-5",
    )


def order_detail_page() -> rx.Component:
    o = D.order
    return admin_layout(
        nav_link(icon("arrow-left", "h-4 w-4"), "Kembali", href=routes.ADMIN_ORDERS, class_name=BTN_SMALL),
        when_loaded(
            o,
            rx.el.div(
                rx.el.h1("Pesanan ", rx.el.code(o.number), class_name="text-2xl font-bold"),
                badge(o.badge),
                class_name="mt-4 flex items-center gap-3",
            ),
            # The decision first (on a phone, above everything): the proof beside the amount
            # expected, then Konfirmasi/Tolak or the shipping steps; the records below.
            rx.el.div(
                rx.el.div(
                    rx.cond(o.status == OrderStatus.PAID_REVIEW, proof_viewer()),
                    _actions(),
                    payment_card(),
                    rx.cond(o.status == OrderStatus.CONFIRMED, fulfilment_card()),
                    order_return_card(),
                    rx.cond(o.status != OrderStatus.PAID_REVIEW, proof_viewer()),
                    class_name="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-start-1",
                    data_testid="decision",
                ),
                rx.el.div(
                    _buyer(),
                    order_tax_card(),
                    _items(),
                    _note(),
                    history(o.history),
                    access_list(o.access),
                    when_allowed(Permission.PERSONAL_DATA, personal_data_card(o)),
                    mail_list(o.mails, D.resend_mail),
                    whatsapp_card(OrderWhatsAppState),
                    class_name="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1",
                ),
                class_name="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]",
            ),
        ),
    )


PAGE = AdminPage(routes.ADMIN_ORDER, "Admin: Detail Pesanan", order_detail_page, D)
