"""/masuk and /akun: the sign-in page's step and message (read from its address), and what the
signed-in person owns, read for the session whose hash the tab's connection carries
(web/guards.py; the cookie itself never reaches the state)."""

from __future__ import annotations

import asyncio

import reflex as rx

from terminal_shop import routes
from terminal_shop.reflex_compat import request_header
from terminal_shop.services.customers import account, signin
from terminal_shop.services.devices.owned import DeviceView


class SignInState(rx.State):
    step: str = "email"  # "email", then "kode" once a code was sent
    error: str = ""
    notice: str = ""

    @rx.event
    def load(self):
        q = self.router.url.query_parameters
        self.step = "kode" if q.get("langkah") == "kode" else "email"
        refusal = signin.SignInRefusal.parse(q.get("gagal", ""))
        self.error = refusal.label if refusal else ""
        self.notice = "Anda sudah keluar." if q.get("keluar") else ""


class AccountState(rx.State):
    email: str = ""
    orders: list[account.OrderLine] = []
    registrations: list[account.RegistrationLine] = []
    devices: list[DeviceView] = []
    loaded: bool = False

    @rx.event
    async def load(self):
        self.loaded = False
        customer = await asyncio.to_thread(signin.session_customer, request_header(self, signin.SESSION_HASH_HEADER))
        if customer is None:
            self.email, self.orders, self.registrations, self.devices = "", [], [], []
            return rx.redirect(routes.SIGN_IN, replace=True)
        mine = await asyncio.to_thread(account.of, customer.email)
        self.email, self.orders, self.registrations, self.devices = (
            mine.email,
            mine.orders,
            mine.registrations,
            mine.devices,
        )
        self.loaded = True
        return None
