"""/akun/data: the person's requests under UU 27/2022, "Minta salinan data" and "Minta
penghapusan data", for everything the address owns."""

from __future__ import annotations

import asyncio

import reflex as rx

from terminal_shop.services.customers import account
from terminal_shop.services.privacy import person, requests
from terminal_shop.services.privacy.terms import DataRequestKind
from terminal_shop.state.account import AccountState
from terminal_shop.state.account_check import account_only, checked_customer


class DataState(AccountState):
    loaded: bool = False
    data_requests: list[str] = []  # the person's open requests for their data
    request_answer: str = ""
    request_error: str = ""

    @rx.event
    @account_only
    async def load(self):
        if away := await self._open():
            return away
        records = await asyncio.to_thread(account.records_of, checked_customer().email)
        self.data_requests = await asyncio.to_thread(person.open_for_records, records)
        self.loaded = True

    @rx.event
    @account_only
    async def ask_about_me(self, kind: str):
        chosen, customer = DataRequestKind.parse(str(kind)), checked_customer()
        if chosen is None:
            return None
        records = await asyncio.to_thread(account.records_of, customer.email)
        try:
            answer = await asyncio.to_thread(person.ask_for_records, records, chosen, self.router.session.client_ip)
            self.request_answer, self.request_error = answer, ""
        except requests.RequestError as exc:
            self.request_answer, self.request_error = "", exc.text
        self.data_requests = await asyncio.to_thread(person.open_for_records, records)
        return None
