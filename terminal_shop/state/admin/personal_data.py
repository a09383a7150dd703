"""A record's personal data on its admin page: the data subject's copy and erasure
(services/privacy/requests.py), and an approved merchant's relationship ended or resumed."""

from __future__ import annotations

import asyncio

import reflex as rx

from terminal_shop import routes
from terminal_shop.services.backoffice import merchant_actions
from terminal_shop.services.privacy import requests
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state import toast
from terminal_shop.state.admin.merchants import DELETE_PHRASE, MerchantDetailState
from terminal_shop.state.admin.orders import OrderDetailState
from terminal_shop.state.admin.session import AdminState, admin_only
from terminal_shop.state.attempt import attempt

MSG_PHRASE = f'Ketik "{DELETE_PHRASE}" untuk melanjutkan'


class PersonalDataState(AdminState):
    phrase: str = ""
    outcome: str = ""  # what the last erasure did, in the admin's words

    def _record(self) -> tuple[str, str]:
        """(kind, id) of the record whose page this is."""
        kind = "merchant" if self.router.url.path.startswith(routes.with_id(routes.ADMIN_MERCHANT, "")) else "order"
        return kind, self.router.page.params.get("id", "")

    def _confirmed(self) -> bool:
        """The SPEC's typed phrase for deletes, used once."""
        typed, self.phrase = self.phrase, ""
        return typed == DELETE_PHRASE

    def _reload(self):
        kind, _ = self._record()
        return MerchantDetailState.load if kind == "merchant" else OrderDetailState.load

    @rx.event
    @admin_only(permission=Permission.PERSONAL_DATA)
    async def set_phrase(self, value: str):
        self.phrase = str(value)[:40]

    @rx.event
    @admin_only(permission=Permission.PERSONAL_DATA)
    async def download(self):
        if not self._confirmed():
            return toast.error(MSG_PHRASE)
        kind, record_id = self._record()
        return [rx.download(url=requests.export_link(kind, record_id)), toast.success("Arsip data pribadi diunduh")]

    @rx.event
    @admin_only(permission=Permission.PERSONAL_DATA)
    async def erase(self):
        if not self._confirmed():
            return toast.error(MSG_PHRASE)
        done = await attempt(
            requests.erase_or_restrict, *self._record(), self.admin_email, failed="Gagal menghapus data pribadi"
        )
        if not done.ok:
            return done.answer
        self.outcome = done.value or ""
        return [toast.success(self.outcome), self._reload()]

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_EDIT)
    async def set_ended(self, ended: bool):
        kind, record_id = self._record()
        if kind == "merchant":
            await asyncio.to_thread(merchant_actions.mark_ended, record_id, self.admin_email, bool(ended))
            return self._reload()
        return None
