"""Activation: the acquirer's MID and TID (and a QRIS device's NMID) bound to a shipped unit
of an approved merchant, one by one or from the acquirer's CSV; the device is then `aktif`.

A TID names one working terminal: the database refuses a second active device with it
(ux_devices_active_tid). The merchant is told by the same path as orders (DeviceActivated).
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from terminal_shop.infra.db import write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.csv_lines import each_line
from terminal_shop.services.devices import lifecycle
from terminal_shop.services.devices.events import DeviceActivated, DeviceReplaced
from terminal_shop.services.devices.stock import DeviceError, LineResult, compact
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.devices.terms import DeviceRefusal, DeviceStatus
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.registrations.terms import RegistrationStatus

TID = re.compile(r"[A-Z0-9]{8}")
MID = re.compile(r"\d{9,15}")
NMID = re.compile(r"ID\d{13}")
CSV_MAX_LINES = 5000
HEADER = re.compile(r"\b(sn|tid|mid|acquirer)\b", re.IGNORECASE)
# A device is activated once it has left the shelf: shipped (or still being packed for a
# merchant who collects it), or again after a suspension.
ACTIVATABLE = (DeviceStatus.RESERVED.value, DeviceStatus.SHIPPED.value, DeviceStatus.SUSPENDED.value)
SWAPPABLE = (DeviceStatus.ACTIVE.value, DeviceStatus.SUSPENDED.value)


@dataclass(frozen=True)
class Binding:
    acquirer: str
    mid: str
    tid: str
    nmid: str | None


def checked(acquirer: str, mid: str, tid: str, nmid: str = "") -> Binding:
    name = " ".join(acquirer.split())[:40]
    if not name:
        raise DeviceError(DeviceRefusal.ACQUIRER)
    mid_, tid_, nmid_ = compact(mid), compact(tid), compact(nmid)
    if not MID.fullmatch(mid_):
        raise DeviceError(DeviceRefusal.MID_FORMAT)
    if not TID.fullmatch(tid_):
        raise DeviceError(DeviceRefusal.TID_FORMAT)
    if nmid_ and not NMID.fullmatch(nmid_):
        raise DeviceError(DeviceRefusal.NMID_FORMAT)
    return Binding(name, mid_, tid_, nmid_ or None)


def _ready(s: Session, device: Device) -> None:
    if device.status not in ACTIVATABLE:
        raise DeviceError(DeviceRefusal.NOT_SHIPPED, serial=device.serial, status=DeviceStatus.label_of(device.status))
    if device.merchant_id is None:
        raise DeviceError(DeviceRefusal.NO_MERCHANT, serial=device.serial)
    merchant = registrations.record(s, device.merchant_id)
    if merchant is None or merchant.status != RegistrationStatus.APPROVED.value or merchant.purged_at:
        raise DeviceError(DeviceRefusal.NOT_APPROVED, serial=device.serial)


def _swap_out(s: Session, device: Device, binding: Binding, admin_email: str) -> None:
    """A replacement activated with the unit it replaces' TID: that unit leaves the TID
    (Diganti) in the same transaction (issue 48.2: the replacement takes the TID, MID, NMID)."""
    if device.replaces_id is None:
        return
    old = s.get(Device, device.replaces_id)
    if old is None or old.tid != binding.tid or old.status not in SWAPPABLE:
        return
    lifecycle.move(s, [old.id], old.status, DeviceStatus.REPLACED, admin_email, f"diganti oleh SN {device.serial}",
                   DeviceReplaced)  # fmt: skip


def _bind(s: Session, device: Device, binding: Binding, admin_email: str) -> None:
    _ready(s, device)
    _swap_out(s, device, binding, admin_email)
    other = s.exec(
        select(Device.id).where(col(Device.tid) == binding.tid, col(Device.status) == DeviceStatus.ACTIVE.value,
                                col(Device.id) != device.id)
    ).first()  # fmt: skip
    if other is not None:
        raise DeviceError(DeviceRefusal.TID_TAKEN, tid=binding.tid)
    elsewhere = s.exec(
        select(Device.id).where(col(Device.mid) == binding.mid, col(Device.merchant_id) != device.merchant_id,
                                col(Device.status).in_((DeviceStatus.ACTIVE.value, DeviceStatus.SUSPENDED.value)))
    ).first()  # fmt: skip
    if elsewhere is not None:  # a MID is one merchant's account at the acquirer: its payouts are paid to it
        raise DeviceError(DeviceRefusal.MID_TAKEN, mid=binding.mid)
    old = device.status
    nmid = f", NMID {binding.nmid}" if binding.nmid else ""
    detail = f"{binding.acquirer}: TID {binding.tid}, MID {binding.mid}{nmid}"
    moved = lifecycle.move(s, [device.id], old, DeviceStatus.ACTIVE, admin_email, detail, DeviceActivated,
                           acquirer=binding.acquirer, mid=binding.mid, tid=binding.tid, nmid=binding.nmid,
                           activated_at=utcnow(), activated_by=admin_email)  # fmt: skip
    if not moved:
        raise DeviceError(DeviceRefusal.NOT_SHIPPED, serial=device.serial, status=DeviceStatus.label_of(old))


def activate(device_id: str, acquirer: str, mid: str, tid: str, nmid: str, admin_email: str) -> None:
    """The device aktif with these identifiers, or DeviceError and nothing changed."""
    binding = checked(acquirer, mid, tid, nmid)
    try:
        with write_session() as s:
            device = s.get(Device, uuid.UUID(str(device_id)))
            if device is None:
                raise DeviceError(DeviceRefusal.NOT_FOUND, serial="?")
            _bind(s, device, binding, admin_email)
    except IntegrityError:  # the same TID activated at the same moment elsewhere
        raise DeviceError(DeviceRefusal.TID_TAKEN, tid=binding.tid) from None


def _unit(s: Session, key: str) -> Device | None:
    """The unit a line names: by its SN, else by a TID it had (a suspended unit activated again)."""
    found = s.exec(select(Device).where(col(Device.serial) == key)).first()
    if found is None:
        found = s.exec(select(Device).where(col(Device.tid) == key).order_by(col(Device.updated_at).desc())).first()
    return found


def _activate_line(cells: list[str], admin_email: str) -> tuple[str, str, bool]:
    """`SN or TID, acquirer, MID, TID[, NMID]`: the unit found by its SN, or by its TID."""
    serial = compact(cells[0])[:30]
    if len(cells) < 4:
        return serial, DeviceRefusal.SHORT_ACTIVATION.label, False
    try:
        binding = checked(cells[1], cells[2], cells[3], cells[4] if len(cells) > 4 else "")
        with write_session() as s:
            device = _unit(s, serial)
            if device is None:
                raise DeviceError(DeviceRefusal.NOT_FOUND, serial=serial)
            serial = device.serial
            _bind(s, device, binding, admin_email)
    except DeviceError as exc:
        return serial, exc.text, False
    except IntegrityError:
        return serial, DeviceRefusal.TID_TAKEN.label.format(tid=compact(cells[3])), False
    return serial, "Aktif", True


def activate_csv(data: bytes, admin_email: str) -> list[LineResult]:
    """The acquirer's list, one device a line (`SN or TID, acquirer, MID, TID, NMID`; a header
    line is skipped): each line applied alone, a refused one changes nothing."""
    results = []
    for n, cells in each_line(data, HEADER, CSV_MAX_LINES):
        serial, outcome, ok = _activate_line(cells, admin_email)
        results.append(LineResult(n, serial, outcome, ok))
    return results
