"""An order's proof of payment beside the amount it must show: the checkout's file, the slips the
buyer sent by WhatsApp, and the statement line that pays it."""

from __future__ import annotations

import reflex as rx

from terminal_shop.components.admin import BTN_SMALL
from terminal_shop.components.ui import CARD, icon, modal, tracked_img
from terminal_shop.services.orders.terms import OrderStatus
from terminal_shop.state.admin import OrderDetailState as D
from terminal_shop.state.admin.order_whatsapp import OrderWhatsAppState


def _proof_frame(cls: str) -> rx.Component:
    return rx.cond(
        D.proof_is_pdf,
        rx.el.iframe(src=D.proof_url, title="Bukti pembayaran (PDF)", class_name=cls),
        tracked_img(
            src=D.proof_url, alt="Bukti pembayaran", on_error=D.proof_error, class_name=cls + " object-contain"
        ),
    )


def _proof_shown() -> rx.Component:
    """The proof, or why it did not load with a way to try again."""
    shown = rx.el.div(
        _proof_frame("h-72 w-full rounded-lg border border-slate-200 bg-slate-50"),
        rx.el.div(
            rx.el.button(
                icon("maximize-2", "h-4 w-4"),
                "Lihat penuh",
                type="button",
                on_click=D.set_proof_open(True),
                class_name=BTN_SMALL,
            ),
            rx.el.a(
                icon("external-link", "h-4 w-4"),
                "Buka di tab baru",
                href=D.proof_url,
                target="_blank",
                rel="noopener",
                class_name=BTN_SMALL,
            ),
            class_name="mt-3 flex gap-2",
        ),
        class_name="mt-3",
    )
    failed = rx.el.div(
        rx.el.p("Gagal memuat bukti pembayaran", class_name="text-sm text-red-600"),
        rx.el.button(
            icon("refresh-cw", "h-4 w-4"),
            "Coba Lagi",
            type="button",
            on_click=D.retry_proof,
            class_name=BTN_SMALL + " mt-2",
        ),
        class_name="mt-3",
    )
    return rx.cond(
        D.proof_url == "",
        rx.el.p("Tidak dapat memuat bukti pembayaran", class_name="mt-2 text-sm text-slate-500"),
        rx.cond(D.proof_failed, failed, shown),
    )  # fmt: skip


def _whatsapp_slips() -> rx.Component:
    """Slips the buyer sent by WhatsApp, beside the amount they must show (issue 50.9: a link at
    the page's bottom); a PDF opens from its name, an image shows itself."""

    def slip(m) -> rx.Component:
        return rx.cond(
            m.slip_url != "",
            rx.el.li(
                rx.el.a(
                    tracked_img(
                        src=m.slip_url,
                        alt="Bukti dari WhatsApp, " + m.at,
                        class_name="h-40 w-full rounded-lg border border-slate-200 bg-slate-50 object-contain",
                    ),
                    rx.el.span("WhatsApp · ", m.at, class_name="mt-1 block text-xs text-slate-600"),
                    href=m.slip_url,
                    target="_blank",
                    rel="noopener",
                ),
                data_testid="whatsapp-slip",
            ),
        )

    return rx.el.ul(rx.foreach(OrderWhatsAppState.messages, slip), class_name="mt-3 grid grid-cols-2 gap-3 empty:hidden",
                    aria_label="Bukti dari WhatsApp")  # fmt: skip


def proof_viewer() -> rx.Component:
    frame = _proof_frame
    return rx.el.section(
        rx.el.h2("Bukti Pembayaran", class_name="text-lg font-bold"),
        rx.el.p(
            "Jumlah seharusnya: ",
            rx.el.strong(D.order.total, class_name="text-lg"),
            " · ",
            D.order.method,
            class_name="mt-2 text-sm",
            data_testid="expected-amount",
        ),
        rx.cond(
            D.order.status == OrderStatus.PAID_REVIEW,
            rx.cond(
                D.paying_line != "",
                rx.el.p(
                    "Mutasi: ", D.paying_line, class_name="mt-1 text-sm text-emerald-700", data_testid="paying-line"
                ),
                rx.el.p(
                    "Belum ada mutasi yang cocok dengan jumlah ini.",
                    class_name="mt-1 text-sm text-amber-700",
                    data_testid="paying-line",
                ),
            ),
        ),
        _proof_shown(),
        _whatsapp_slips(),
        rx.cond(
            D.proof_open,
            modal(
                "Bukti pembayaran", frame("mt-3 h-[80vh] w-full"), on_close=D.set_proof_open(False), width="max-w-5xl"
            ),
        ),
        class_name=f"{CARD} p-5",
    )
