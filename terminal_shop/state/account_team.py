"""The owner's outlets and the account's activity log on /akun (issue 49.1, 49.4). A mixin of
AccountState, each handler through the account's one check."""

from __future__ import annotations

import asyncio
import uuid

import reflex as rx

from terminal_shop.services.merchant_team import activity, outlets
from terminal_shop.services.merchant_team.activity import ActivityLine
from terminal_shop.services.merchant_team.outlets import OutletView, Placement
from terminal_shop.state import toast
from terminal_shop.state.account_check import account_only, checked_customer, own_merchants
from terminal_shop.state.attempt import attempt


class TeamMixin(rx.State, mixin=True):
    outlets: list[OutletView] = []
    placements: list[Placement] = []
    activity: list[ActivityLine] = []

    async def _load_team(self, merchants: list[uuid.UUID]) -> None:
        self.outlets, self.placements = await asyncio.to_thread(
            outlets.of_merchants, merchants, checked_customer().email
        )
        self.activity = await asyncio.to_thread(activity.of_merchants, merchants)

    @rx.event
    @account_only
    async def add_outlet(self, form: dict):
        merchants = own_merchants(self)
        if merchants is None:
            return self.reset()
        values = {k: str(form.get(k, ""))[:400] for k in ("nama", "alamat", "kecamatan", "kota")}
        tried = await attempt(outlets.add, merchants, str(form.get("usaha", ""))[:40], values, checked_customer().email,
                              failed="Gagal menyimpan outlet. Coba lagi.")  # fmt: skip
        if not tried.ok:
            return tried.answer
        await self._load_team(merchants)
        return toast.success(f"Outlet {values['nama'].strip()} ditambahkan")

    @rx.event
    @account_only
    async def move_device(self, device_id: str, outlet_id: str):
        merchants = own_merchants(self)
        if merchants is None:
            return self.reset()
        tried = await attempt(outlets.assign, merchants, str(device_id)[:40], str(outlet_id)[:40], checked_customer().email,
                              failed="Gagal memindahkan perangkat. Coba lagi.")  # fmt: skip
        if not tried.ok:
            return tried.answer
        await self._load_team(merchants)
        return toast.success("Perangkat dipindahkan")
