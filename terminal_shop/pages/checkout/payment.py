"""Checkout step 3: buyer data, payment method, bank details or QRIS, proof of payment."""

from __future__ import annotations

import reflex as rx

from terminal_shop.catalogue import QRIS_MAX_TOTAL
from terminal_shop.components.files import chosen_count, file_picker
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, icon, link_button, modal, tracked_img
from terminal_shop.money import rupiah
from terminal_shop.pages.checkout.cart import empty_notice, order_summary, step_frame
from terminal_shop.settings import get_settings
from terminal_shop.state.checkout import PROOF_UPLOAD_ID
from terminal_shop.state.checkout import CheckoutState as S
from terminal_shop.uploads import PROOF_ACCEPT
from terminal_shop.vocabulary import PaymentMethod


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


def _static_qris() -> rx.Component:
    """The merchant's sticker image: the buyer types the amount."""

    def img(cls: str) -> rx.Component:
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
        _enlarge_button(),
        rx.cond(S.qr_open, modal("QR Code QRIS", img("mx-auto mt-4 w-full max-w-sm"), on_close=S.set_qr_open(False))),
    )


def _qr_drawing(class_name: str) -> rx.Component:
    """The order's dynamic QR, drawn by the server as SVG (sharp at any size)."""
    return rx.el.div(
        rx.html(S.payment_qr.svg, class_name="h-full w-full [&_svg]:h-full [&_svg]:w-full"),
        role="img",
        aria_label="QR Code QRIS pembayaran",
        class_name=class_name,
        data_testid="qris-dynamic",
    )


def _enlarge_button() -> rx.Component:
    return rx.el.button(
        icon("zoom-in", "h-4 w-4"),
        "Perbesar QR Code",
        type="button",
        on_click=S.set_qr_open(True),
        class_name=BTN_OUTLINE + " mx-auto mt-3 flex",
    )


def _dynamic_qris() -> rx.Component:
    """The QR carries the exact total: the buyer's banking app fills the amount in."""
    qr = S.payment_qr
    return rx.el.div(
        _qr_drawing("mx-auto h-60 w-60 rounded-lg border border-slate-200 bg-white p-2"),
        rx.el.div(
            rx.el.p(qr.merchant_name, class_name="font-semibold"),
            rx.el.p(qr.amount_text, class_name="text-lg font-bold", data_testid="qris-amount"),
            rx.el.p("Berlaku untuk satu pembayaran", class_name="text-xs text-slate-500"),
            class_name="mt-2 text-center",
        ),
        rx.el.p(
            "Jumlah sudah terisi di aplikasi Anda. Setelah membayar, unggah bukti pembayaran.",
            class_name="mt-2 text-center text-sm",
        ),
        rx.el.div(
            _enlarge_button(),
            rx.el.a(
                icon("download", "h-4 w-4"),
                "Unduh QR",
                href=qr.png_data_url,
                download="qris-" + qr.bill_number + ".png",
                class_name=BTN_OUTLINE + " mx-auto mt-3 flex",
            ),
            class_name="flex flex-wrap justify-center gap-2",
        ),
        rx.cond(
            S.qr_open,
            modal(
                "QR Code QRIS", _qr_drawing("mx-auto mt-4 aspect-square w-full max-w-md"), on_close=S.set_qr_open(False)
            ),
        ),
    )


def _qris() -> rx.Component:
    return rx.el.div(rx.cond(S.payment_qr, _dynamic_qris(), _static_qris()), class_name="rounded-xl bg-slate-50 p-4")


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
    return step_frame(
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
                    order_summary(),
                    send,
                    rx.el.p(
                        "Tim kami memverifikasi pembayaran dalam 1x24 jam.",
                        class_name="text-center text-xs text-slate-500",
                    ),
                    class_name="flex flex-col gap-4",
                ),
                class_name="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]",
            ),
            empty_notice("Data Tidak Lengkap", "Silakan lengkapi data pembelian terlebih dahulu", "Kembali"),
        ),
    )
