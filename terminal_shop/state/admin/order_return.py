"""The returns on the admin's order page (issue 61.3): decide (approve with the pickup, or refuse),
receive each unit by scanning its SN, then refund or ship the exchange (services/returns/handling.py)."""

from __future__ import annotations

import asyncio
import uuid

import reflex as rx

from terminal_shop.services.returns import handling, views
from terminal_shop.services.returns.views import ReturnView
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state import toast
from terminal_shop.state.admin.session import AdminState, admin_only
from terminal_shop.state.attempt import attempt


class OrderReturnState(AdminState):
    returns: list[ReturnView] = []
    _order_id: str = ""

    @rx.event
    @admin_only(permission=Permission.ORDERS_VIEW)
    async def load(self):
        try:
            self._order_id = str(uuid.UUID(self.router.page.params.get("id", "")))
        except ValueError:
            self.returns = []
            return
        self.returns = await asyncio.to_thread(views.for_staff, uuid.UUID(self._order_id))

    async def _done(self, tried, said: str, detail: str | None = None):
        if not tried.ok:
            return tried.answer
        self.returns = await asyncio.to_thread(views.for_staff, uuid.UUID(self._order_id))
        return toast.success(said, description=detail)

    @rx.event
    @admin_only(permission=Permission.ORDERS_REVIEW)
    async def approve(self, form: dict):
        tried = await attempt(handling.approve, str(form.get("retur", ""))[:40], str(form.get("kurir", ""))[:20],
                              str(form.get("resi", ""))[:40], self._admin().email, failed="Gagal menyetujui retur")  # fmt: skip
        return await self._done(tried, "Retur disetujui", "Pembeli diberi tahu kurir dan resi penjemputan.")

    @rx.event
    @admin_only(permission=Permission.ORDERS_REVIEW)
    async def refuse(self, form: dict):
        tried = await attempt(handling.refuse, str(form.get("retur", ""))[:40], str(form.get("alasan", ""))[:600],
                              self._admin().email, failed="Gagal menolak retur")  # fmt: skip
        return await self._done(tried, "Retur ditolak", "Pembeli menerima alasannya.")

    @rx.event
    @admin_only(permission=Permission.FULFIL)
    async def receive(self, form: dict):
        tried = await attempt(handling.receive, str(form.get("retur", ""))[:40], str(form.get("sn", ""))[:40],
                              str(form.get("tujuan", ""))[:20], self._admin().email, failed="Gagal mencatat unit")  # fmt: skip
        return await self._done(
            tried, "Unit diterima", "Semua unit sudah diterima." if tried.value else "Pindai unit berikutnya."
        )

    @rx.event
    @admin_only(permission=Permission.ORDERS_REVIEW)
    async def refund(self, form: dict):
        tried = await attempt(handling.refund, str(form.get("retur", ""))[:40], str(form.get("referensi", ""))[:80],
                              self._admin().email, failed="Gagal mencatat pengembalian dana")  # fmt: skip
        return await self._done(tried, "Dana dikembalikan", f"Nota kredit {tried.value} dibuat.")

    @rx.event
    @admin_only(permission=Permission.FULFIL)
    async def exchange(self, form: dict):
        tried = await attempt(handling.exchange, str(form.get("retur", ""))[:40], str(form.get("pengganti", ""))[:200],
                              str(form.get("kurir", ""))[:20], str(form.get("resi", ""))[:40], self._admin().email,
                              failed="Gagal mengirim unit pengganti")  # fmt: skip
        return await self._done(tried, "Unit pengganti dikirim", "Pembeli diberi tahu resinya.")
