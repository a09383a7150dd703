"""/akun/sengketa (issue 47.4): the merchant's disputes with deadlines, the one being answered,
its evidence uploaded one file at a time, and the answer (contest with a note, or accept)."""

from __future__ import annotations

import asyncio
from typing import ClassVar

import reflex as rx

from terminal_shop.infra.uploads import MAX_UPLOAD_BYTES, TOO_LARGE_TEXT
from terminal_shop.services.disputes import cases
from terminal_shop.services.disputes.views import DisputeView
from terminal_shop.services.merchant_team.terms import Ability
from terminal_shop.services.reach import Reach
from terminal_shop.state import toast
from terminal_shop.state.account import AccountState
from terminal_shop.state.account_check import account_only, checked_customer, checked_scope, own_reach
from terminal_shop.state.attempt import attempt

EVIDENCE_UPLOAD_ID = "bukti-sengketa"


class DisputesState(AccountState):
    needs: ClassVar[Ability | None] = Ability.DISPUTES
    loaded: bool = False
    disputes: list[DisputeView] = []
    answering: str = ""  # the dispute whose answer form is open
    evidence_kind: str = "struk"

    @rx.event
    @account_only
    async def load(self):
        if away := await self._open():
            return away
        await self._load_disputes(checked_scope().reach(Ability.DISPUTES))
        self.loaded = True

    async def _load_disputes(self, merchants: Reach) -> None:
        self.disputes = await asyncio.to_thread(cases.of_merchants, merchants)

    @rx.event
    @account_only
    async def answer_dispute_open(self, dispute_id: str):
        self.answering = str(dispute_id)[:40]

    @rx.event
    @account_only
    async def answer_dispute_close(self):
        self.answering = ""

    @rx.event
    @account_only
    async def choose_evidence_kind(self, kind: str):
        self.evidence_kind = str(kind)[:20]

    @rx.event
    @account_only
    async def upload_evidence(self, files: list[rx.UploadFile]):
        """One file for the dispute being answered, checked as every upload is."""
        merchants = own_reach(self, Ability.DISPUTES)
        if merchants is None:
            return self._forget()
        clear = rx.clear_selected_files(EVIDENCE_UPLOAD_ID)
        if not files:
            return clear
        data = await files[0].read()
        if len(data) > MAX_UPLOAD_BYTES:
            return [toast.error(TOO_LARGE_TEXT), clear]
        email = checked_customer().email
        tried = await attempt(cases.add_evidence, merchants, self.answering, self.evidence_kind, data, email,
                              failed="Gagal menyimpan bukti. Coba lagi.", then=[clear])  # fmt: skip
        if not tried.ok:
            return tried.answer
        await self._load_disputes(merchants)
        return [toast.success("Bukti tersimpan"), clear]

    @rx.event
    @account_only
    async def answer_dispute(self, form: dict):
        """ "Bantah dengan bukti" (a note, at least one file) or "Terima chargeback"."""
        merchants = own_reach(self, Ability.DISPUTES)
        if merchants is None:
            return self._forget()
        decision, note = str(form.get("keputusan", ""))[:20], str(form.get("catatan", ""))[:2000]
        tried = await attempt(cases.answer, merchants, self.answering, decision, note, checked_customer().email,
                              failed="Gagal menyimpan tanggapan. Coba lagi.")  # fmt: skip
        if not tried.ok:
            return tried.answer
        self.answering = ""
        await self._load_disputes(merchants)
        return toast.success("Tanggapan terkirim: tim kami meneruskannya ke acquirer")
