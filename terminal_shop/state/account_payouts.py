"""/akun/pencairan, the owner's (issue 47.2, 47.5): the payouts and the next one, a payout's
breakdown, "Dana belum masuk?", "Sudah masuk" and the daily recap's channel."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable
from typing import ClassVar

import reflex as rx

from terminal_shop.services.merchant_team.terms import Ability
from terminal_shop.services.payouts import cases, recap
from terminal_shop.services.payouts import merchant as merchant_payouts
from terminal_shop.services.payouts.views import PayoutDetail, PayoutLine
from terminal_shop.services.transactions import fee_invoices
from terminal_shop.state import toast
from terminal_shop.state.account import AccountState
from terminal_shop.state.account_check import account_only, checked_customer, checked_scope, own_merchants
from terminal_shop.state.account_payout_account import PayoutAccountState
from terminal_shop.state.attempt import attempt

BREAKDOWN_ID = "rincian-pencairan"


class PayoutsState(AccountState):
    needs: ClassVar[Ability | None] = Ability.PAYOUTS
    loaded: bool = False
    payouts: list[PayoutLine] = []  # an approved merchant's, newest first (services/payouts)
    next_payout: PayoutLine | None = None
    payout: PayoutDetail | None = None  # the one opened, with its breakdown
    recap: str = ""  # the daily recap's channel: "", "email", "whatsapp"
    recap_options: list[list[str]] = [["", "Tidak usah"], ["email", "Email"]]  # the channels that would deliver it
    fee_invoices: list[fee_invoices.FeeInvoiceLine] = []  # the monthly MDR invoices, newest first

    @rx.event
    @account_only
    async def load(self):
        if away := await self._open():
            return away
        await self._load_payouts(checked_scope().merchant_ids(Ability.PAYOUTS))
        self.loaded = True
        return PayoutAccountState.load  # the account card, after the payouts

    async def _load_payouts(self, merchants: list[uuid.UUID]) -> None:
        self.payouts = await asyncio.to_thread(merchant_payouts.of_merchants, merchants)
        self.next_payout = merchant_payouts.next_of(self.payouts)
        self.fee_invoices = await asyncio.to_thread(fee_invoices.of_merchants, merchants)
        self.recap = await asyncio.to_thread(recap.choice_of, merchants)
        self.recap_options = [
            ["", "Tidak usah"],
            *([k, v] for k, v in (await asyncio.to_thread(recap.offered, merchants)).items()),
        ]

    @rx.event
    @account_only
    async def open_payout(self, payout_id: str):
        """One payout's breakdown: only the signed-in merchant's own (another's is not found)."""
        merchants = own_merchants(self, Ability.PAYOUTS)
        if merchants is None:
            return self._forget()
        self.payout = await asyncio.to_thread(merchant_payouts.detail, merchants, str(payout_id)[:60])
        if self.payout is not None:
            return rx.scroll_to(BREAKDOWN_ID)  # under its row, in view on a phone

    @rx.event
    @account_only
    async def close_payout(self):
        self.payout = None

    @rx.event
    @account_only
    async def report_missing(self, payout_id: str):
        """ "Dana belum masuk?" on the open payout: the case, and when the answer is promised."""
        return await self._on_payout(cases.open_case, str(payout_id)[:60], "Laporan terkirim")

    @rx.event
    @account_only
    async def reopen_case(self, payout_id: str):
        """ "Masih belum masuk" after the answer said it arrived: the case opens again."""
        return await self._on_payout(cases.reopen, str(payout_id)[:60], "Laporan dibuka lagi")

    @rx.event
    @account_only
    async def confirm_received(self, payout_id: str):
        return await self._on_payout(cases.mark_received, str(payout_id)[:60], "Tercatat: dana sudah masuk")

    async def _on_payout(self, act: Callable[..., object], payout_id: str, done: str):
        merchants = own_merchants(self, Ability.PAYOUTS)
        if merchants is None:
            return self._forget()
        tried = await attempt(act, merchants, payout_id, checked_customer().email, failed="Gagal menyimpan. Coba lagi.")
        if not tried.ok:
            return tried.answer
        self.payout = await asyncio.to_thread(merchant_payouts.detail, merchants, payout_id)
        self.payouts = await asyncio.to_thread(merchant_payouts.of_merchants, merchants)
        self.next_payout = merchant_payouts.next_of(self.payouts)
        return toast.success(done)

    @rx.event
    @account_only
    async def choose_recap(self, form: dict):
        """The 07.00 WIB recap by e-mail or WhatsApp, or none."""
        merchants = own_merchants(self, Ability.PAYOUTS)
        if merchants is None:
            return self._forget()
        self.recap = await asyncio.to_thread(
            recap.choose, merchants, str(form.get("rekap", "")), checked_customer().email
        )
        return toast.success("Rekap harian " + (recap.CHANNELS[self.recap] if self.recap else "dimatikan"))
