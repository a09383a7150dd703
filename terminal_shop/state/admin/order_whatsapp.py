"""The WhatsApp conversation on an order's or a merchant's admin page
(services/whatsapp/inbox.py): messages both ways, slips the buyer sent, and a free reply
while WhatsApp's 24-hour window is open. Loaded after the record (its page's state chains
it); the same role as the page itself."""

from __future__ import annotations

import asyncio
from typing import ClassVar

import reflex as rx

from terminal_shop.services.team.permissions import Permission
from terminal_shop.services.whatsapp import inbox
from terminal_shop.state import toast
from terminal_shop.state.admin.session import AdminState, admin_only

REPLY_FIELD = "whatsapp-reply"


class ConversationMixin(rx.State, mixin=True):
    """What the two pages share; `_entity_type` names whose conversation it is."""

    messages: list[inbox.MessageLine] = []
    window_open: bool = False  # the person wrote within 24 hours: a free reply may go
    reply_error: str = ""
    _record_id: str = ""
    _entity_type: ClassVar[str]

    async def _fill(self) -> None:
        phone = await asyncio.to_thread(inbox.phone_of, self._entity_type, self._record_id)
        if phone is None:
            self.messages, self.window_open = [], False
            return
        self.messages = await asyncio.to_thread(inbox.thread, self._entity_type, self._record_id)
        self.window_open = await asyncio.to_thread(inbox.window_open, phone)

    async def _load(self, record_id: str) -> None:
        self._record_id, self.reply_error = record_id, ""
        await self._fill()

    async def _reply(self, form: dict, admin_email: str):
        phone = await asyncio.to_thread(inbox.phone_of, self._entity_type, self._record_id)
        if phone is None:
            return toast.error("Data tidak ditemukan")
        text = str(form.get("text", ""))[: inbox.REPLY_MAX + 1]
        try:
            await asyncio.to_thread(inbox.reply, self._entity_type, self._record_id, phone, text, admin_email)
        except inbox.ReplyRefused as refused:
            self.reply_error = refused.text
            return toast.error(refused.text)
        self.reply_error = ""
        await self._fill()
        return [toast.success("Pesan WhatsApp dijadwalkan"), rx.set_value(REPLY_FIELD, "")]


class OrderWhatsAppState(ConversationMixin, AdminState):
    _entity_type: ClassVar[str] = "order"

    @rx.event
    @admin_only(permission=Permission.ORDERS_VIEW)
    async def load(self):
        await self._load(self.router.page.params.get("id", ""))

    @rx.event
    @admin_only(permission=Permission.ORDERS_VIEW)
    async def reply(self, form: dict):
        return await self._reply(form, self.admin_email)


class MerchantWhatsAppState(ConversationMixin, AdminState):
    _entity_type: ClassVar[str] = "merchant"

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_VIEW)
    async def load(self):
        await self._load(self.router.page.params.get("id", ""))

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_EDIT)
    async def reply(self, form: dict):
        return await self._reply(form, self.admin_email)
