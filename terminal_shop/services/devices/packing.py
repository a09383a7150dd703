"""Packing an order takes its units from stock: one serial number per unit ordered, scanned
or typed, checked and assigned in the transaction that marks the order "Dikemas".

Two admins packing two orders with the same unit: the assignment is a conditional update
(`status = 'stok'`), so one wins and the other's whole packing is refused.
"""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Sequence
from typing import Any

from sqlmodel import Session, col, select

from terminal_shop import catalogue
from terminal_shop.formats import WIB
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.services.devices import lifecycle, owned
from terminal_shop.services.devices.events import DevicePacked
from terminal_shop.services.devices.stock import DeviceError, compact
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.devices.terms import DeviceRefusal, DeviceStatus
from terminal_shop.services.orders import owners as orders
from terminal_shop.services.orders.terms import Fulfilment
from terminal_shop.services.orders.views import OrderFacts, order_number


def units_wanted(items: list[dict[str, Any]]) -> Counter[str]:
    """Units per model an order's lines ask for (supplies and unknown SKUs carry no unit)."""
    wanted: Counter[str] = Counter()
    for line in items:
        if catalogue.is_device(str(line.get("sku", ""))):
            wanted[str(line["sku"])] += int(line.get("qty", 0))
    return wanted


def describe(wanted: Counter[str]) -> str:
    """'2 A920 Pro + 1 Soundbox', as the admin reads it."""
    parts = []
    for sku, qty in wanted.items():
        product = catalogue.product(sku)
        parts.append(f"{qty} {product.short_name if product else sku}")
    return " + ".join(parts)


def _model_name(sku: str) -> str:
    product = catalogue.product(sku)
    return product.name if product else sku


def _ordered(wanted: Counter[str]) -> str:
    """'Soundbox QRIS', '2 PAX A920 Pro dan Soundbox QRIS': what a wrong scan is told the order wants."""
    return " dan ".join(f"{qty} {_model_name(sku)}" if qty > 1 else _model_name(sku) for sku, qty in wanted.items())


def needed(order_id: str) -> str:
    """What packing this order asks for, as the admin reads it ('' for an unknown order)."""
    with read_session() as s:
        order = orders.record(s, uuid.UUID(str(order_id)))
        return describe(units_wanted(order.items)) if order else ""


def _checked(s: Session, order: OrderFacts, serials: list[str]) -> list[Device]:
    wanted = units_wanted(order.items)
    if len(serials) != sum(wanted.values()):
        raise DeviceError(DeviceRefusal.PACK_COUNT, wanted=describe(wanted), given=str(len(serials)))
    seen: set[str] = set()
    for serial in serials:
        if serial in seen:
            raise DeviceError(DeviceRefusal.SERIAL_TWICE, serial=serial)
        seen.add(serial)
    found = {d.serial: d for d in s.exec(select(Device).where(col(Device.serial).in_(serials)))}
    left = Counter(wanted)
    for serial in serials:
        device = found.get(serial)
        if device is None:
            raise DeviceError(DeviceRefusal.NOT_FOUND, serial=serial)
        if device.status != DeviceStatus.IN_STOCK.value:
            raise DeviceError(DeviceRefusal.NOT_IN_STOCK, serial=serial, status=DeviceStatus.label_of(device.status))
        if left[device.model] <= 0:
            raise DeviceError(DeviceRefusal.WRONG_MODEL, serial=serial, model=_model_name(device.model),
                              wanted=_ordered(wanted))  # fmt: skip
        left[device.model] -= 1
    return [found[serial] for serial in serials]


def pack(order_id: str, serials: Sequence[str], admin_email: str) -> None:
    """Marks the order Dikemas with these units, or raises DeviceError / FulfilmentError and
    changes nothing."""
    oid = uuid.UUID(str(order_id))
    given = [compact(x)[:30] for x in serials if compact(x)]
    with write_session() as s:
        order = orders.mark_packed(s, oid, admin_email)  # refused first if the order is not ready
        devices = _checked(s, order, given)
        taken = lifecycle.move(s, [d.id for d in devices], DeviceStatus.IN_STOCK, DeviceStatus.RESERVED, admin_email,
                               f"pesanan {order_number(order.id)}", DevicePacked,
                               order_id=oid, merchant_id=order.merchant_id, packed_by=admin_email)  # fmt: skip
        if len(taken) != len(given):  # another packing took one of them since we looked
            raise DeviceError(DeviceRefusal.TAKEN_NOW)


def record_late(order_id: str, serials: Sequence[str], admin_email: str) -> None:
    """ "Catat SN": the units of an order shipped before packing required them (issue 46.13),
    with the same checks as packing; they follow the order (Dikirim, warranty from its delivery)
    and reach its merchant's account. Audited through DevicePacked."""
    oid = uuid.UUID(str(order_id))
    given = [compact(x)[:30] for x in serials if compact(x)]
    with write_session() as s:
        order = orders.record(s, oid, lock=True)
        if order is None or order.fulfilment not in (Fulfilment.SHIPPED.value, Fulfilment.DELIVERED.value):
            raise DeviceError(DeviceRefusal.NOT_SENT)
        if s.exec(select(Device.id).where(col(Device.order_id) == oid)).first() is not None:
            raise DeviceError(DeviceRefusal.ALREADY_RECORDED)
        devices = _checked(s, order, given)
        delivered = order.delivered_at.astimezone(WIB).date() if order.delivered_at else None
        warranty = owned.warranty_end(delivered) if delivered else None
        taken = lifecycle.move(s, [d.id for d in devices], DeviceStatus.IN_STOCK, DeviceStatus.SHIPPED, admin_email,
                               f"SN dicatat setelah dikirim, pesanan {order_number(order.id)}", DevicePacked,
                               order_id=oid, merchant_id=order.merchant_id, packed_by=admin_email,
                               warranty_until=warranty)  # fmt: skip
        if len(taken) != len(given):
            raise DeviceError(DeviceRefusal.TAKEN_NOW)
