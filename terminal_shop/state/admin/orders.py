"""The admin's orders: the list, and one order's detail with confirm and reject."""

from __future__ import annotations

import asyncio
import functools
import logging
import uuid
from collections.abc import Callable
from typing import ClassVar

import reflex as rx

from terminal_shop import routes
from terminal_shop.reflex_compat import EventSpec
from terminal_shop.services.backoffice import admin_orders
from terminal_shop.services.devices import owned, packing
from terminal_shop.services.devices.stock import DeviceError, compact
from terminal_shop.services.notifications import mail_log
from terminal_shop.services.orders import fulfilment, order_list, transitions
from terminal_shop.services.orders.payments import order_payment, reconcile
from terminal_shop.services.orders.terms import (
    QUEUE_FILTERS,
    ChangeRefusal,
    Fulfilment,
    FulfilmentFilter,
    OrderQueue,
    OrderStatus,
    PaymentMethod,
    ProofFilter,
)
from terminal_shop.services.orders.views import OrderRow, OrderView
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state import focus, toast
from terminal_shop.state.admin.lists import AdminListMixin
from terminal_shop.state.admin.order_return import OrderReturnState
from terminal_shop.state.admin.order_tax import OrderTaxState
from terminal_shop.state.admin.order_whatsapp import OrderWhatsAppState
from terminal_shop.state.admin.session import AdminState, admin_only
from terminal_shop.state.attempt import attempt

log = logging.getLogger(__name__)
PACK_FIELD = "pack-serial"
NEXT_STEP = "langkah-berikut"  # the order page's shipping card: where a confirmed order opens
# The order page's cards with states of their own, loaded after the order.
CARDS = (OrderWhatsAppState.load, OrderTaxState.load, OrderReturnState.load)


class OrderListState(AdminListMixin, AdminState):
    _view_permission: ClassVar[Permission] = Permission.ORDERS_VIEW
    _export_permission: ClassVar[Permission] = Permission.ORDERS_EXPORT
    rows: list[OrderRow] = []
    _route = routes.ADMIN_ORDERS
    _statuses = OrderStatus
    _methods = PaymentMethod
    _fulfilments = FulfilmentFilter
    _proofs = ProofFilter
    _export_kind = "orders"
    _load_error = "Gagal memuat data pesanan"
    _export_toast = "CSV berhasil diunduh"

    def _fetch(self, query, after, before):
        return functools.partial(order_list.list_page, query, after, before)

    def _read(self, params):
        return order_list.query_from(params)

    def _show(self, rows: list[OrderRow]) -> None:
        self.rows = rows

    @rx.event
    @admin_only(permission=Permission.ORDERS_VIEW)
    async def set_fulfilment(self, value: str):
        return self._go(self._query().changed(fulfilment=str(FulfilmentFilter.parse(value) or "")))

    @rx.event
    @admin_only(permission=Permission.ORDERS_VIEW)
    async def set_queue(self, value: str):
        """A queue tab: its status and shipping filter, the other filters kept ('' = all orders)."""
        queue = OrderQueue.parse(value)
        status, fulfilment = QUEUE_FILTERS[queue] if queue else ("", "")
        return self._go(self._query().changed(status=status, fulfilment=fulfilment))

    @rx.event
    @admin_only(permission=Permission.ORDERS_VIEW)
    async def set_proof(self, value: str):
        return self._go(self._query().changed(proof=str(ProofFilter.parse(value) or "")))


class OrderDetailState(AdminState):
    order: OrderView | None = None
    proof_url: str = ""
    proof_is_pdf: bool = False
    proof_failed: bool = False
    proof_open: bool = False
    reject_open: bool = False
    paying_line: str = ""  # the imported statement line that pays this order, in words ('' when none)
    _paying_line_id: int = 0
    ask_unmatched: bool = False  # "Konfirmasi tanpa mutasi?" is on screen
    reject_reason: str = ""
    reject_error: str = ""
    ship_courier: str = ""
    ship_resi: str = ""
    ship_error: str = ""
    # Packing: one scanned SN per unit ordered (services/devices/packing.py)
    units: list[owned.DeviceView] = []
    units_needed: str = ""  # "2 A920 Pro + 1 Soundbox"
    pack_serials: list[str] = []
    pack_error: str = ""

    def _order_id(self) -> str:
        return self.order.id if self.order else ""

    async def _fill(self, order_id: str, viewer: str = "") -> bool:
        """`viewer` on a page load: the admin's look at the proof is logged."""
        d = await asyncio.to_thread(admin_orders.detail, order_id, viewer, self._reads_restricted())
        if d is None:
            return False
        self.order = d.view
        self.proof_url, self.proof_is_pdf, self.proof_failed = d.proof_url, d.proof_is_pdf, False
        found = await asyncio.to_thread(owned.order_devices, uuid.UUID(d.view.id))
        self.units, self.units_needed = found.devices, await asyncio.to_thread(packing.needed, d.view.id)
        line = await asyncio.to_thread(order_payment.paying_line, d.view.id)
        self._paying_line_id, self.paying_line = line if line else (0, "")
        return True

    @rx.event
    @admin_only(permission=Permission.ORDERS_VIEW)
    async def load(self):
        self.reject_open, self.reject_reason, self.reject_error, self.proof_open = False, "", "", False
        self.ask_unmatched, self.pack_serials, self.pack_error = False, [], ""
        try:
            found = await self._fill(self.router.page.params.get("id", ""), self.admin_email)
        except Exception:
            log.exception("order detail failed")
            found = False
        if not found:
            return [toast.error("Gagal memuat detail pesanan"), rx.redirect(routes.ADMIN_ORDERS)]
        return [*CARDS, *self._next_step()]

    def _next_step(self) -> list[EventSpec]:
        """A confirmed order opens on its next step (issue 50.8): the shipping card in view, and
        to pack, the SN field ready for the scanner."""
        o = self.order
        if o is None or o.status != OrderStatus.CONFIRMED.value or o.fulfilment == Fulfilment.DELIVERED.value:
            return []
        to_pack = o.fulfilment == Fulfilment.NOT_STARTED.value and self.units_needed != ""
        return [focus.once_shown(PACK_FIELD) if to_pack else focus.once_shown(NEXT_STEP, focus=False)]

    @rx.event
    @admin_only(permission=Permission.ORDERS_VIEW)
    async def proof_error(self):
        self.proof_failed = True
        return toast.error("Gagal memuat bukti pembayaran")

    @rx.event
    @admin_only(permission=Permission.ORDERS_VIEW)
    async def retry_proof(self):
        await self._fill(self._order_id())

    @rx.event
    @admin_only(permission=Permission.ORDERS_VIEW)
    async def set_proof_open(self, on: bool):
        self.proof_open = bool(on)

    @rx.event
    @admin_only(permission=Permission.ORDERS_REVIEW)
    async def confirm(self):
        """Through the statement line that pays the order when one was imported; without one,
        only once the admin answered "Konfirmasi tanpa mutasi?" (issue 39.4)."""
        if not self._paying_line_id and not self.ask_unmatched:
            self.ask_unmatched = True
            return None
        self.ask_unmatched = False
        try:
            if self._paying_line_id:
                line = self._paying_line_id
                await asyncio.to_thread(reconcile.confirm_line, line, self._order_id(), self.admin_email)
            else:
                await asyncio.to_thread(transitions.confirm, self._order_id(), self.admin_email)
        except Exception:  # noqa: BLE001 - someone acted first or the database failed: one toast
            await self._fill(self._order_id())
            return toast.error("Gagal mengkonfirmasi pembayaran")
        await self._fill(self._order_id())
        return toast.success("Pembayaran berhasil dikonfirmasi")

    @rx.event
    @admin_only(permission=Permission.ORDERS_REVIEW)
    async def cancel_unmatched(self):
        self.ask_unmatched = False

    @rx.event
    @admin_only(permission=Permission.ORDERS_REVIEW)
    async def set_reject_open(self, on: bool):
        self.reject_open, self.reject_error = bool(on), ""

    @rx.event
    @admin_only(permission=Permission.ORDERS_REVIEW)
    async def set_reject_reason(self, value: str):
        self.reject_reason = str(value)[:500]
        self.reject_error = ""

    @rx.event
    @admin_only(permission=Permission.ORDERS_REVIEW)
    async def reject(self):
        if not self.reject_reason.strip():
            self.reject_error = ChangeRefusal.REASON_REQUIRED.label
            return toast.error(ChangeRefusal.REASON_REQUIRED.label)
        try:
            await asyncio.to_thread(transitions.reject, self._order_id(), self.reject_reason, self.admin_email)
        except Exception:  # noqa: BLE001 - someone acted first or the database failed: one toast
            await self._fill(self._order_id())
            return toast.error("Gagal menolak pembayaran")
        self.reject_open, self.reject_reason = False, ""
        await self._fill(self._order_id())
        return toast.success("Pembayaran ditolak")

    async def _fulfil(self, step: Callable[..., object], done: str, *args: object):
        tried = await attempt(
            step, self._order_id(), *args, self.admin_email, failed="Gagal menyimpan langkah pengiriman"
        )
        if tried.ok or tried.refused:  # refused: someone acted first, the page as it is now
            await self._fill(self._order_id())
        return tried.answer or toast.success(done)

    @rx.event
    @admin_only(permission=Permission.FULFIL)
    async def add_serial(self, form: dict):
        """A scanner types the SN and presses Enter: the SN joins the list, the field empties."""
        serial = compact(str(form.get("serial", "")))[:30]
        if serial and serial not in self.pack_serials:
            self.pack_serials = [*self.pack_serials, serial][:100]
        self.pack_error = ""
        return [rx.set_value(PACK_FIELD, ""), rx.set_focus(PACK_FIELD)]

    @rx.event
    @admin_only(permission=Permission.FULFIL)
    async def remove_serial(self, serial: str):
        self.pack_serials = [s for s in self.pack_serials if s != str(serial)]

    async def _scanned(self, assign: Callable[[str, list[str], str], None], done: str):
        """The scanned SNs given to the order by `assign` (packing, or "Catat SN"), or why not."""
        tried = await attempt(
            assign, self._order_id(), self.pack_serials, self.admin_email, failed="Gagal menyimpan SN"
        )
        if isinstance(tried.refused, DeviceError):  # a wrong SN: said beside the field, the list kept
            self.pack_error = tried.refused.text
            return tried.answer
        if tried.ok:
            self.pack_serials, self.pack_error = [], ""
        if tried.ok or tried.refused:
            await self._fill(self._order_id())
        return tried.answer or toast.success(done)

    @rx.event
    @admin_only(permission=Permission.FULFIL)
    async def pack(self):
        return await self._scanned(packing.pack, "Pesanan ditandai Dikemas")

    @rx.event
    @admin_only(permission=Permission.FULFIL)
    async def record_serials(self):
        """ "Catat SN" on an order shipped before packing required them (issue 46.13)."""
        return await self._scanned(packing.record_late, "SN perangkat dicatat di pesanan dan akun merchant")

    @rx.event
    @admin_only(permission=Permission.FULFIL)
    async def set_ship_courier(self, value: str):
        self.ship_courier, self.ship_error = str(value)[:20], ""

    @rx.event
    @admin_only(permission=Permission.FULFIL)
    async def set_ship_resi(self, value: str):
        self.ship_resi, self.ship_error = str(value)[:40], ""

    @rx.event
    @admin_only(permission=Permission.FULFIL)
    async def ship(self):
        try:
            fulfilment.checked_resi(self.ship_courier, self.ship_resi)
        except fulfilment.FulfilmentError as exc:
            self.ship_error = exc.code.label
            return toast.error(self.ship_error)
        answer = await self._fulfil(fulfilment.ship, "Pesanan ditandai Dikirim", self.ship_courier, self.ship_resi)
        if self.order and self.order.fulfilment == Fulfilment.SHIPPED:
            self.ship_courier, self.ship_resi = "", ""
        return answer

    @rx.event
    @admin_only(permission=Permission.FULFIL)
    async def deliver(self):
        return await self._fulfil(fulfilment.deliver, "Pesanan ditandai Diterima")

    @rx.event
    @admin_only(permission=Permission.ORDERS_VIEW)
    async def resend_mail(self, message_id: int):
        if not await asyncio.to_thread(mail_log.resend, int(message_id), "order", self._order_id()):
            return toast.error("Email tidak ditemukan")
        await self._fill(self._order_id())
        return toast.success("Email dijadwalkan untuk dikirim ulang")
