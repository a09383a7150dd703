"""The MDR a merchant agreed, on its admin page (services/transactions/agreed.py): listed to
whoever sees the merchant, set by the roles that run transactions (owner, finance)."""

from __future__ import annotations

import asyncio
import uuid

import reflex as rx

from terminal_shop.refusals import texts
from terminal_shop.services.team.permissions import Permission
from terminal_shop.services.transactions import agreed
from terminal_shop.state import toast
from terminal_shop.state.admin.session import AdminState, admin_only


class MerchantRatesState(AdminState):
    rates: list[agreed.RateLine] = []
    errors: dict[str, str] = {}
    _merchant_id: str = ""

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_VIEW)
    async def load(self):
        self.errors = {}
        try:
            self._merchant_id = str(uuid.UUID(self.router.page.params.get("id", "")))
        except ValueError:
            self._merchant_id, self.rates = "", []
            return
        self.rates = await asyncio.to_thread(agreed.rates_of, self._merchant_id)

    @rx.event
    @admin_only(permission=Permission.TRANSACTIONS)
    async def set_rate(self, form: dict):
        if not self._merchant_id:
            return None
        fields = {k: str(form.get(k, ""))[:20] for k in ("channel", "percent", "flat", "since")}
        self.errors = texts(await asyncio.to_thread(agreed.set_rate, self._merchant_id, fields, self.admin_email))
        if self.errors:
            return toast.error(next(iter(self.errors.values())))
        self.rates = await asyncio.to_thread(agreed.rates_of, self._merchant_id)
        return toast.success("MDR merchant disimpan")
