"""The devices area's door for servicing (issue 48.2) and returns (issue 61.3): a replacement
or an exchange taken from stock for a merchant's or buyer's unit (checked as packing checks a unit: it exists, is in stock, is the same model),
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


def _from_stock(s: Session, serial: str, model: str) -> Device:
    """The scanned unit, checked as packing checks one: it exists, is in stock, is `model`."""
    sn = compact(serial)[:30]
    unit = s.exec(select(Device).where(col(Device.serial) == sn)).first() if sn else None
    if unit is None:
        raise DeviceError(DeviceRefusal.NOT_FOUND, serial=sn or "?")
    if unit.status != DeviceStatus.IN_STOCK.value:
        raise DeviceError(DeviceRefusal.NOT_IN_STOCK, serial=sn, status=DeviceStatus.label_of(unit.status))
    if unit.model != model:
        raise DeviceError(
            DeviceRefusal.WRONG_MODEL, serial=sn, model=_model_name(unit.model), wanted=_model_name(model)
        )
    return unit


def _ship(s: Session, unit: Device, actor: str, detail: str, **values: object) -> Device:
    if not lifecycle.move(s, [unit.id], DeviceStatus.IN_STOCK, DeviceStatus.SHIPPED, actor, detail, DeviceShipped,
                          packed_by=actor, **values):  # fmt: skip
        raise DeviceError(DeviceRefusal.TAKEN_NOW)
    s.refresh(unit)
    return unit


def ship_replacement(s: Session, old_id: uuid.UUID, serial: str, actor: str, detail: str) -> DeviceFacts:
    """The scanned unit, from stock, on its way to the old unit's merchant as its replacement."""
    old = s.get(Device, old_id)
    if old is None:
        raise DeviceError(DeviceRefusal.NOT_FOUND, serial=compact(serial)[:30] or "?")
    unit = _from_stock(s, serial, old.model)
    return _ship(s, unit, actor, detail, merchant_id=old.merchant_id, replaces_id=old.id,
                 warranty_until=old.warranty_until)  # fmt: skip


def ship_exchange(s: Session, order_id: uuid.UUID, model: str, serial: str, actor: str, detail: str) -> DeviceFacts:
    """A returned unit's exchange (issue 61.3), from stock, on its way to the order's buyer as a
    unit of that order (its page and warranty count from its own delivery)."""
    unit = _from_stock(s, serial, model)
    return _ship(s, unit, actor, detail, order_id=order_id)


def taken_back(s: Session, serial: str, order_id: uuid.UUID, actor: str, detail: str) -> bool:
    """A unit of the order returned by its buyer, at the warehouse: no longer theirs, and no longer
    active if it was (its TID stops with it). False when it is not the order's or not out there."""
    unit = s.exec(select(Device).where(col(Device.serial) == compact(serial)[:30])).first()
    if unit is None or unit.order_id != order_id or unit.status not in (DeviceStatus.SHIPPED.value, *SERVICEABLE):
        return False
    return bool(lifecycle.move(s, [unit.id], unit.status, DeviceStatus.RETURNED, actor, detail))


def returned_unit(s: Session, serial: str) -> uuid.UUID | None:
    """The id of a unit at the warehouse after its return (for `finish`)."""
    unit = s.exec(select(Device).where(col(Device.serial) == compact(serial)[:30])).first()
    return unit.id if unit is not None and unit.status == DeviceStatus.RETURNED.value else None


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
