"""The devices area's door for servicing (issue 48.2): a replacement taken from stock for a
merchant's unit (checked as packing checks a unit: it exists, is in stock, is the same model),
and the old unit's way back (at the warehouse, then repaired into stock or broken). Each move
is lifecycle.move's, in the caller's transaction; the TID passes at activation (activation.py)."""

from __future__ import annotations

import uuid

from sqlmodel import Session, col, select

from terminal_shop import catalogue
from terminal_shop.services.devices import activation, lifecycle
from terminal_shop.services.devices.events import DeviceShipped, DeviceStatusChanged
from terminal_shop.services.devices.stock import DeviceError, compact
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.devices.terms import DeviceRefusal, DeviceStatus
from terminal_shop.services.devices.units import DeviceFacts

SERVICEABLE = (DeviceStatus.ACTIVE.value, DeviceStatus.SUSPENDED.value)


def _model_name(sku: str) -> str:
    product = catalogue.product(sku)
    return product.short_name if product else sku


def ship_replacement(s: Session, old_id: uuid.UUID, serial: str, actor: str, detail: str) -> DeviceFacts:
    """The scanned unit, from stock, on its way to the old unit's merchant as its replacement."""
    old = s.get(Device, old_id)
    sn = compact(serial)[:30]
    unit = s.exec(select(Device).where(col(Device.serial) == sn)).first() if sn else None
    if old is None or unit is None:
        raise DeviceError(DeviceRefusal.NOT_FOUND, serial=sn or "?")
    if unit.status != DeviceStatus.IN_STOCK.value:
        raise DeviceError(DeviceRefusal.NOT_IN_STOCK, serial=sn, status=DeviceStatus.label_of(unit.status))
    if unit.model != old.model:
        raise DeviceError(DeviceRefusal.WRONG_MODEL, serial=sn, model=_model_name(unit.model),
                          wanted=_model_name(old.model))  # fmt: skip
    moved = lifecycle.move(s, [unit.id], DeviceStatus.IN_STOCK, DeviceStatus.SHIPPED, actor, detail, DeviceShipped,
                           merchant_id=old.merchant_id, replaces_id=old.id, warranty_until=old.warranty_until,
                           packed_by=actor)  # fmt: skip
    if not moved:
        raise DeviceError(DeviceRefusal.TAKEN_NOW)
    s.refresh(unit)
    return unit


def back_at_warehouse(s: Session, old_id: uuid.UUID, actor: str, detail: str) -> bool:
    """The replaced (or never replaced: solved by swapping anyway) unit received back."""
    old = s.get(Device, old_id)
    if old is None or old.status not in (DeviceStatus.REPLACED.value, *SERVICEABLE):
        return False
    return bool(lifecycle.move(s, [old.id], old.status, DeviceStatus.RETURNED, actor, detail))


def finish(s: Session, old_id: uuid.UUID, repaired: bool, actor: str, detail: str) -> bool:
    """Repaired: back in stock, nobody's; or broken."""
    if repaired:
        values: dict[str, object] = {"order_id": None, "merchant_id": None, "tid": None, "mid": None, "nmid": None, "acquirer": None,
                  "activated_at": None, "warranty_until": None, "replaces_id": None}  # fmt: skip
        return bool(lifecycle.move(s, [old_id], DeviceStatus.RETURNED, DeviceStatus.IN_STOCK, actor, detail,
                                   DeviceStatusChanged, **values))  # fmt: skip
    return bool(lifecycle.move(s, [old_id], DeviceStatus.RETURNED, DeviceStatus.BROKEN, actor, detail))


def activate_in_place_of(replacement_id: uuid.UUID, old: DeviceFacts, actor: str) -> str:
    """The replacement activated with the old unit's acquirer, TID, MID and NMID (activation's
    own rules, in a unit of work of its own; the old unit leaves the TID in it): the TID."""
    binding = (old.acquirer or "", old.mid or "", old.tid or "", old.nmid or "")
    activation.activate(str(replacement_id), *binding, actor)
    return binding[2]
