"""The return part of the buyer's order page (issue 61.3): what may still be returned and until
when, the form, and each return's steps. The order's signed link is the buyer's key: every
handler sends it to the service, which checks it again."""

from __future__ import annotations

import asyncio

import reflex as rx

from terminal_shop import reflex_compat
from terminal_shop.infra.uploads import browser_rejection
from terminal_shop.services.orders import order_status
from terminal_shop.services.returns import asking, views
from terminal_shop.services.returns.views import ReturnView
from terminal_shop.state import toast
from terminal_shop.state.attempt import attempt

RETURN_UPLOAD_ID = "return_photos"


class ReturnState(rx.State):
    serials: list[str] = []  # the units that may still be returned
    until: str = ""
    returns: list[ReturnView] = []
    form_open: bool = False
    refund: bool = True  # the account's fields are asked only for a refund
    error: str = ""
    busy: bool = False

    def _link(self) -> tuple[str, str]:
        return self.router.page.params.get("id", ""), self.router.url.query_parameters.get("t", "")

    @rx.event
    async def load(self):
        self.form_open, self.error = False, ""
        order_id = order_status.verified(*self._link())
        if order_id is None:
            self.serials, self.until, self.returns = [], "", []
            return None
        found = await asyncio.to_thread(views.for_buyer, order_id)
        self.serials, self.until, self.returns = found.serials, found.until, found.returns
        if self.router.url.query_parameters.get("retur") and self.serials:  # "Ajukan retur" from /akun/pesanan
            self.form_open = True
            return rx.scroll_to("retur")
        return None

    @rx.event
    def open_form(self):
        self.form_open, self.error = True, ""

    @rx.event
    def close_form(self):
        self.form_open, self.error = False, ""

    @rx.event
    def set_resolution(self, value: str):
        self.refund = value != "tukar"

    @rx.event
    def photos_rejected(self, codes: list[str]):
        title, message = browser_rejection(codes, asking.PHOTO_WRONG_TYPE)
        return toast.error(title, description=message)

    @rx.event
    @reflex_compat.several_files
    async def ask(self, files: list[rx.UploadFile], form: dict):
        """The form's fields and photos, in one request (reflex_compat.forms.submit_with_files)."""
        if self.busy:
            return
        photos = [await f.read() for f in files[:4]]  # one more than allowed: the service says why
        fields = {str(k)[:40]: str(v)[:1000] for k, v in list(form.items())[:40]}
        self.busy, self.error = True, ""
        yield
        tried = await attempt(asking.ask, *self._link(), fields, photos, self.router.session.client_ip,
                              failed="Gagal mengirim permintaan retur. Coba lagi.", title="Retur belum terkirim")  # fmt: skip
        self.busy = False
        if not tried.ok:
            self.error = tried.refused.text if tried.refused else "Gagal mengirim permintaan retur. Coba lagi."
            yield tried.answer
            return
        yield [rx.clear_selected_files(RETURN_UPLOAD_ID), ReturnState.load]
        yield toast.success(
            f"Permintaan retur {tried.value} terkirim", description="Kami memeriksanya dalam 1 hari kerja."
        )
