"""How the fleet follows the devices area (declared in the area's __init__.py): a unit's
heartbeat row says whether it is aktif, kept from every status event in the transaction that
changes it, so the fleet view counts without joining every unit (issue 48.3's 100,000)."""

from __future__ import annotations

import uuid

import sqlalchemy as sa
from sqlmodel import Session

from terminal_shop.infra.models import table_of
from terminal_shop.services.devices.events import DeviceEvent
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.events.bus import subscribe
from terminal_shop.services.fleet.tables import DeviceHeartbeat


@subscribe(DeviceEvent)
def _status(s: Session, event: DeviceEvent) -> None:
    if event.new_status is None:
        return
    h = table_of(DeviceHeartbeat)
    s.execute(sa.update(h).where(h.c.device_id == uuid.UUID(event.entity_id))
              .values(active=event.new_status == DeviceStatus.ACTIVE.value))  # fmt: skip
