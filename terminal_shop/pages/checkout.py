"""Checkout pages: products and cart, buyer form, payment and proof, success, failure."""

from __future__ import annotations

import reflex as rx

from terminal_shop.catalogue import PRODUCTS, QRIS_MAX_TOTAL, Product
from terminal_shop.components.files import chosen_count, file_picker
from terminal_shop.components.forms import text_field
from terminal_shop.components.layout import site_page
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, container, icon, link_button, modal, tracked_img
from terminal_shop.money import rupiah
from terminal_shop.settings import get_settings
from terminal_shop.state import toast
from terminal_shop.state.checkout import PROOF_UPLOAD_ID, added_text
from terminal_shop.state.checkout import CheckoutState as S
from terminal_shop.state.checkout import OrderResultState as R
from terminal_shop.uploads import PROOF_ACCEPT
from terminal_shop.vocabulary import PaymentMethod

STEPS = ("Pilih Produk", "Isi Data", "Pembayaran")


def _steps(active: int) -> rx.Component:
    return rx.el.ol(
        *[
            rx.el.li(
                rx.el.span(
                    str(i + 1),
                    class_name="flex h-7 w-7 items-center justify-center rounded-full text-sm font-bold "
                    + ("bg-blue-700 text-white" if i <= active else "bg-slate-200 text-slate-600"),
                ),
                rx.el.span(
                    name,
                    class_name="hidden text-sm font-medium sm:inline "
                    + ("text-slate-900" if i <= active else "text-slate-500"),
                ),
                class_name="flex items-center gap-2",
                aria_current="step" if i == active else None,
            )
            for i, name in enumerate(STEPS)
        ],
        class_name="flex items-center justify-center gap-6 py-6",
        aria_label="Langkah pemesanan",
    )


def _frame(active: int, title: str, *children) -> rx.Component:
    return site_page(
        container(
            _steps(active), rx.el.h1(title, class_name="text-2xl font-bold sm:text-3xl"), *children, class_name="pb-16"
        )
    )


def _product_card(p: Product) -> rx.Component:
    qty = S.qty_inputs.get(p.sku, 1)
    step = "flex h-10 w-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
    return rx.el.article(
        rx.el.img(src=p.image, alt=f"Foto {p.name}", width="120", height="160", class_name="mx-auto h-36 w-auto"),
        rx.el.h2(p.name, class_name="mt-4 text-lg font-bold"),
        rx.el.p(p.description, class_name="mt-1 flex-1 text-sm text-slate-600"),
        rx.el.p(p.price_text, class_name="mt-3 text-xl font-extrabold"),
        rx.el.div(
            rx.el.button(
                icon("minus", "h-4 w-4"),
                type="button",
                aria_label=f"Kurangi jumlah {p.name}",
                on_click=S.step_qty(p.sku, -1),
                class_name=step,
            ),
            rx.el.input(
                type="number",
                min="1",
                inputmode="numeric",
                value=qty,
                on_change=lambda v: S.set_qty_input(p.sku, v),
                aria_label=f"Jumlah {p.name}",
                class_name="h-10 w-16 rounded-lg border border-slate-300 text-center",
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


def _totals() -> rx.Component:
    row = "flex justify-between text-sm"
    return rx.el.dl(
        rx.el.div(rx.el.dt("Subtotal"), rx.el.dd(S.priced.subtotal_text, data_testid="subtotal"), class_name=row),
        rx.el.div(rx.el.dt("Ongkos kirim"), rx.el.dd(S.priced.shipping_text), class_name=row),
        rx.el.div(
            rx.el.dt("Total"),
            rx.el.dd(S.priced.total_text, data_testid="total"),
            class_name="flex justify-between border-t border-slate-200 pt-3 text-base font-bold",
        ),
        class_name="mt-4 flex flex-col gap-2",
    )


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
                                class_name="flex-1",
                            ),
                            rx.el.input(
                                type="number",
                                inputmode="numeric",
                                value=line.qty,
                                on_change=lambda v: S.set_line_qty(line.sku, v),
                                aria_label="Jumlah " + line.name,
                                class_name="h-9 w-14 rounded-lg border border-slate-300 text-center text-sm",
                            ),
                            rx.el.p(line.total_text, class_name="w-28 text-right text-sm font-semibold"),
                            rx.el.button(
                                icon("trash-2", "h-4 w-4"),
                                type="button",
                                aria_label="Hapus " + line.name,
                                on_click=S.remove_line(line.sku),
                                class_name="rounded p-1.5 text-red-600 hover:bg-red-50",
                            ),
                            class_name="flex items-center gap-2 py-3",
                            data_testid="cart-line",
                        ),
                    ),
                    class_name="divide-y divide-slate-100",
                ),
                _totals(),
                link_button("Lanjut Isi Data", "/checkout/form", BTN_PRIMARY + " mt-5 w-full"),
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
            link_button("Lanjut Isi Data", "/checkout/form", BTN_PRIMARY + " py-2.5"),
            class_name="fixed inset-x-0 bottom-0 z-40 flex items-center justify-between gap-3 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] lg:hidden",
            data_testid="phone-cart-bar",
        ),
    )


def products_page() -> rx.Component:
    return _frame(
        0,
        "Pilih Produk",
        rx.el.div(
            rx.el.div(*[_product_card(p) for p in PRODUCTS], class_name="grid gap-5 sm:grid-cols-2 xl:grid-cols-3"),
            _cart_panel(),
            class_name="mt-6 grid gap-6 pb-16 lg:grid-cols-[1fr_22rem] lg:pb-0",
        ),
        _phone_cart_bar(),
    )


def _summary() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Ringkasan Pesanan", class_name="text-lg font-bold"),
        rx.el.ul(
            rx.foreach(
                S.priced.lines,
                lambda line: rx.el.li(
                    rx.el.span(line.name, " × ", line.qty),
                    rx.el.span(line.total_text, class_name="font-medium"),
                    class_name="flex justify-between py-2 text-sm",
                ),
            ),
            class_name="mt-3 divide-y divide-slate-100",
        ),
        _totals(),
        class_name=f"{CARD} h-fit p-5",
    )


def _empty(title: str, text: str, button: str) -> rx.Component:
    return rx.el.div(
        icon("shopping-cart", "h-10 w-10 text-slate-400"),
        rx.el.h2(title, class_name="mt-4 text-xl font-bold"),
        rx.el.p(text, class_name="mt-2 text-slate-600"),
        link_button(button, "/checkout/products", BTN_PRIMARY + " mt-6"),
        class_name=f"{CARD} mx-auto mt-8 flex max-w-md flex-col items-center p-10 text-center",
    )


def _field(name: str, label: str, **props) -> rx.Component:
    return text_field(name, label, S.buyer[name], lambda v: S.set_buyer_field(name, v), S.errors.get(name, ""), **props)


def form_page() -> rx.Component:
    return _frame(
        1,
        "Data Pembeli",
        rx.cond(
            S.priced.item_count > 0,
            rx.el.div(
                rx.el.form(
                    _field("buyer_name", "Nama lengkap", autocomplete="name"),
                    _field(
                        "buyer_phone",
                        "Nomor telepon",
                        kind="tel",
                        autocomplete="tel",
                        inputmode="tel",
                        placeholder="0812-3456-7890",
                    ),
                    _field("buyer_email", "Email", kind="email", autocomplete="email", placeholder="nama@email.com"),
                    _field("shipping_address", "Alamat pengiriman", textarea=True, autocomplete="street-address"),
                    _field("note", "Catatan", required=False, textarea=True),
                    rx.el.div(
                        link_button("Kembali", "/checkout/products", BTN_OUTLINE),
                        rx.el.button("Lanjut ke Pembayaran", type="submit", class_name=BTN_PRIMARY),
                        class_name="flex justify-between gap-3",
                    ),
                    on_submit=lambda _: S.to_confirm(),
                    prevent_default=True,
                    no_validate=True,
                    class_name=f"{CARD} flex flex-col gap-2 p-5",
                ),
                _summary(),
                class_name="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]",
            ),
            _empty("Keranjang Kosong", "Silakan pilih produk terlebih dahulu", "Pilih Produk"),
        ),
    )


def _method_option(method: PaymentMethod, subtitle, disabled=False) -> rx.Component:
    return rx.el.label(
        rx.el.input(
            type="radio",
            name="payment_method",
            value=method.value,
            checked=S.payment_method == method.value,
            disabled=disabled,
            on_change=lambda _: S.choose_payment(method.value),
            class_name="mt-1 h-4 w-4",
        ),
        rx.el.span(
            rx.el.span(method.label, class_name="block font-semibold"),
            rx.el.span(subtitle, class_name="block text-sm text-slate-600"),
        ),
        class_name=rx.cond(
            disabled,
            "flex cursor-not-allowed gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 opacity-70",
            "flex cursor-pointer gap-3 rounded-xl border border-slate-300 p-4 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50",
        ),
    )


def _bank_details() -> rx.Component:
    s = get_settings()
    return rx.el.dl(
        rx.el.div(rx.el.dt("Bank", class_name="text-slate-500"), rx.el.dd("BCA", class_name="font-semibold")),
        rx.el.div(
            rx.el.dt("Atas nama", class_name="text-slate-500"),
            rx.el.dd(s.bca_account_holder, class_name="font-semibold"),
        ),
        rx.el.div(
            rx.el.dt("Nomor rekening", class_name="text-slate-500"),
            rx.el.dd(s.bca_account_number, class_name="font-mono text-lg font-bold"),
        ),
        rx.el.div(
            rx.el.dt("Jumlah transfer", class_name="text-slate-500"),
            rx.el.dd(S.priced.total_text, class_name="font-semibold"),
        ),
        class_name="grid gap-3 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2",
        data_testid="bank-details",
    )


def _qris() -> rx.Component:
    def img(cls):
        return tracked_img(
            src=S.qris_src, alt="QR Code QRIS pembayaran", on_load=S.qris_ok, on_error=S.qris_failed, class_name=cls
        )

    return rx.el.div(
        rx.cond(~S.qris_loaded, rx.el.p("Memuat QR Code...", class_name="text-sm text-slate-500")),
        rx.cond(S.qris_src != "", img("mx-auto h-56 w-56 rounded-lg border border-slate-200 bg-white p-2")),
        rx.el.p(
            "Bayar sejumlah ",
            rx.el.strong(S.priced.total_text),
            " lalu unggah bukti pembayaran.",
            class_name="mt-2 text-center text-sm",
        ),
        rx.el.button(
            icon("zoom-in", "h-4 w-4"),
            "Perbesar QR Code",
            type="button",
            on_click=S.set_qr_open(True),
            class_name=BTN_OUTLINE + " mx-auto mt-3 flex",
        ),
        rx.cond(S.qr_open, modal("QR Code QRIS", img("mx-auto mt-4 w-full max-w-sm"), on_close=S.set_qr_open(False))),
        class_name="rounded-xl bg-slate-50 p-4",
    )


def _buyer_block() -> rx.Component:
    def row(label, value):
        return rx.el.div(
            rx.el.dt(label, class_name="text-slate-500"), rx.el.dd(value, class_name="font-medium break-words")
        )

    return rx.el.section(
        rx.el.div(
            rx.el.h2("Data Pembeli", class_name="text-lg font-bold"),
            link_button("Ubah", "/checkout/form", "text-sm font-semibold text-blue-700 hover:underline"),
            class_name="flex items-center justify-between",
        ),
        rx.el.dl(
            row("Nama", S.buyer["buyer_name"]),
            row("Telepon", S.buyer["buyer_phone"]),
            row("Email", S.buyer["buyer_email"]),
            row("Alamat", S.buyer["shipping_address"]),
            rx.cond(S.buyer["note"] != "", row("Catatan", S.buyer["note"])),
            class_name="mt-3 grid gap-3 text-sm sm:grid-cols-2",
        ),
        class_name=f"{CARD} p-5",
    )


def confirm_page() -> rx.Component:
    send = rx.cond(
        chosen_count(PROOF_UPLOAD_ID) > 0,
        rx.el.button(
            rx.cond(S.submitting, "Mengirim pesanan...", "Kirim Pesanan"),
            type="button",
            disabled=S.submitting,
            on_click=S.submit_order(rx.upload_files(upload_id=PROOF_UPLOAD_ID)),
            class_name=BTN_PRIMARY + " w-full",
        ),
        rx.el.button("Kirim Pesanan", type="button", on_click=S.proof_missing, class_name=BTN_PRIMARY + " w-full"),
    )
    return _frame(
        2,
        "Pembayaran",
        rx.cond(
            (S.priced.item_count > 0) & S.buyer_complete,
            rx.el.div(
                rx.el.div(
                    _buyer_block(),
                    rx.el.section(
                        rx.el.h2("Metode Pembayaran", class_name="text-lg font-bold"),
                        rx.el.div(
                            _method_option(PaymentMethod.TRANSFER_BCA, "Transfer manual ke rekening BCA kami"),
                            _method_option(
                                PaymentMethod.QRIS,
                                rx.cond(
                                    S.priced.qris_allowed,
                                    "Scan dengan aplikasi e-wallet atau m-banking",
                                    f"Tidak tersedia: QRIS hanya untuk total sampai {rupiah(QRIS_MAX_TOTAL)} (ketentuan Bank Indonesia)",
                                ),
                                disabled=~S.priced.qris_allowed,
                            ),
                            class_name="mt-3 grid gap-3 sm:grid-cols-2",
                        ),
                        rx.el.div(
                            rx.cond(S.payment_method == PaymentMethod.QRIS, _qris(), _bank_details()), class_name="mt-4"
                        ),
                        class_name=f"{CARD} p-5",
                    ),
                    rx.el.section(
                        file_picker(
                            PROOF_UPLOAD_ID,
                            "Bukti pembayaran",
                            "JPG, PNG atau PDF, maksimal 10MB",
                            PROOF_ACCEPT,
                            S.proof_rejected,
                            required=True,
                        ),
                        class_name=f"{CARD} p-5",
                    ),
                    class_name="flex flex-col gap-6",
                ),
                rx.el.div(
                    _summary(),
                    send,
                    rx.el.p(
                        "Tim kami memverifikasi pembayaran dalam 1x24 jam.",
                        class_name="text-center text-xs text-slate-500",
                    ),
                    class_name="flex flex-col gap-4",
                ),
                class_name="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]",
            ),
            _empty("Data Tidak Lengkap", "Silakan lengkapi data pembelian terlebih dahulu", "Kembali"),
        ),
    )


def success_page() -> rx.Component:
    def row(label, value, tid):
        return rx.el.div(
            rx.el.dt(label, class_name="text-slate-500"),
            rx.el.dd(value, class_name="font-semibold", data_testid=tid),
            class_name="flex justify-between",
        )

    return site_page(
        container(
            rx.cond(
                R.loading,
                rx.el.p("Memuat data pesanan...", class_name="py-24 text-center text-slate-500"),
                rx.el.div(
                    icon("circle-check-big", "h-14 w-14 text-emerald-600"),
                    rx.el.h1("Terima Kasih! Pesanan Anda telah kami terima", class_name="mt-4 text-2xl font-bold"),
                    rx.el.dl(
                        row("Nomor pesanan", R.summary.number, "order-number"),
                        row("Total", R.summary.total, "order-total"),
                        row("Metode pembayaran", R.summary.method, "order-method"),
                        row("Status", "Paid Review", "order-status"),
                        class_name="mt-6 flex w-full flex-col gap-3 rounded-xl bg-slate-50 p-5 text-sm",
                    ),
                    rx.el.p(
                        "Tim kami akan memverifikasi pembayaran Anda dalam 1x24 jam dan mengirim konfirmasi lewat email.",
                        class_name="mt-4 text-sm text-slate-600",
                    ),
                    rx.el.div(
                        link_button("Kembali ke Beranda", "/", BTN_OUTLINE),
                        link_button("Belanja Lagi", "/checkout/products", BTN_PRIMARY),
                        class_name="mt-8 flex flex-wrap justify-center gap-3",
                    ),
                    class_name=f"{CARD} mx-auto my-12 flex max-w-lg flex-col items-center p-8 text-center",
                ),
            )
        )
    )


def failed_page() -> rx.Component:
    return site_page(
        container(
            rx.el.div(
                icon("circle-x", "h-14 w-14 text-red-600"),
                rx.el.h1("Pesanan Gagal Dibuat", class_name="mt-4 text-2xl font-bold"),
                rx.el.p("Alasan: ", R.reason, class_name="mt-3 text-slate-700", data_testid="failed-reason"),
                rx.el.div(
                    link_button("Coba Lagi", "/checkout/confirm", BTN_PRIMARY),
                    link_button("Kembali ke Beranda", "/", BTN_OUTLINE),
                    class_name="mt-8 flex flex-wrap justify-center gap-3",
                ),
                class_name=f"{CARD} mx-auto my-12 flex max-w-lg flex-col items-center p-8 text-center",
            )
        )
    )
