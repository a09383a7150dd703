"""The payout account card on /akun/pencairan, the owner's (issue 61.4): the account each business
is paid to, "Ganti rekening" with the new account and its photo, the e-mailed code, and
"Batalkan permintaan" (services/registrations/payout_account.py)."""

from __future__ import annotations

import asyncio
import uuid
from typing import ClassVar

import reflex as rx

from terminal_shop.infra.uploads import MAX_UPLOAD_BYTES, TOO_LARGE_TEXT, browser_rejection
from terminal_shop.refusals import texts
from terminal_shop.services.merchant_team.terms import Ability
from terminal_shop.services.registrations import payout_account, payout_account_views, tax_identity
from terminal_shop.services.registrations.details import DOC_WRONG_TYPE, validate_bank
from terminal_shop.services.registrations.terms import AccountChangeRefusal
from terminal_shop.state import toast
from terminal_shop.state.account import AccountState
from terminal_shop.state.account_check import account_only, checked_customer, own_merchants
from terminal_shop.state.attempt import attempt

PROOF_UPLOAD_ID = "bukti_rekening"


class PayoutAccountState(AccountState):
    needs: ClassVar[Ability | None] = Ability.PAYOUTS
    cards: list[payout_account_views.AccountCard] = []
    changing: str = ""  # the business whose "Ganti rekening" form is open
    change_errors: dict[str, str] = {}
    tax_editing: str = ""  # the business whose PKP form is open (issue 61.2)
    tax_error: str = ""

    async def _fill(self, merchants: list[uuid.UUID]) -> None:
        self.cards = await asyncio.to_thread(payout_account_views.cards, merchants)

    def _merchant(self, merchant_id: str, merchants: list[uuid.UUID]) -> uuid.UUID | None:
        return next((m for m in merchants if str(m) == str(merchant_id)[:40]), None)

    @rx.event
    @account_only
    async def load(self):
        merchants = own_merchants(self, Ability.PAYOUTS)
        if merchants is None:
            return self._forget()
        await self._fill(merchants)

    @rx.event
    @account_only
    async def open_change(self, merchant_id: str):
        merchants = own_merchants(self, Ability.PAYOUTS) or []
        self.changing = str(merchant_id)[:40] if self._merchant(merchant_id, merchants) else ""
        self.change_errors = {}

    @rx.event
    @account_only
    async def close_change(self):
        self.changing, self.change_errors = "", {}
        return rx.clear_selected_files(PROOF_UPLOAD_ID)

    @rx.event
    @account_only
    async def check_change(self, form: dict):
        """The form's fields, answered at once; send_change gets them too, with the photo."""
        self.change_errors = texts(validate_bank(form)[1])
        if self.change_errors:
            return toast.error("Periksa data rekening baru", description=next(iter(self.change_errors.values())))
        return None

    @rx.event
    @account_only
    async def send_change(self, files: list[rx.UploadFile], form: dict):
        """The new account's photo with its fields (reflex_compat.forms.submit_with_files); a
        refused field was answered by check_change and keeps the chosen photo."""
        merchants = own_merchants(self, Ability.PAYOUTS)
        if merchants is None:
            return self._forget()
        typed, errors = validate_bank(form)
        if errors or typed is None:
            return None
        merchant, clear = self._merchant(self.changing, merchants), rx.clear_selected_files(PROOF_UPLOAD_ID)
        if merchant is None:
            return None
        data = await files[0].read() if files else b""
        if len(data) > MAX_UPLOAD_BYTES:
            return toast.error(TOO_LARGE_TEXT)
        tried = await attempt(payout_account.request, merchant, typed, data, checked_customer().email,
                              failed="Gagal mengirim permintaan. Coba lagi.")  # fmt: skip
        if not tried.ok:
            return tried.answer
        self.changing = ""
        await self._fill(merchants)
        return [
            toast.success("Kode konfirmasi terkirim", description="Periksa email Anda, lalu masukkan kodenya di sini."),
            clear,
        ]

    @rx.event
    @account_only
    async def proof_rejected(self, codes: list[str]):
        title, message = browser_rejection(codes, DOC_WRONG_TYPE)
        return toast.error(title, description=message)

    @rx.event
    @account_only
    async def confirm_code(self, form: dict):
        return await self._on_change(payout_account.confirm, str(form.get("merchant", "")), "Permintaan dikonfirmasi",
                                     str(form.get("kode", ""))[:20])  # fmt: skip

    @rx.event
    @account_only
    async def cancel_change(self, merchant_id: str):
        return await self._on_change(payout_account.cancel, str(merchant_id), "Permintaan ganti rekening dibatalkan")

    async def _on_change(self, act, merchant_id: str, done: str, *given: str):
        merchants = own_merchants(self, Ability.PAYOUTS)
        if merchants is None:
            return self._forget()
        merchant = self._merchant(merchant_id, merchants)
        if merchant is None:
            return toast.error(AccountChangeRefusal.NOT_FOUND.label)
        tried = await attempt(act, merchant, *given, checked_customer().email, failed="Gagal menyimpan. Coba lagi.")
        if not tried.ok:
            return tried.answer
        await self._fill(merchants)
        return toast.success(done)

    @rx.event
    @account_only
    async def open_tax(self, merchant_id: str):
        merchants = own_merchants(self, Ability.PAYOUTS) or []
        self.tax_editing, self.tax_error = (str(merchant_id)[:40] if self._merchant(merchant_id, merchants) else ""), ""

    @rx.event
    @account_only
    async def close_tax(self):
        self.tax_editing, self.tax_error = "", ""

    @rx.event
    @account_only
    async def save_tax(self, form: dict):
        """The business is a PKP (its NPWP/NITKU on the MDR invoice and in Coretax), or no longer."""
        merchants = own_merchants(self, Ability.PAYOUTS)
        if merchants is None:
            return self._forget()
        merchant = self._merchant(self.tax_editing, merchants)
        if merchant is None:
            return toast.error(AccountChangeRefusal.NOT_FOUND.label)
        typed = {k: str(form.get(k, ""))[:1000] for k in ("pkp", "tax_id", "tax_nitku", "tax_name", "tax_address")}
        tried = await attempt(tax_identity.save, merchant, typed, checked_customer().email,
                              failed="Gagal menyimpan. Coba lagi.")  # fmt: skip
        if not tried.ok:
            self.tax_error = tried.refused.text if tried.refused else ""
            return tried.answer
        self.tax_editing, self.tax_error = "", ""
        await self._fill(merchants)
        return toast.success("Data PKP disimpan" if tried.value else "Tercatat: usaha ini bukan PKP",
                             description="Berlaku untuk invoice biaya MDR berikutnya.")  # fmt: skip
