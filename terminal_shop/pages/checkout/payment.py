"""Checkout step 3: buyer data, payment method, bank details or QRIS, proof of payment."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes, rules
from terminal_shop.catalogue import QRIS_MAX_TOTAL
from terminal_shop.components.files import chosen_count, file_picker, send_chosen
from terminal_shop.components.payment import bank_details, dynamic_qris, enlarge_button
from terminal_shop.components.ui import BTN_PRIMARY, CARD, link_button, modal, tracked_img
from terminal_shop.formats import rupiah
from terminal_shop.infra.uploads import PROOF_ACCEPT
from terminal_shop.pages.checkout.cart import empty_notice, order_summary, step_frame
from terminal_shop.reflex_compat import browser_expr
from terminal_shop.services.orders.terms import PaymentMethod
from terminal_shop.site_pages import Page
from terminal_shop.state.checkout import PROOF_SECTION, PROOF_UPLOAD_ID, QRIS_FALLBACK
from terminal_shop.state.checkout import CheckoutState as S
from terminal_shop.state.checkout_copy import READ_DRAFT
from terminal_shop.state.stock import StockState


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


def _static_qris() -> rx.Component:
    """The merchant's sticker image: the buyer types the amount."""

    def img(cls: str) -> rx.Component:
        return tracked_img(
            src=S.qris_src, alt="QR Code QRIS pembayaran", on_load=S.qris_ok, on_error=S.qris_failed, class_name=cls
        )

    demo = S.qris_src == QRIS_FALLBACK
    return rx.el.div(
        rx.cond(~S.qris_loaded & ~S.qris_broken, rx.el.p("Memuat QR Code...", class_name="text-sm text-slate-500")),
        rx.cond(S.qris_broken, rx.el.p("Gagal memuat QR Code. Pilih transfer BCA atau muat ulang halaman.",
                                       class_name="text-sm text-red-600", role="alert")),
        rx.cond(S.qris_src != "", rx.el.div(
            img("mx-auto h-56 w-56 rounded-lg border border-slate-200 bg-white p-2"),
            rx.cond(demo, rx.el.span("CONTOH QR (DEMO)", class_name="absolute left-1/2 top-2 -translate-x-1/2 rounded bg-amber-400 px-2 py-0.5 text-xs font-bold text-slate-900", data_testid="qris-demo")),
            class_name="relative mx-auto w-fit",
        )),
        rx.cond(demo, rx.el.p("QRIS toko belum dipasang: ini contoh untuk demo, bukan tujuan pembayaran.",
                              class_name="mt-1 text-center text-xs text-amber-800")),
        rx.el.p(
            "Bayar sejumlah ",
            rx.el.strong(S.priced.total_text),
            " lalu unggah bukti pembayaran.",
            class_name="mt-2 text-center text-sm",
        ),
        enlarge_button(S.set_qr_open(True)),
        rx.cond(S.qr_open, modal("QR Code QRIS", img("mx-auto mt-4 w-full max-w-sm"), on_close=S.set_qr_open(False))),
    )  # fmt: skip


def _qris() -> rx.Component:
    dynamic = dynamic_qris(S.payment_qr, S.qr_open, S.set_qr_open(True), S.set_qr_open(False))
    return rx.el.div(rx.cond(S.payment_qr, dynamic, _static_qris()), class_name="rounded-xl bg-slate-50 p-4")


def _buyer_block() -> rx.Component:
    def row(label, value):
        return rx.el.div(
            rx.el.dt(label, class_name="text-slate-500"), rx.el.dd(value, class_name="font-medium break-words")
        )

    return rx.el.section(
        rx.el.div(
            rx.el.h2("Data Pembeli", class_name="text-lg font-bold"),
            link_button(
                "Ubah",
                routes.CHECKOUT_FORM,
                "inline-flex min-h-11 min-w-11 items-center justify-center text-sm font-semibold text-blue-700 hover:underline",
            ),
            class_name="flex items-center justify-between",
        ),
        rx.el.dl(
            row("Nama", S.buyer["buyer_name"]),
            row("Telepon", S.buyer["buyer_phone"]),
            row("Email", S.buyer["buyer_email"]),
            row("Alamat", S.buyer["shipping_address"]),
            rx.cond(S.buyer["note"] != "", row("Catatan", S.buyer["note"])),
            rx.cond(
                S.buyer["pkp"] == "1",
                row(
                    "Faktur pajak",
                    S.buyer["tax_name"] + " · NPWP " + S.buyer["tax_id"] + " · NITKU " + S.buyer["tax_nitku"],
                ),
            ),  # fmt: skip
            class_name="mt-3 grid gap-3 text-sm sm:grid-cols-2",
        ),
        class_name=f"{CARD} p-5",
    )


def _step(n: int, text: str) -> rx.Component:
    """What to do, in order: pay, upload the proof, send."""
    return rx.el.p(
        rx.el.span(
            str(n), class_name="flex h-6 w-6 items-center justify-center rounded-full bg-blue-700 text-xs text-white"
        ),
        text,
        class_name="mb-2 flex items-center gap-2 text-sm font-semibold text-blue-800",
        data_testid=f"step-{n}",
    )


def _send() -> rx.Component:
    """Step 3: with a proof chosen, the order goes to our own route (web/submissions.py) with
    the tab's copy of the checkout and the state shows the answer; without one, the proof's
    field says so."""
    return rx.cond(
        chosen_count(PROOF_UPLOAD_ID) > 0,
        rx.el.button(
            rx.cond(S.submitting, "Mengirim pesanan...", "Kirim Pesanan"),
            type="button",
            disabled=S.submitting | ~S.ready,  # before its key, a resend could make a second order
            on_click=[
                S.sending(browser_expr(READ_DRAFT)),
                rx.call_function(send_chosen(routes.API_ORDER, PROOF_UPLOAD_ID, READ_DRAFT), callback=S.submitted),
            ],
            class_name=BTN_PRIMARY + " w-full",
        ),
        rx.el.button("Kirim Pesanan", type="button", on_click=S.proof_missing, class_name=BTN_PRIMARY + " w-full"),
    )


def _pay() -> rx.Component:
    """Step 1: the way to pay, and the account and exact amount (or the QR)."""
    return rx.el.section(
        _step(1, "Bayar dengan jumlah yang tertera"),
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
            rx.cond(S.payment_method == PaymentMethod.QRIS, _qris(), bank_details(S.transfer)),
            class_name="mt-4",
        ),
        class_name=f"{CARD} p-5",
    )


def confirm_page() -> rx.Component:
    proof = rx.el.section(
        _step(2, "Unggah bukti pembayaran"),
        file_picker(
            PROOF_UPLOAD_ID,
            "Bukti pembayaran",
            f"JPG, PNG atau PDF, maksimal {rules.UPLOAD_MAX}",
            PROOF_ACCEPT,
            S.proof_rejected,
            required=True,
            error=S.proof_error,
        ),
        id=PROOF_SECTION,
        class_name=f"{CARD} scroll-mt-24 p-5",
    )
    return step_frame(
        2,
        "Pembayaran",
        rx.cond(
            (S.priced.item_count > 0) & S.buyer_complete,
            rx.el.div(
                rx.el.div(_buyer_block(), _pay(), proof, class_name="flex flex-col gap-6"),
                rx.el.div(
                    order_summary(with_code=True),
                    _step(3, "Kirim pesanan"),
                    _send(),
                    rx.el.p(rules.PAYMENT_PROMISE, class_name="text-center text-xs text-slate-500"),
                    rx.cond(  # a service bill is no purchase to return
                        S.priced.bill_case == "",
                        rx.el.p(
                            rules.RETURN_TERMS,
                            class_name="text-center text-xs text-slate-500",
                            data_testid="return-terms",
                        ),
                    ),
                    class_name="flex flex-col gap-4",
                ),
                class_name="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]",
            ),
            empty_notice("Data Tidak Lengkap", "Silakan lengkapi data pembelian terlebih dahulu", "Kembali"),
        ),
    )


PAGES = (Page(routes.CHECKOUT_CONFIRM, "Pembayaran", confirm_page, on_load=[S.load_confirm, StockState.load]),)
