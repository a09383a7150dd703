"""Checkout steps 1 and 2: products and cart, buyer form; the step frame the payment step shares."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop import asset_links, routes
from terminal_shop.catalogue import PRODUCTS, Product
from terminal_shop.components.forms import text_field, typed
from terminal_shop.components.layout import site_page
from terminal_shop.components.stock import line_stock_note, stock_note
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, container, icon, link_button
from terminal_shop.pages.checkout.buyer_extras import extras
from terminal_shop.reflex_compat import browser_expr
from terminal_shop.services.orders import transfer_codes
from terminal_shop.services.orders.terms import PaymentMethod
from terminal_shop.site_pages import Page
from terminal_shop.state import toast
from terminal_shop.state.checkout import CheckoutState as S
from terminal_shop.state.checkout_copy import READ_DRAFT
from terminal_shop.state.stock import StockState

STEPS = ("Pilih Produk", "Isi Data", "Pembayaran")


def _steps(active: int) -> rx.Component:
    return rx.el.ol(
        *[
            rx.el.li(
                rx.el.span(str(i + 1), class_name="flex h-7 w-7 items-center justify-center rounded-full text-sm font-bold "
                           + ("bg-blue-700 text-white" if i <= active else "bg-slate-200 text-slate-600")),
                rx.el.span(name, class_name="hidden text-sm font-medium sm:inline "
                           + ("text-slate-900" if i <= active else "text-slate-500")),
                class_name="flex items-center gap-2",
                aria_current="step" if i == active else None,
            )
            for i, name in enumerate(STEPS)
        ],
        class_name="flex items-center justify-center gap-6 py-6",
        aria_label="Langkah pemesanan",
    )  # fmt: skip


def step_frame(active: int, title: str, *children) -> rx.Component:
    return site_page(
        container(
            _steps(active), rx.el.h1(title, class_name="text-2xl font-bold sm:text-3xl"), *children, class_name="pb-16"
        )
    )


def added_text(product: Product) -> str:
    """The toast the order button shows at once, without waiting for the server."""
    return f"{product.name} ditambahkan ke keranjang"


def _product_card(p: Product) -> rx.Component:
    qty = S.qty_inputs.get(p.sku, 1)
    step = "flex h-11 w-11 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
    return rx.el.article(
        rx.el.img(
            src=asset_links.url(p.image),
            alt=f"Foto {p.name}",
            width="120",
            height="160",
            class_name="mx-auto h-36 w-auto",
        ),
        rx.el.h2(p.name, class_name="mt-4 text-lg font-bold"),
        rx.el.p(p.description, class_name="mt-1 flex-1 text-sm text-slate-600"),
        rx.el.p(p.price_text, class_name="mt-3 text-xl font-extrabold"),
        stock_note(p.sku),
        rx.el.div(
            rx.el.button(
                icon("minus", "h-4 w-4"),
                type="button",
                aria_label=f"Kurangi jumlah {p.name}",
                on_click=S.step_qty(p.sku, -1),
                class_name=step,
            ),
            typed(
                rx.el.input(
                    type="number",
                    min="1",
                    input_mode="numeric",
                    value=qty,
                    on_change=lambda v: S.set_qty_input(p.sku, v),
                    key=f"{p.sku}-{S.qty_box_resets}",
                    aria_label=f"Jumlah {p.name}",
                    class_name="h-11 w-16 rounded-lg border border-slate-300 text-center",
                )
            ),
            rx.el.button(
                icon("plus", "h-4 w-4"),
                type="button",
                aria_label=f"Tambah jumlah {p.name}",
                on_click=S.step_qty(p.sku, 1),
                class_name=step,
            ),
            class_name="mt-4 flex items-center gap-2",
        ),
        rx.el.button(
            icon("shopping-cart", "h-4 w-4"),
            "Tambah ke Keranjang",
            type="button",
            on_click=[S.add_to_cart(p.sku), toast.success(added_text(p))],
            class_name=BTN_PRIMARY + " mt-4 w-full",
        ),
        class_name=f"{CARD} flex flex-col p-5",
        data_sku=p.sku,
    )


def _totals(with_code: bool) -> rx.Component:
    row = "flex justify-between text-sm"
    bold = "flex justify-between border-t border-slate-200 pt-3 text-base font-bold"
    code = rx.cond(
        (S.payment_method == PaymentMethod.TRANSFER_BCA) & (S.transfer.code_text != ""),
        rx.fragment(
            rx.el.div(rx.el.dt(transfer_codes.DISCOUNT_LINE), rx.el.dd("-", S.transfer.code_text), class_name=row),
            rx.el.div(
                rx.el.dt("Total transfer"), rx.el.dd(S.transfer.text, data_testid="transfer-total"), class_name=bold
            ),
        ),
    )
    return rx.el.dl(
        rx.el.div(rx.el.dt("Subtotal"), rx.el.dd(S.priced.subtotal_text, data_testid="subtotal"), class_name=row),
        rx.cond(
            S.priced.bill_case == "",
            rx.el.div(rx.el.dt("Ongkos kirim"), rx.el.dd(S.priced.shipping_text), class_name=row),
        ),
        rx.el.div(rx.el.dt("Total"), rx.el.dd(S.priced.total_text, data_testid="total"), class_name=bold),
        *([code] if with_code else []),
        class_name="mt-4 flex flex-col gap-2",
    )


def _line_qty(line: Any) -> rx.Component:
    """A product's quantity box; a service bill's line is one, not the buyer's to change."""
    box = rx.el.input(type="number", input_mode="numeric", value=line.qty, on_change=lambda v: S.set_line_qty(line.sku, v),
                      key=f"{line.sku}-{S.qty_box_resets}", aria_label="Jumlah " + line.name,
                      class_name="h-11 w-14 rounded-lg border border-slate-300 text-center text-sm")  # fmt: skip
    return rx.cond(line.fixed, rx.el.span("1×", class_name="w-14 text-center text-sm"), typed(box))


def _cart_panel() -> rx.Component:
    return rx.el.aside(
        rx.el.h2("Keranjang", class_name="text-lg font-bold"),
        rx.cond(
            S.priced.item_count > 0,
            rx.el.div(
                rx.el.ul(
                    rx.foreach(
                        S.priced.lines,
                        lambda line: rx.el.li(
                            rx.el.div(
                                rx.el.p(line.name, class_name="font-medium"),
                                rx.el.p(line.unit_text, class_name="text-xs text-slate-500"),
                                line_stock_note(line),
                                class_name="min-w-0 flex-1",
                            ),
                            _line_qty(line),
                            rx.el.p(line.total_text, class_name="w-24 shrink-0 text-right text-sm font-semibold"),
                            rx.el.button(
                                icon("trash-2", "h-4 w-4"),
                                type="button",
                                aria_label="Hapus " + line.name,
                                on_click=S.remove_line(line.sku),
                                class_name="flex h-11 w-11 shrink-0 items-center justify-center rounded text-red-600 hover:bg-red-50",
                            ),
                            class_name="flex scroll-mt-24 items-center gap-1.5 py-3",
                            data_testid="cart-line",
                            id="baris-" + line.sku,
                        ),
                    ),
                    class_name="divide-y divide-slate-100",
                ),
                _totals(False),
                link_button("Lanjut Isi Data", routes.CHECKOUT_FORM, BTN_PRIMARY + " mt-5 w-full"),
            ),
            rx.el.p("Keranjang Anda masih kosong", class_name="mt-4 text-sm text-slate-500"),
        ),
        class_name=f"{CARD} h-fit p-5 lg:sticky lg:top-24",
    )


def _phone_cart_bar() -> rx.Component:
    """On a phone the cart panel sits below the products: this bar keeps the total and the next step in reach."""
    return rx.cond(
        S.priced.item_count > 0,
        rx.el.div(
            rx.el.div(
                rx.el.p(S.priced.item_count, " barang", class_name="text-xs text-slate-500"),
                rx.el.p(S.priced.total_text, class_name="font-bold"),
            ),
            link_button("Lanjut Isi Data", routes.CHECKOUT_FORM, BTN_PRIMARY + " py-2.5"),
            class_name="fixed inset-x-0 bottom-0 z-40 flex items-center justify-between gap-3 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] lg:hidden",
            data_testid="phone-cart-bar",
        ),
    )


def products_page() -> rx.Component:
    return step_frame(
        0,
        "Pilih Produk",
        rx.el.div(
            rx.el.div(*[_product_card(p) for p in PRODUCTS], class_name="grid gap-5 sm:grid-cols-2 xl:grid-cols-3"),
            _cart_panel(),
            class_name="mt-6 grid gap-6 pb-16 lg:grid-cols-[1fr_22rem] lg:pb-0",
        ),
        _phone_cart_bar(),
    )


def order_summary(with_code: bool = False) -> rx.Component:
    """`with_code`: the confirm page, where a BCA transfer's kode unik is taken off."""
    return rx.el.section(
        rx.el.h2("Ringkasan Pesanan", class_name="text-lg font-bold"),
        rx.el.ul(
            rx.foreach(
                S.priced.lines,
                lambda line: rx.el.li(
                    rx.el.span(rx.el.span(line.name, " × ", line.qty), line_stock_note(line)),
                    rx.el.span(line.total_text, class_name="font-medium"),
                    class_name="flex justify-between gap-3 py-2 text-sm",
                    data_testid="summary-line",
                ),
            ),
            class_name="mt-3 divide-y divide-slate-100",
        ),
        _totals(with_code),
        class_name=f"{CARD} h-fit p-5",
    )


def empty_notice(title: str, text: str, button: str) -> rx.Component:
    return rx.el.div(
        icon("shopping-cart", "h-10 w-10 text-slate-400"),
        rx.el.h2(title, class_name="mt-4 text-xl font-bold"),
        rx.el.p(text, class_name="mt-2 text-slate-600"),
        link_button(button, routes.CHECKOUT_PRODUCTS, BTN_PRIMARY + " mt-6"),
        class_name=f"{CARD} mx-auto mt-8 flex max-w-md flex-col items-center p-10 text-center",
    )


def _field(name: str, label: str, **props) -> rx.Component:
    return text_field(name, label, S.buyer[name], lambda v: S.set_buyer_field(name, v), S.errors.get(name, ""), **props)


def form_page() -> rx.Component:
    return step_frame(
        1,
        "Data Pembeli",
        rx.cond(
            S.priced.item_count > 0,
            rx.el.div(
                rx.el.form(
                    _field("buyer_name", "Nama lengkap", auto_complete="name"),
                    _field(
                        "buyer_phone",
                        "Nomor telepon",
                        kind="tel",
                        auto_complete="tel",
                        input_mode="tel",
                        placeholder="0812-3456-7890",
                    ),
                    _field("buyer_email", "Email", kind="email", auto_complete="email", placeholder="nama@email.com"),
                    _field("shipping_address", "Alamat pengiriman", textarea=True, auto_complete="street-address"),
                    _field("note", "Catatan", required=False, textarea=True),
                    *extras(_field),
                    rx.el.div(
                        link_button("Kembali", routes.CHECKOUT_PRODUCTS, BTN_OUTLINE),
                        rx.el.button("Lanjut ke Pembayaran", type="submit", class_name=BTN_PRIMARY),
                        class_name="flex justify-between gap-3",
                    ),
                    on_submit=lambda _: S.to_confirm(browser_expr(READ_DRAFT)),
                    prevent_default=True,
                    no_validate=True,
                    class_name=f"{CARD} flex flex-col gap-2 p-5",
                ),
                order_summary(),
                class_name="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]",
            ),
            empty_notice("Keranjang Kosong", "Silakan pilih produk terlebih dahulu", "Pilih Produk"),
        ),
    )


PAGES = (
    Page(routes.CHECKOUT_PRODUCTS, "Pesan Perangkat", products_page, "Pilih perangkat EDC atau Soundbox dan pesan online.",
         indexable=True, on_load=[S.restore, StockState.load]),
    Page(routes.CHECKOUT_FORM, "Data Pembeli", form_page, on_load=[S.restore, StockState.load]),
)  # fmt: skip
