"""'Perangkat': every unit by serial number (services/devices). A barcode scanner types the
serial into the SN field and presses Enter: the form is sent, the field emptied and focused
for the next unit; the model chosen stays."""

from __future__ import annotations

import asyncio
from datetime import date
from urllib.parse import urlencode

import reflex as rx

from terminal_shop import catalogue, routes
from terminal_shop.infra.uploads import MAX_UPLOAD_BYTES, TOO_LARGE_TEXT
from terminal_shop.services import csv_lines
from terminal_shop.services.devices import activation, listing, stock
from terminal_shop.services.devices.stock import DeviceError, LineResult, WaitingOrder
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state import toast
from terminal_shop.state.admin.session import AdminState, admin_only

SERIAL_FIELD, IMEI_FIELD, ICCID_FIELD = "device-serial", "device-imei", "device-iccid"
CSV_UPLOAD_ID = "devices_csv"
ACTIVATION_UPLOAD_ID = "activation_csv"


class DevicesState(AdminState):
    rows: list[listing.DeviceRow] = []
    total: int = 0
    stock: list[tuple[str, int]] = []  # (model's short name, units in stock)
    search: str = ""
    status: str = ""
    model_filter: str = ""
    model: str = catalogue.PRODUCTS[-1].sku  # the model being received (kept between scans)
    receive_error: str = ""
    received: list[str] = []  # this session's units, newest first: "A920 SN 0820123456"
    csv_results: list[LineResult] = []  # at most csv_lines.SHOWN of a file's lines
    csv_note: str = ""
    activation_results: list[LineResult] = []
    activation_note: str = ""
    waiting: list[WaitingOrder] = []  # confirmed orders the shelf cannot fill, oldest first

    async def _list(self) -> None:
        page = await asyncio.to_thread(listing.page, self.search, self.status, self.model_filter)
        self.rows, self.total = list(page.rows), page.total
        names = {p.sku: p.short_name for p in catalogue.PRODUCTS}
        self.stock = [(names[sku], n) for sku, n in page.stock.items()]
        self.waiting = await asyncio.to_thread(stock.waiting_for_stock)

    @rx.event
    @admin_only(permission=Permission.DEVICES_VIEW)
    async def load(self):
        self.receive_error = ""
        await self._list()

    @rx.event
    @admin_only(permission=Permission.DEVICES_VIEW)
    async def filter(self, form: dict):
        self.search = str(form.get("q", ""))[:100]
        self.status = str(form.get("status", "")) if DeviceStatus.parse(form.get("status", "")) else ""
        self.model_filter = str(form.get("model", "")) if catalogue.product(str(form.get("model", ""))) else ""
        await self._list()

    @rx.event
    @admin_only(permission=Permission.DEVICES_VIEW)
    async def export(self):
        """The list as CSV, with the filters it shows (the route checks the session again)."""
        query = listing.DeviceQuery(self.search, self.status, self.model_filter).params()
        url = routes.export("devices") + (f"?{urlencode(query)}" if query else "")
        return rx.download(url=url, filename=f"perangkat_{date.today().isoformat()}.csv")

    @rx.event
    @admin_only(permission=Permission.DEVICES)
    async def set_model(self, value: str):
        self.model = str(value) if catalogue.product(str(value)) else self.model
        self.receive_error = ""

    @rx.event
    @admin_only(permission=Permission.DEVICES)
    async def receive(self, form: dict):
        admin = self._admin()
        fields = (str(form.get(k, ""))[:40] for k in ("serial", "imei", "iccid"))
        serial, imei, iccid = fields
        try:
            device = await asyncio.to_thread(stock.receive, serial, self.model, admin.email, imei, iccid)
        except DeviceError as refused:
            self.receive_error = refused.text
            return [toast.error(refused.text), rx.set_focus(SERIAL_FIELD)]
        self.receive_error = ""
        self.received = [f"{device.model} SN {device.serial}", *self.received][:20]
        await self._list()
        return [
            toast.success(f"Diterima: {device.model} SN {device.serial}"),
            *(rx.set_value(f, "") for f in (SERIAL_FIELD, IMEI_FIELD, ICCID_FIELD)),
            rx.set_focus(SERIAL_FIELD),
        ]

    async def _apply_csv(
        self, files: list[rx.UploadFile], upload_id: str, apply, done: str
    ) -> tuple[list[LineResult], list]:
        """A CSV's lines applied one by one (`apply(data, admin)`); its results, and what to answer."""
        if not files:
            return [], []
        data = await files[0].read()
        clear = rx.clear_selected_files(upload_id)
        if len(data) > MAX_UPLOAD_BYTES:
            return [], [toast.error(TOO_LARGE_TEXT), clear]
        results = await asyncio.to_thread(apply, data, self._admin().email)
        ok = sum(r.ok for r in results)
        await self._list()
        return results, [toast.success(done.format(ok=ok, refused=len(results) - ok)), clear]

    @rx.event
    @admin_only(permission=Permission.DEVICES)
    async def upload_csv(self, files: list[rx.UploadFile]):
        results, answer = await self._apply_csv(
            files, CSV_UPLOAD_ID, stock.receive_csv, "{ok} perangkat diterima, {refused} baris ditolak"
        )
        if results:
            self.csv_results, self.csv_note = csv_lines.shown(results)
        return answer or None

    @rx.event
    @admin_only(permission=Permission.DEVICES_ACTIVATE)
    async def upload_activation(self, files: list[rx.UploadFile]):
        """The acquirer's list (`SN, acquirer, MID, TID, NMID` a line): each line's result."""
        results, answer = await self._apply_csv(
            files, ACTIVATION_UPLOAD_ID, activation.activate_csv, "{ok} perangkat aktif, {refused} baris ditolak"
        )
        if results:
            self.activation_results, self.activation_note = csv_lines.shown(results)
        return answer or None
