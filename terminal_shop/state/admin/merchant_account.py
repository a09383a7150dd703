"""A merchant's payout account request on its admin page (issue 61.4): the account asked for and
its photo beside the registration's holder, approved with the admin's authenticator code or
refused with a reason (services/registrations/payout_account.py)."""

from __future__ import annotations

import asyncio
import uuid

import reflex as rx

from terminal_shop.services.backoffice import merchant_actions
from terminal_shop.services.registrations import payout_account, payout_account_views
from terminal_shop.services.registrations.terms import AccountChangeRefusal
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state import toast
from terminal_shop.state.admin.session import AdminState, admin_only
from terminal_shop.state.attempt import attempt


class MerchantAccountState(AdminState):
    change: payout_account_views.ChangeReview | None = None
    _merchant_id: str = ""

    async def _fill(self) -> None:
        self.change = await asyncio.to_thread(payout_account_views.of_merchant, uuid.UUID(self._merchant_id))

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_VIEW)
    async def load(self):
        try:
            self._merchant_id = str(uuid.UUID(self.router.page.params.get("id", "")))
        except ValueError:
            self.change = None
            return
        await self._fill()

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_EDIT)
    async def approve(self, form: dict):
        if self.change is None:
            return toast.error(AccountChangeRefusal.NOT_FOUND.label)
        admin = self._admin()
        code, reason = str(form.get("code", ""))[:20], str(form.get("reason", ""))[:1000]
        tried = await attempt(merchant_actions.approve_account_change, str(admin.id), admin.email, self.change.id,
                              code, reason, failed="Gagal menyetujui. Coba lagi.")  # fmt: skip
        if not tried.ok:
            return tried.answer
        await self._fill()
        return toast.success(
            "Rekening baru disetujui", description=f"Dipakai mulai {self.change.effective if self.change else '-'}"
        )

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_EDIT)
    async def refuse(self, form: dict):
        if self.change is None:
            return toast.error(AccountChangeRefusal.NOT_FOUND.label)
        reason = str(form.get("reason", ""))[:1000]
        tried = await attempt(payout_account.refuse, self.change.id, self._admin().email, reason,
                              failed="Gagal menyimpan. Coba lagi.")  # fmt: skip
        if not tried.ok:
            return tried.answer
        await self._fill()
        return toast.success("Permintaan ganti rekening ditolak", description="Pemilik usaha menerima alasannya.")
