"""The merchant's broken terminals on /akun (issue 48.1): "Laporkan masalah" on a device, the
report's photos or video, and each case with its steps and what happens next. A mixin of
AccountState, each handler through the account's one check."""

from __future__ import annotations

import asyncio

import reflex as rx

from terminal_shop.infra.uploads import MAX_UPLOAD_BYTES, TOO_LARGE_TEXT
from terminal_shop.services.merchant_team.terms import Ability
from terminal_shop.services.reach import Reach
from terminal_shop.services.servicing import cases, invoices
from terminal_shop.services.servicing.views import ServiceCaseView
from terminal_shop.state import toast
from terminal_shop.state.account_cart import fill_cart
from terminal_shop.state.account_check import account_only, checked_customer, own_merchants, own_reach
from terminal_shop.state.attempt import attempt

SERVICE_UPLOAD_ID = "foto-masalah"


class ServiceMixin(rx.State, mixin=True):
    service_cases: list[ServiceCaseView] = []
    reporting: str = ""  # the device whose "Laporkan masalah" form is open
    media_case: str = ""  # the case whose photo picker is open

    async def _load_service(self, merchants: Reach) -> None:
        self.service_cases = await asyncio.to_thread(cases.of_merchants, merchants)

    @rx.event
    @account_only
    async def report_open(self, device_id: str):
        self.reporting = str(device_id)[:40]

    @rx.event
    @account_only
    async def report_close(self):
        self.reporting = ""

    @rx.event
    @account_only
    async def media_open(self, case_id: str):
        self.media_case = str(case_id)[:40]

    @rx.event
    @account_only
    async def report_problem(self, form: dict):
        """The case for the device whose form is open: its number, and the promise."""
        merchants = own_reach(self, Ability.SERVICE)
        if merchants is None:
            return self.reset()
        problem, text = str(form.get("masalah", ""))[:30], str(form.get("keterangan", ""))[:2000]
        tried = await attempt(cases.report, merchants, self.reporting, problem, text, checked_customer().email,
                              failed="Gagal mengirim laporan. Coba lagi.")  # fmt: skip
        if not tried.ok:
            return tried.answer
        self.reporting = ""
        await self._load_service(merchants)
        self.media_case = next((c.id for c in self.service_cases if c.number == tried.value), "")
        return [toast.success(f"Laporan {tried.value} terkirim"), rx.scroll_to("laporan-masalah")]

    @rx.event
    @account_only
    async def pay_service_fee(self, case_id: str):
        """ "Bayar tagihan": the cart holds the case's invoice line and the form the business's
        address; the owner pays it like an order."""
        merchants = own_merchants(self, Ability.PAYOUTS)
        if merchants is None:
            return self.reset()
        found = await asyncio.to_thread(invoices.fee_order, merchants, str(case_id)[:40])
        if found is None:
            return toast.error("Tagihan tidak ditemukan")
        return await fill_cart(self, [(found.sku, 1)], found.buyer, "Tagihan masuk keranjang: lanjutkan pembayaran")

    @rx.event
    @account_only
    async def upload_service_media(self, files: list[rx.UploadFile]):
        """A photo or a video for the case whose picker is open (the service checks it is theirs)."""
        merchants = own_reach(self, Ability.SERVICE)
        if merchants is None:
            return self.reset()
        clear = rx.clear_selected_files(SERVICE_UPLOAD_ID)
        if not files or not self.media_case:
            return clear
        data = await files[0].read()
        if len(data) > MAX_UPLOAD_BYTES:
            return [toast.error(TOO_LARGE_TEXT), clear]
        tried = await attempt(cases.add_media, merchants, self.media_case, data, checked_customer().email,
                              failed="Gagal menyimpan foto. Coba lagi.", then=[clear])  # fmt: skip
        if not tried.ok:
            return tried.answer
        await self._load_service(merchants)
        return [toast.success("Foto tersimpan"), clear]
