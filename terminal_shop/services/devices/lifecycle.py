"""Where a unit's status changes, and only here (issue 51.5): `move` is the conditional update
with one event per unit (packing, shipping, activation and the admin's switches all call it),
`change` the admin's switches after activation: suspended and active again, returned, broken,
back in stock, each with its reason. The row keeps its last order, merchant, TID and MID until
it goes back to stock, and the audit log keeps everything (the device's history)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass

import sqlalchemy as sa
from sqlmodel import Session

from terminal_shop.formats import wib
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import table_of, utcnow
from terminal_shop.services.audit import trail
from terminal_shop.services.devices.events import DeviceEvent, DeviceStatusChanged
from terminal_shop.services.devices.stock import DeviceError
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.devices.terms import DeviceRefusal, DeviceStatus
from terminal_shop.services.events.bus import publish

S = DeviceStatus
# Where a device may go from where it is.
NEXT: dict[DeviceStatus, tuple[DeviceStatus, ...]] = {
    S.ACTIVE: (S.SUSPENDED, S.RETURNED, S.BROKEN),
    S.SUSPENDED: (S.ACTIVE, S.RETURNED, S.BROKEN),
    S.REPLACED: (S.RETURNED,),  # back at the warehouse (servicing)
    S.SHIPPED: (S.RETURNED, S.BROKEN),
    S.RETURNED: (S.IN_STOCK, S.BROKEN),
    S.BROKEN: (S.IN_STOCK,),  # repaired
    S.IN_STOCK: (S.BROKEN,),
    S.RESERVED: (),
}


def move(
    s: Session,
    device_ids: Sequence[uuid.UUID],
    start: DeviceStatus | str,
    to: DeviceStatus,
    actor: str,
    detail: str,
    event: type[DeviceEvent] = DeviceStatusChanged,
    **values: object,
) -> list[uuid.UUID]:
    """Moves the units still at `start` to `to` (with `values` beside the status), and
    publishes one `event` for each, in the caller's transaction. Returns the ids moved: fewer
    than asked when another change came first (the caller refuses, or lets it be)."""
    if not device_ids:
        return []
    d = table_of(Device)
    moved: list[uuid.UUID] = list(
        s.execute(
            sa.update(d)
            .where(d.c.id.in_(device_ids), d.c.status == str(start))
            .values(status=to.value, updated_at=utcnow(), **values)
            .returning(d.c.id)
        ).scalars()
    )
    for unit in s.identity_map.values():  # a unit loaded before reads the row again
        if isinstance(unit, Device) and unit.id in moved:
            s.expire(unit)
    for device_id in moved:
        publish(s, event(entity_id=str(device_id), actor=actor, old_status=str(start), new_status=to.value,
                         detail=detail))  # fmt: skip
    return moved


def change(device_id: str, to: DeviceStatus, reason: str, admin_email: str) -> None:
    """Raises DeviceError: a step not allowed from here, or no reason given."""
    why = " ".join(reason.split())[:200]
    if not why:
        raise DeviceError(DeviceRefusal.REASON)
    with write_session() as s:
        device = s.get(Device, uuid.UUID(str(device_id)))
        if device is None:
            raise DeviceError(DeviceRefusal.NOT_FOUND, serial="?")
        now = DeviceStatus.parse(device.status)
        if now is None or to not in NEXT.get(now, ()):
            raise DeviceError(DeviceRefusal.STEP, status=DeviceStatus.label_of(device.status), to=to.label)
        old = device.status  # the update below refreshes the loaded row
        values: dict[str, object] = {}
        if to is S.IN_STOCK:  # a new life: nobody's, no identifiers from the acquirer
            values |= {"order_id": None, "merchant_id": None, "tid": None, "mid": None, "nmid": None, "acquirer": None,
                       "activated_at": None, "warranty_until": None, "replaces_id": None}  # fmt: skip
        if not move(
            s, [device.id], old, to, admin_email, why, DeviceStatusChanged, **values
        ):  # someone changed it first
            raise DeviceError(DeviceRefusal.STEP, status=DeviceStatus.label_of(old), to=to.label)


@dataclass(frozen=True)
class HistoryLine:
    at: str
    what: str
    who: str


def history(device_id: str) -> list[HistoryLine]:
    """Everything that happened to the unit, oldest first, in the admin's words."""
    return histories([str(device_id)])[str(device_id)]


def histories(device_ids: list[str]) -> dict[str, list[HistoryLine]]:
    """`history` of each of these units, read in one query."""
    with read_session() as s:
        found = trail.entries_of_many(s, "device", [str(d) for d in device_ids])
    return {d: [_said(r) for r in rows] for d, rows in found.items()}


def _said(r: trail.Entry) -> HistoryLine:
    step = (f"{DeviceStatus.label_of(r.old_status)} → {DeviceStatus.label_of(r.new_status)}"
            if r.old_status and r.new_status else DeviceStatus.label_of(r.new_status or ""))  # fmt: skip
    return HistoryLine(wib(r.at), " · ".join(x for x in (step, r.detail or "") if x), r.by)
