"""A PKP buyer's faktur pajak on the admin's order page (issue 61.1): its tax identity and the
NSFP the finance staff record from Coretax (services/orders/tax_invoices.py)."""

from __future__ import annotations

import asyncio
import uuid

import reflex as rx

from terminal_shop.services.orders import tax_invoices
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state import toast
from terminal_shop.state.admin.session import AdminState, admin_only
from terminal_shop.state.attempt import attempt


class OrderTaxState(AdminState):
    identity: str = ""  # "PT Maju · NPWP/NIK ... · NITKU ..."; "" when the buyer asked for no faktur
    nsfp: str = ""
    _order_id: str = ""

    @rx.event
    @admin_only(permission=Permission.ORDERS_VIEW)
    async def load(self):
        try:
            self._order_id = str(uuid.UUID(self.router.page.params.get("id", "")))
        except ValueError:
            self.identity = self.nsfp = ""
            return
        self.identity, self.nsfp = await asyncio.to_thread(tax_invoices.tax_line, uuid.UUID(self._order_id))

    @rx.event
    @admin_only(permission=Permission.ORDERS_REVIEW)
    async def record_nsfp(self, form: dict):
        tried = await attempt(tax_invoices.record_nsfp, self._order_id, str(form.get("nsfp", ""))[:40], self._admin().email,
                              failed="Gagal menyimpan NSFP")  # fmt: skip
        if not tried.ok:
            return tried.answer
        self.nsfp = tried.value or ""
        return toast.success("NSFP disimpan", description="Pembeli melihatnya di halaman pesanan dan invoice.")
