"""How to pay, as the checkout and the order's own page both show it."""

from __future__ import annotations

import reflex as rx

from terminal_shop.components.ui import BTN_OUTLINE, icon, modal
from terminal_shop.infra.settings import get_settings


def bank_details(amount) -> rx.Component:
    s = get_settings()

    def row(label: str, value, value_class: str = "font-semibold") -> rx.Component:
        return rx.el.div(rx.el.dt(label, class_name="text-slate-500"), rx.el.dd(value, class_name=value_class))

    return rx.el.dl(
        row("Bank", "BCA"),
        row("Atas nama", s.bca_account_holder),
        row("Nomor rekening", s.bca_account_number, "font-mono text-lg font-bold"),
        row("Jumlah transfer", amount),
        class_name="grid gap-3 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2",
        data_testid="bank-details",
    )


def enlarge_button(on_click) -> rx.Component:
    return rx.el.button(
        icon("zoom-in", "h-4 w-4"),
        "Perbesar QR Code",
        type="button",
        on_click=on_click,
        class_name=BTN_OUTLINE + " mx-auto mt-3 flex",
    )


def _qr_drawing(qr, class_name: str) -> rx.Component:
    """The payment's dynamic QR, drawn by the server as SVG (sharp at any size)."""
    return rx.el.div(
        rx.html(qr.svg, class_name="h-full w-full [&_svg]:h-full [&_svg]:w-full"),
        role="img",
        aria_label="QR Code QRIS pembayaran",
        class_name=class_name,
        data_testid="qris-dynamic",
    )


def dynamic_qris(qr, is_open, open_, close) -> rx.Component:
    """The QR carries the exact total: the buyer's banking app fills the amount in."""
    return rx.el.div(
        _qr_drawing(qr, "mx-auto h-60 w-60 rounded-lg border border-slate-200 bg-white p-2"),
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
            enlarge_button(open_),
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
            is_open,
            modal("QR Code QRIS", _qr_drawing(qr, "mx-auto mt-4 aspect-square w-full max-w-md"), on_close=close),
        ),
    )
