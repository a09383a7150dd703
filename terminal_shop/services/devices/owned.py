"""What a buyer or merchant reads of their devices: each unit's model, SN, a timeline from the
order to "Aktif", TID and MID once active, and the warranty end; and the public warranty
answer for a serial number (model and date only: no personal data)."""

from __future__ import annotations

import calendar
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from urllib.parse import urlencode

from sqlmodel import Session, col, select

from terminal_shop import catalogue, routes
from terminal_shop.formats import day_text, wib
from terminal_shop.infra import rate_limits
from terminal_shop.infra.db import read_session
from terminal_shop.infra.rate_limits import Action
from terminal_shop.infra.settings import get_settings
from terminal_shop.refusals import Refused
from terminal_shop.services.devices.stock import compact
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.devices.terms import DeviceStatus, WarrantyRefusal
from terminal_shop.services.events.bus import last_time
from terminal_shop.services.orders import owners as orders
from terminal_shop.services.orders.terms import Fulfilment
from terminal_shop.services.orders.views import OrderFacts
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.registrations.events import RegistrationApproved
from terminal_shop.services.registrations.terms import RegistrationStatus
from terminal_shop.services.registrations.views import RegistrationFacts
from terminal_shop.services.working_days import today_wib

# Said to a buyer whose order no merchant registration owns yet (linking.py): its e-mail and page.
DEVICES_WAIT = "Perangkat Anda aktif setelah pendaftaran merchant disetujui."
WAITING_FOR_MERCHANT = "Menunggu pendaftaran merchant: perangkat aktif setelah pendaftaran merchant disetujui"


def _warranty_said(until: date | None) -> str:
    """After "Garansi ": "berlaku s.d. 26 Nov 2027", or "berakhir 20 Nov 2026" once it has (issue
    63.8: an expired unit's card read as if it were still covered)."""
    if until is None:
        return ""
    return f"berlaku s.d. {day_text(until)}" if until >= today_wib() else f"berakhir {day_text(until)}"


def warranty_end(delivered: date) -> date:
    """WARRANTY_MONTHS after delivery, on the same day of the month (or the month's last day)."""
    months = delivered.month - 1 + get_settings().warranty_months
    year, month = delivered.year + months // 12, months % 12 + 1
    return date(year, month, min(delivered.day, calendar.monthrange(year, month)[1]))


@dataclass(frozen=True)
class Step:
    label: str
    done: bool
    at: str = ""  # when it happened (WIB), "" until it has (issue 50.7: every step dated)


@dataclass(frozen=True)
class DeviceView:
    id: str
    model: str  # the product's name
    serial: str
    status: str  # the status label
    state: str  # the stored status (DeviceStatus), for the admin's next steps
    steps: list[Step]
    tid: str  # "" until active
    mid: str
    nmid: str
    activated: str  # WIB date, "" until active
    warranty: str  # "berlaku s.d. 26 Nov 2027" or "berakhir 20 Nov 2026", "" until delivered
    waiting: str  # why the unit is not active yet, "" when nothing is missing
    note: str = ""  # a swap: "Pengganti untuk SN X" or "Diganti oleh SN Y" (issue 48.2)
    serviceable: bool = False  # active or suspended: "Laporkan masalah" is offered
    last_seen: str = ""  # "Terakhir terhubung", from its heartbeats (services/fleet), "" before any
    paper: str = ""  # the roll its printer takes ("Kertas 57 mm"): "Pesan kertas" is offered; "" without a printer
    card: str = ""  # its warranty card's download (warranty_card.py), "" until its warranty runs


def card_link(serial: str) -> str:
    """Where a unit's warranty card is downloaded (web/api.py; devices/warranty_card.py draws it)."""
    return f"{routes.API_WARRANTY_CARD}?{urlencode({'sn': serial})}"


def serials_of(s: Session, order_id: uuid.UUID) -> list[str]:
    return list(s.exec(select(Device.serial).where(col(Device.order_id) == order_id).order_by(col(Device.serial))))


def serials(order_id: uuid.UUID) -> list[str]:
    """The order's units' SNs (the invoice lists them once packed)."""
    with read_session() as s:
        return serials_of(s, order_id)


def _when(moment: datetime | None) -> str:
    return wib(moment) if moment else ""


def _approved_at(s: Session, merchant: RegistrationFacts | None) -> datetime | None:
    if merchant is None or merchant.status != RegistrationStatus.APPROVED.value:
        return None
    return last_time(s, "merchant", str(merchant.id), RegistrationApproved.name)


def _view(
    device: Device,
    order: OrderFacts | None,
    merchant: RegistrationFacts | None,
    approved_at: datetime | None = None,
    swaps: Swaps | None = None,
) -> DeviceView:
    product = catalogue.product(device.model)
    fulfilment = order.fulfilment if order else ""
    shipped = fulfilment in (Fulfilment.SHIPPED.value, Fulfilment.DELIVERED.value)
    approved = merchant is not None and merchant.status == RegistrationStatus.APPROVED.value
    active = device.status == DeviceStatus.ACTIVE.value
    resi = f" · resi {order.resi}" if order and order.resi else ""
    activated = _when(device.activated_at) if active else ""
    serials, replaced_by = swaps or ({}, {})
    note = (f"Pengganti untuk SN {serials[device.replaces_id]}" if device.replaces_id in serials
            else f"Diganti oleh SN {replaced_by[device.id]}" if device.id in replaced_by else "")  # fmt: skip
    steps = [
        Step("Dipesan", True, _when(order.created_at) if order else ""),
        Step("Dikemas", True, _when(order.packed_at) if order else ""),
        Step(f"Dikirim{resi}", shipped or active, _when(order.shipped_at) if order else ""),
        Step("Diterima", fulfilment == Fulfilment.DELIVERED.value or active, _when(order.delivered_at) if order else ""),
        Step("Pendaftaran merchant disetujui" if approved else "Menunggu persetujuan merchant", approved,
             _when(approved_at)),
        Step("TID/MID terpasang" if active else "Menunggu TID/MID", active, activated),
        Step("Aktif", active, activated),
    ]  # fmt: skip
    if device.replaces_id is not None:  # a replacement has no order of its own
        steps = [Step(f"Dikirim sebagai {note.lower()}", True, _when(device.updated_at) if not active else ""),
                 *steps[-2:]]  # fmt: skip
    if active:
        waiting = ""
    elif merchant is None:
        waiting = WAITING_FOR_MERCHANT
    elif not approved:
        waiting = "Menunggu persetujuan pendaftaran merchant"
    else:
        waiting = "Menunggu TID/MID dari bank"
    return DeviceView(
        id=str(device.id),
        model=product.name if product else device.model,
        serial=device.serial,
        status=DeviceStatus.label_of(device.status),
        state=device.status,
        steps=steps,
        tid=device.tid or "" if active else "",
        mid=device.mid or "" if active else "",
        nmid=device.nmid or "" if active else "",
        activated=wib(device.activated_at, with_time=False) if active else "",
        warranty=_warranty_said(device.warranty_until),
        waiting=waiting if device.status != DeviceStatus.REPLACED.value else "",
        note=note,
        serviceable=device.status in (DeviceStatus.ACTIVE.value, DeviceStatus.SUSPENDED.value),
        paper=roll.short_name if (roll := catalogue.paper_for(device.model)) and device.merchant_id else "",
        card=card_link(device.serial) if device.warranty_until else "",
    )


def of_order(order_id: uuid.UUID) -> list[DeviceView]:
    return order_devices(order_id).devices


@dataclass(frozen=True)
class OrderDevices:
    devices: list[DeviceView]
    linked: bool  # the order belongs to a merchant registration (linking.py)


def order_devices(order_id: uuid.UUID) -> OrderDevices:
    """The order's units (after packing) and whether a merchant registration owns them: the
    caller has already checked that the reader may see this order."""
    with read_session() as s:
        order = orders.record(s, order_id)
        if order is None:
            return OrderDevices([], False)
        devices = s.exec(select(Device).where(col(Device.order_id) == order_id).order_by(col(Device.serial))).all()
        merchant = registrations.record(s, order.merchant_id) if order.merchant_id else None
        approved = _approved_at(s, merchant)
        return OrderDevices([_view(d, order, merchant, approved) for d in devices], merchant is not None)


Swaps = tuple[dict[uuid.UUID, str], dict[uuid.UUID, str]]  # every unit's SN; an old unit's id -> its replacement's SN


def _swaps(s: Session, devices: Sequence[Device]) -> Swaps:
    """The replaced units may be nobody's now (repaired into stock): their SNs are read too."""
    replaced = {d.replaces_id for d in devices if d.replaces_id}
    serials = {d.id: d.serial for d in devices}
    if replaced - set(serials):
        serials |= dict(s.exec(select(Device.id, Device.serial).where(col(Device.id).in_(replaced))).all())
    return serials, {d.replaces_id: d.serial for d in devices if d.replaces_id}


def of_merchant(merchant_id: uuid.UUID) -> list[DeviceView]:
    with read_session() as s:
        merchant = registrations.record(s, merchant_id)
        if merchant is None:
            return []
        devices = s.exec(
            select(Device).where(col(Device.merchant_id) == merchant_id).order_by(col(Device.serial))
        ).all()
        placed = orders.records(s, {d.order_id for d in devices if d.order_id})
        approved = _approved_at(s, merchant)
        swaps = _swaps(s, devices)
        return [_view(d, placed.get(d.order_id) if d.order_id else None, merchant, approved, swaps) for d in devices]


@dataclass(frozen=True)
class WarrantyAnswer:
    model: str
    serial: str
    until: str  # "26 Nov 2027", or what stands instead
    card: str = ""  # its warranty card's download, once its warranty runs


class WarrantyRefused(Refused):
    code: WarrantyRefusal


NOT_FOUND = "Nomor seri tidak ditemukan. Periksa SN pada label di bawah perangkat."


def counted(serial: str, client: str) -> str:
    """A /garansi lookup (its answer or its card) counted per client address and per serial (a
    shared address is not refused for strangers' lookups alone): the serial as stored."""
    sn = compact(serial)[:30]
    try:
        rate_limits.hit_all((Action.LOOKUP, client), *([(Action.LOOKUP_NUMBER, f"sn:{sn}")] if sn else []))
    except rate_limits.TooMany as exc:
        raise WarrantyRefused(WarrantyRefusal.TOO_MANY, minutes=exc.minutes) from None
    return sn


def look_up(serial: str, client: str) -> WarrantyAnswer | None:
    return warranty(counted(serial, client))


def warranty(serial: str) -> WarrantyAnswer | None:
    """The public answer for one SN: model and warranty end, nothing about who owns it."""
    sn = compact(serial)[:30]
    if not sn:
        return None
    with read_session() as s:
        device = s.exec(select(Device).where(col(Device.serial) == sn)).first()
    if device is None or device.status == DeviceStatus.IN_STOCK.value:
        return None  # a unit on the shelf is nobody's yet: the same answer as an unknown one
    product = catalogue.product(device.model)
    until = (
        day_text(device.warranty_until)
        if device.warranty_until
        else f"dimulai saat perangkat diterima ({get_settings().warranty_months} bulan)"
    )
    card = card_link(device.serial) if device.warranty_until else ""
    return WarrantyAnswer(product.name if product else device.model, device.serial, until, card)
