"""The WhatsApp conversation on an order's admin page (services/whatsapp/inbox.py): messages
both ways, slips the buyer sent, and a free reply while WhatsApp's 24-hour window is open.
Loaded after the order (state/admin/orders.py chains it); the same role as e-mail resend."""

from __future__ import annotations

import asyncio

import reflex as rx

from terminal_shop.services.backoffice import admin_orders
from terminal_shop.services.team.permissions import Permission
from terminal_shop.services.whatsapp import inbox
from terminal_shop.state import toast
from terminal_shop.state.admin.session import AdminState, admin_only

REPLY_FIELD = "whatsapp-reply"


class OrderWhatsAppState(AdminState):
    messages: list[inbox.MessageLine] = []
    window_open: bool = False  # the buyer wrote within 24 hours: a free reply may go
    reply_error: str = ""
    _order_id: str = ""

    async def _fill(self) -> None:
        order = await asyncio.to_thread(admin_orders.find, self._order_id)
        if order is None:
            self.messages, self.window_open = [], False
            return
        self.messages = await asyncio.to_thread(inbox.thread, "order", str(order.id))
        self.window_open = await asyncio.to_thread(inbox.window_open, order.buyer_phone)

    @rx.event
    @admin_only(permission=Permission.ORDERS_VIEW)
    async def load(self):
        self._order_id, self.reply_error = self.router.page.params.get("id", ""), ""
        await self._fill()

    @rx.event
    @admin_only(permission=Permission.ORDERS_VIEW)
    async def reply(self, form: dict):
        order = await asyncio.to_thread(admin_orders.find, self._order_id)
        if order is None:
            return toast.error("Pesanan tidak ditemukan")
        text = str(form.get("text", ""))[: inbox.REPLY_MAX + 1]
        try:
            await asyncio.to_thread(inbox.reply, "order", str(order.id), order.buyer_phone, text, self.admin_email)
        except inbox.ReplyRefused as refused:
            self.reply_error = str(refused)
            return toast.error(str(refused))
        self.reply_error = ""
        await self._fill()
        return [toast.success("Pesan WhatsApp dijadwalkan"), rx.set_value(REPLY_FIELD, "")]
