"""/akun/perangkat: the devices the session reaches (an owner's or a buyer's all, a member's
those of their outlets), each with its steps, "Terakhir terhubung", "Laporkan masalah" (the
service page's form) and "Pesan kertas"."""

from __future__ import annotations

import asyncio

import reflex as rx

from terminal_shop.services.customers import account, supplies
from terminal_shop.services.devices.owned import DeviceView
from terminal_shop.services.fleet import view as fleet
from terminal_shop.services.merchant_team.scope import Scope
from terminal_shop.services.merchant_team.terms import MemberRole
from terminal_shop.state import toast
from terminal_shop.state.account import AccountState
from terminal_shop.state.account_cart import fill_cart
from terminal_shop.state.account_check import account_only, checked_customer, checked_scope


def reached_devices(scope: Scope, email: str) -> list[DeviceView]:
    """Blocking (run in a thread): the devices this scope sees, with when each last spoke."""
    if scope.role is MemberRole.OWNER or scope.role is None:
        devices = account.of(email).devices
    else:
        devices = [d for d in account.devices_of(list(scope.merchants)) if scope.sees_device(d.id)]
    return fleet.with_last_seen(devices)


class DevicesState(AccountState):
    loaded: bool = False
    devices: list[DeviceView] = []

    @rx.event
    @account_only
    async def load(self):
        if away := await self._open():
            return away
        self.devices = await asyncio.to_thread(reached_devices, checked_scope(), checked_customer().email)
        self.loaded = True

    @rx.event
    @account_only
    async def order_paper(self, device_id: str):
        """ "Pesan kertas": the cart holds the roll this device's printer takes, the form the
        business's address; only for the signed-in merchant's own device."""
        found = await asyncio.to_thread(supplies.paper_order, checked_customer().email, str(device_id)[:40])
        if found is None:
            return toast.error("Perangkat tidak ditemukan")
        return await fill_cart(
            self, [(found.sku, 1)], found.buyer, "Kertas masuk keranjang; alamat usaha Anda sudah terisi"
        )
