"""The order page's WhatsApp card: the conversation both ways and the free reply."""

from __future__ import annotations

import reflex as rx

from terminal_shop.components.admin import BTN_SMALL
from terminal_shop.components.ui import CARD, INPUT
from terminal_shop.infra.settings import get_settings
from terminal_shop.state.admin.order_whatsapp import REPLY_FIELD
from terminal_shop.state.admin.order_whatsapp import OrderWhatsAppState as W


def _line(m) -> rx.Component:
    return rx.el.li(
        rx.el.p(rx.cond(m.direction == "masuk", "Dari pembeli", "Ke pembeli"), " · ", m.at, class_name="text-xs text-slate-500"),
        rx.el.p(m.text, class_name="text-sm"),
        rx.cond(m.status != "", rx.el.p(m.status, class_name="text-xs text-slate-600")),
        rx.cond(m.slip_url != "", rx.el.a("Lihat bukti dari WhatsApp", href=m.slip_url, target="_blank", rel="noopener",
                                          class_name="text-sm font-medium text-blue-700 underline")),
        class_name=rx.cond(m.direction == "masuk", "rounded-lg bg-emerald-50 p-3", "rounded-lg bg-slate-50 p-3"),
        data_testid="whatsapp-message",
    )  # fmt: skip


def _reply() -> rx.Component:
    return rx.cond(
        W.window_open,
        rx.el.form(
            rx.el.label("Balas lewat WhatsApp", html_for=REPLY_FIELD, class_name="text-sm font-medium"),
            rx.el.textarea(id=REPLY_FIELD, name="text", rows=2, max_length=1000, class_name=INPUT),
            rx.el.p(W.reply_error, class_name="min-h-[1.25rem] text-sm text-red-600", role="alert"),
            rx.el.button("Kirim WhatsApp", type="submit", class_name=BTN_SMALL),
            on_submit=W.reply,
            class_name="mt-3",
        ),
        rx.el.p("Balasan bebas hanya dalam 24 jam setelah pesan terakhir pembeli; di luar itu hanya pesan template.",
                class_name="mt-3 text-xs text-slate-500"),
    )  # fmt: skip


def whatsapp_card() -> rx.Component:
    if not get_settings().whatsapp_on:
        return rx.fragment()
    return rx.el.section(
        rx.el.h2("WhatsApp", class_name="text-lg font-bold"),
        rx.cond(W.messages, rx.el.ul(rx.foreach(W.messages, _line), class_name="mt-2 flex flex-col gap-2"),
                rx.el.p("Belum ada pesan WhatsApp.", class_name="mt-2 text-sm text-slate-500")),
        _reply(),
        class_name=f"{CARD} p-5",
    )  # fmt: skip
