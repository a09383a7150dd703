"""/akun/servis (issue 48.1): the report form for a device ("Laporkan masalah" on its card opens
it here), the report's photos or video, and each case with its steps and what happens next."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import ClassVar

import reflex as rx

from terminal_shop.infra.uploads import MAX_UPLOAD_BYTES, TOO_LARGE_TEXT, browser_rejection
from terminal_shop.services.merchant_team.terms import Ability
from terminal_shop.services.reach import Reach
from terminal_shop.services.servicing import cases, invoices, steps
from terminal_shop.services.servicing.views import ServiceCaseView
from terminal_shop.state import toast
from terminal_shop.state.account import AccountState
from terminal_shop.state.account_cart import fill_cart
from terminal_shop.state.account_check import account_only, checked_customer, checked_scope, own_merchants, own_reach
from terminal_shop.state.account_devices import reached_devices
from terminal_shop.state.attempt import attempt
from terminal_shop.views import Badge

SERVICE_UPLOAD_ID = "foto-masalah"
REPORT_UPLOAD_ID = "foto-laporan"  # the report form's own photo


class ServiceState(AccountState):
    needs: ClassVar[Ability | None] = Ability.SERVICE
    loaded: bool = False
    service_cases: list[ServiceCaseView] = []
    reporting: str = ""  # the device whose "Laporkan masalah" form is open
    reporting_device: str = ""  # its name on the form: "Soundbox QRIS · SN SBX001"
    media_case: str = ""  # the case whose photo picker is open

    @rx.event
    @account_only
    async def load(self):
        """The cases; with ?perangkat=<id> of a device the session reaches, its report form open."""
        if away := await self._open():
            return away
        await self._load_service(checked_scope().reach(Ability.SERVICE))
        asked = str(self.router.url.query_parameters.get("perangkat", ""))[:40]
        devices = await asyncio.to_thread(reached_devices, checked_scope(), checked_customer().email) if asked else []
        device = next((d for d in devices if d.id == asked and d.serviceable), None)
        self.reporting = device.id if device else ""
        self.reporting_device = f"{device.model} · SN {device.serial}" if device else ""
        self.loaded = True

    async def _load_service(self, merchants: Reach) -> None:
        """The cases; their bills only for the owner, who pays them (issue 63.4)."""
        found = await asyncio.to_thread(cases.of_merchants, merchants)
        self.service_cases = (
            found
            if checked_scope().can(Ability.PAYOUTS)
            else [replace(c, fee="", bill=Badge("", "slate"), payable=False) for c in found]
        )

    @rx.event
    @account_only
    async def report_close(self):
        self.reporting, self.reporting_device = "", ""

    @rx.event
    @account_only
    async def media_open(self, case_id: str):
        self.media_case = str(case_id)[:40]

    @rx.event
    @account_only
    async def report_problem(self, files: list[rx.UploadFile], form: dict):
        """The case for the device whose form is open: its number, the promise, and the photo
        chosen on the form itself (issue 63.8), in one request (reflex_compat.forms.submit_with_files);
        a refused report keeps the chosen photo for the next try."""
        merchants = own_reach(self, Ability.SERVICE)
        if merchants is None:
            return self._forget()
        problem, text = str(form.get("masalah", ""))[:30], str(form.get("keterangan", ""))[:2000]
        tried = await attempt(cases.report, merchants, self.reporting, problem, text, checked_customer().email,
                              failed="Gagal mengirim laporan. Coba lagi.")  # fmt: skip
        if not tried.ok:
            return tried.answer
        self.reporting, self.reporting_device = "", ""
        await self._load_service(merchants)
        self.media_case = next((c.id for c in self.service_cases if c.number == tried.value), "")
        photo = await self._store_media(files, REPORT_UPLOAD_ID, self.media_case, None) if files else []
        forget_device = rx.call_script("history.replaceState(null, '', location.pathname)")  # a reload opens no form
        said = [toast.success(f"Laporan {tried.value} terkirim"), forget_device, rx.scroll_to("laporan-masalah")]
        return said + photo

    @rx.event
    @account_only
    async def pay_service_fee(self, case_id: str):
        """ "Bayar tagihan": the cart holds the case's own bill (priced and signed by the
        servicing area) and the form the business's address; the owner pays it like an order."""
        merchants = own_merchants(self, Ability.PAYOUTS)
        if merchants is None:
            return self._forget()
        tried = await attempt(
            invoices.fee_order, merchants, str(case_id)[:40], failed="Gagal membuka tagihan. Coba lagi."
        )
        if not tried.ok or tried.value is None:
            return tried.answer
        return await fill_cart(
            self, [(tried.value.line, 1)], tried.value.buyer, "Tagihan siap dibayar: periksa data lalu lanjutkan"
        )

    @rx.event
    @account_only
    async def replacement_received(self, case_id: str):
        """ "Pengganti sudah diterima": the merchant's word that it arrived; it is activated next."""
        merchants = own_reach(self, Ability.SERVICE)
        if merchants is None:
            return self._forget()
        tried = await attempt(steps.delivered, str(case_id)[:40], checked_customer().email, merchants,
                              failed="Gagal menyimpan. Coba lagi.")  # fmt: skip
        if not tried.ok:
            return tried.answer
        await self._load_service(merchants)
        return toast.success("Terima kasih: kami aktifkan unit pengganti dengan TID yang sama")

    @rx.event
    @account_only
    async def upload_service_media(self, files: list[rx.UploadFile], case_id: str):
        """A photo or a video for the case whose picker is open (the service checks it is theirs).
        The case comes with the upload, which may reach a worker before the tab's state that
        opened the picker (reflex_compat.forms)."""
        return await self._store_media(files, SERVICE_UPLOAD_ID, str(case_id)[:40], "Foto tersimpan")

    @rx.event
    @account_only
    async def media_rejected(self, codes: list[str]):
        title, message = browser_rejection(codes, cases.MEDIA_WRONG_TYPE)
        return toast.error(title, description=message)

    async def _store_media(self, files: list[rx.UploadFile], upload_id: str, case_id: str, said: str | None) -> list:
        merchants = own_reach(self, Ability.SERVICE)
        if merchants is None:
            self._forget()
            return []
        clear = rx.clear_selected_files(upload_id)
        if not files or not case_id:
            return [clear]
        data = await files[0].read()
        if len(data) > MAX_UPLOAD_BYTES:
            return [toast.error(TOO_LARGE_TEXT), clear]
        tried = await attempt(cases.add_media, merchants, case_id, data, checked_customer().email,
                              failed="Gagal menyimpan foto. Coba lagi.", then=[clear])  # fmt: skip
        if not tried.ok:
            return tried.answer
        await self._load_service(merchants)
        return [toast.success(said), clear] if said else [clear]
