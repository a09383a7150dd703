"""The WhatsApp card of an order's or a merchant's page: the conversation both ways and the free reply."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop import rules
from terminal_shop.components.admin import BTN_SMALL
from terminal_shop.components.ui import CARD, INPUT
from terminal_shop.infra.settings import get_settings
from terminal_shop.state.admin.order_whatsapp import REPLY_FIELD


def _line(m) -> rx.Component:
    return rx.el.li(
        rx.el.p(rx.cond(m.direction == "masuk", "Dari pelanggan", "Ke pelanggan"), " · ", m.at, class_name="text-xs text-slate-500"),
        rx.el.p(m.text, class_name="text-sm"),
        rx.cond(m.status != "", rx.el.p(m.status, class_name="text-xs text-slate-600")),
        rx.cond(m.slip_url != "", rx.el.a("Lihat bukti dari WhatsApp", href=m.slip_url, target="_blank", rel="noopener",
                                          class_name="text-sm font-medium text-blue-700 underline")),
        class_name=rx.cond(m.direction == "masuk", "rounded-lg bg-emerald-50 p-3", "rounded-lg bg-slate-50 p-3"),
        data_testid="whatsapp-message",
    )  # fmt: skip


def _reply(c: Any) -> rx.Component:
    return rx.cond(
        c.window_open,
        rx.el.form(
            rx.el.label("Balas lewat WhatsApp", html_for=REPLY_FIELD, class_name="text-sm font-medium"),
            rx.el.textarea(id=REPLY_FIELD, name="text", rows=2, max_length=1000, class_name=INPUT),
            rx.el.p(c.reply_error, class_name="min-h-[1.25rem] text-sm text-red-600", role="alert"),
            rx.el.button("Kirim WhatsApp", type="submit", class_name=BTN_SMALL),
            on_submit=c.reply,
            class_name="mt-3",
        ),
        rx.el.p(f"Balasan bebas hanya dalam {rules.hours(rules.WHATSAPP_REPLY_WINDOW)} setelah pesan terakhir pelanggan; "
                "di luar itu hanya pesan template.",
                class_name="mt-3 text-xs text-slate-500"),
    )  # fmt: skip


def whatsapp_card(c: Any) -> rx.Component:
    """`c`: OrderWhatsAppState or MerchantWhatsAppState (state/admin/order_whatsapp.py)."""
    if not get_settings().whatsapp_on:
        return rx.fragment()
    return rx.el.section(
        rx.el.h2("WhatsApp", class_name="text-lg font-bold"),
        rx.cond(c.messages, rx.el.ul(rx.foreach(c.messages, _line), class_name="mt-2 flex flex-col gap-2"),
                rx.el.p("Belum ada pesan WhatsApp.", class_name="mt-2 text-sm text-slate-500")),
        _reply(c),
        class_name=f"{CARD} p-5",
    )  # fmt: skip
