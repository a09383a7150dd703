"""/akun/pesanan: the orders placed and the merchant registrations sent with the signed-in
address, and "Pesan lagi"."""

from __future__ import annotations

import asyncio

import reflex as rx

from terminal_shop.services.customers import account
from terminal_shop.state import toast
from terminal_shop.state.account import AccountState
from terminal_shop.state.account_cart import fill_cart
from terminal_shop.state.account_check import account_only, checked_customer


class OrdersState(AccountState):
    loaded: bool = False
    orders: list[account.OrderLine] = []
    registrations: list[account.RegistrationLine] = []

    @rx.event
    @account_only
    async def load(self):
        if away := await self._open():
            return away
        mine = await asyncio.to_thread(account.of, checked_customer().email)
        self.orders, self.registrations = mine.orders, mine.registrations
        self.loaded = True

    @rx.event
    @account_only
    async def order_again(self, order_id: str):
        """ "Pesan lagi": the cart holds that order's lines, checked against the session's
        address again (any id may be sent over the websocket)."""
        lines = await asyncio.to_thread(account.lines_of, checked_customer().email, str(order_id)[:64])
        if not lines:
            return toast.error("Pesanan tidak dapat dipesan lagi")
        return await fill_cart(self, lines, None, "Keranjang diisi dengan pesanan yang sama")
