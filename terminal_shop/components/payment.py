"""How to pay, as the checkout and the order's own page both show it."""

from __future__ import annotations

import reflex as rx

from terminal_shop.components.ui import BTN_OUTLINE, icon, modal
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.orders import transfer_codes
from terminal_shop.state import toast


def transfer_amount(transfer) -> rx.Component:
    """The exact amount to transfer, large, with a copy button (an orders.views.TransferAmount var);
    while the amount is being held, a wait rather than a figure the buyer might copy."""
    return rx.cond(
        transfer.digits != "",
        _exact_amount(transfer),
        rx.el.div(
            rx.el.p(PENDING, class_name="text-sm text-slate-600", role="status"),
            class_name="rounded-xl border-2 border-slate-300 bg-white p-4",
            data_testid="transfer-exactly",
        ),
    )


PENDING = "Menghitung jumlah transfer Anda..."


def _exact_amount(transfer) -> rx.Component:
    before, after = transfer_codes.EXACTLY
    return rx.el.div(
        rx.el.p("Jumlah transfer", class_name="text-sm text-slate-500"),
        rx.el.div(
            rx.el.span(transfer.text, class_name="font-mono text-2xl font-bold", data_testid="transfer-amount"),
            rx.el.button(
                icon("copy", "h-4 w-4"),
                "Salin",
                type="button",
                on_click=[rx.set_clipboard(transfer.digits), toast.success("Jumlah transfer disalin")],
                aria_label="Salin jumlah transfer",
                class_name=BTN_OUTLINE + " px-3 py-1 text-sm",
            ),
            class_name="mt-1 flex flex-wrap items-center gap-3",
        ),
        rx.el.p(
            before,
            rx.el.strong(transfer.text),
            after,
            rx.cond(transfer.code_text != "", rx.el.span(" ", transfer_codes.CODE_TAKEN_OFF, transfer.code_text, ".")),
            class_name="mt-1 text-sm text-slate-700",
        ),
        class_name="rounded-xl border-2 border-blue-600 bg-white p-4",
        data_testid="transfer-exactly",
    )


def bank_details(transfer) -> rx.Component:
    """BCA's account and the exact amount (an orders.views.TransferAmount var)."""
    s = get_settings()

    def row(label: str, value, value_class: str = "font-semibold") -> rx.Component:
        return rx.el.div(rx.el.dt(label, class_name="text-slate-500"), rx.el.dd(value, class_name=value_class))

    return rx.el.div(
        rx.el.dl(
            row("Bank", "BCA"),
            row("Atas nama", s.bca_account_holder),
            rx.el.div(
                rx.el.dt("Nomor rekening", class_name="text-slate-500"),
                rx.el.dd(
                    rx.el.span(
                        s.bca_account_number, class_name="font-mono text-lg font-bold", data_testid="bca-account"
                    ),
                    rx.el.button(
                        icon("copy", "h-4 w-4"),
                        "Salin",
                        type="button",
                        on_click=[
                            rx.set_clipboard("".join(ch for ch in s.bca_account_number if ch.isdigit())),
                            toast.success("Nomor rekening disalin"),
                        ],
                        aria_label="Salin nomor rekening",
                        class_name=BTN_OUTLINE + " px-3 py-1 text-sm",
                    ),
                    class_name="flex flex-wrap items-center gap-3",
                ),
            ),  # issue 50.10: copied as the amount is, digits only for the banking app  # fmt: skip
            class_name="grid gap-3 sm:grid-cols-3",
        ),
        transfer_amount(transfer),
        class_name="flex flex-col gap-4 rounded-xl bg-slate-50 p-4 text-sm",
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
