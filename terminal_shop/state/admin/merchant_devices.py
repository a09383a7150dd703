"""A merchant's devices on its admin page: each unit with its way to "Aktif", the activation
form (acquirer, MID, TID, NMID) for a unit not active yet, and the orders linked to the
merchant, with "Tautkan pesanan" by number (services/devices)."""

from __future__ import annotations

import asyncio
import uuid

import reflex as rx

from terminal_shop.services.devices import activation, lifecycle, linking, owned
from terminal_shop.services.devices.stock import DeviceError
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.servicing import cases as service_cases
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state import toast
from terminal_shop.state.admin.session import AdminState, admin_only
from terminal_shop.state.attempt import attempt


class MerchantDevicesState(AdminState):
    devices: list[owned.DeviceView] = []
    orders: list[linking.LinkedOrder] = []
    activate_error: str = ""
    histories: dict[str, list[lifecycle.HistoryLine]] = {}  # per device id: what happened to it
    steps: dict[str, list[tuple[str, str]]] = {}  # per device id: (status, label) it may go to
    link_error: str = ""
    _merchant_id: str = ""

    async def _fill(self) -> None:
        mid = uuid.UUID(self._merchant_id)
        self.devices = await asyncio.to_thread(owned.of_merchant, mid)
        self.histories = await asyncio.to_thread(lifecycle.histories, [d.id for d in self.devices])  # one query
        self.steps = {
            d.id: [(n.value, n.label) for n in lifecycle.NEXT.get(DeviceStatus(d.state), ())] for d in self.devices
        }
        self.orders = await asyncio.to_thread(linking.orders_of, mid)

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_VIEW)
    async def load(self):
        self.activate_error = self.link_error = ""
        try:
            self._merchant_id = str(uuid.UUID(self.router.page.params.get("id", "")))
        except ValueError:
            self.devices, self.orders = [], []
            return
        await self._fill()

    @rx.event
    @admin_only(permission=Permission.DEVICES_ACTIVATE)
    async def activate(self, form: dict):
        device_id = str(form.get("device_id", ""))
        if device_id not in {d.id for d in self.devices}:  # only this merchant's units, as the page listed them
            return toast.error("Perangkat tidak ditemukan")
        acquirer, mid, tid, nmid = (str(form.get(k, ""))[:60] for k in ("acquirer", "mid", "tid", "nmid"))
        try:
            await asyncio.to_thread(activation.activate, device_id, acquirer, mid, tid, nmid, self.admin_email)
        except DeviceError as refused:
            self.activate_error = refused.text
            return toast.error(refused.text)
        self.activate_error = ""
        await self._fill()
        return toast.success("Perangkat aktif: merchant diberi tahu lewat email")

    @rx.event
    @admin_only(permission=Permission.DEVICES_ACTIVATE)
    async def change_status(self, form: dict):
        device_id, to = str(form.get("device_id", "")), DeviceStatus.parse(form.get("to", ""))
        if device_id not in {d.id for d in self.devices} or to is None:
            return toast.error("Pilih status baru")
        try:
            await asyncio.to_thread(
                lifecycle.change, device_id, to, str(form.get("reason", ""))[:300], self.admin_email
            )
        except DeviceError as refused:
            self.activate_error = refused.text
            return toast.error(refused.text)
        self.activate_error = ""
        await self._fill()
        return toast.success(f"Status perangkat: {to.label}")

    @rx.event
    @admin_only(permission=Permission.SERVICE)
    async def open_service(self, form: dict):
        """A service case for this merchant's unit, opened by staff on the phone with them."""
        device_id = str(form.get("device_id", ""))
        if device_id not in {d.id for d in self.devices}:
            return toast.error("Pilih perangkat merchant ini")
        tried = await attempt(service_cases.open_for, device_id, str(form.get("masalah", ""))[:30],
                              str(form.get("keterangan", ""))[:2000], self.admin_email, failed="Gagal membuka laporan")  # fmt: skip
        if not tried.ok:
            return tried.answer
        return toast.success(f"Laporan {tried.value} dibuka: kerjakan di Servis")

    @rx.event
    @admin_only(permission=Permission.DEVICES_ACTIVATE)
    async def link_order(self, form: dict):
        try:
            await asyncio.to_thread(
                linking.link_by_number, str(form.get("number", ""))[:20], self._merchant_id, self.admin_email
            )
        except linking.LinkError as refused:
            self.link_error = refused.code.label
            return toast.error(refused.code.label)
        self.link_error = ""
        await self._fill()
        return [toast.success("Pesanan ditautkan"), rx.set_value("link-order-number", "")]

    @rx.event
    @admin_only(permission=Permission.DEVICES_ACTIVATE)
    async def unlink_order(self, form: dict):
        order_id = str(form.get("order_id", ""))
        if order_id not in {o.id for o in self.orders}:
            return None
        await asyncio.to_thread(linking.unlink, order_id, self.admin_email)
        await self._fill()
        return toast.success("Tautan pesanan dilepas")
