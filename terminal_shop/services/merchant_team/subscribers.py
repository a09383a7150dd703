"""How the merchant team area follows others (services/events/bus.py SUBSCRIBERS): a merchant's
record erased takes its outlets' addresses and the names in its activity log with it, in the
erasure's own transaction (the marked columns, tables.py); a replaced unit's outlet goes to its
replacement, and a unit back at the warehouse stands at no outlet."""

from __future__ import annotations

import uuid

import sqlalchemy as sa
from sqlmodel import Session

from terminal_shop.infra.models import personal_columns, table_of
from terminal_shop.services.devices import units
from terminal_shop.services.devices.events import DeviceReplaced, DeviceStatusChanged
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.events.bus import subscribe
from terminal_shop.services.merchant_team import outlets
from terminal_shop.services.merchant_team.tables import AccountActivity, DeviceOutlet, Outlet, TeamMember
from terminal_shop.services.privacy.events import RecordErased
from terminal_shop.services.registrations.personal import ENTITY as MERCHANT


@subscribe(RecordErased)
def _erased(s: Session, event: RecordErased) -> None:
    if event.entity_type != MERCHANT:
        return
    merchant_id = uuid.UUID(event.entity_id)
    for model in (Outlet, AccountActivity, TeamMember):
        table = table_of(model)
        s.execute(sa.update(table).where(table.c.merchant_id == merchant_id).values(**personal_columns(model)))
    placed, outlets_of = table_of(DeviceOutlet), table_of(Outlet)  # who placed each device: by its outlet's merchant
    mine = sa.select(outlets_of.c.id).where(outlets_of.c.merchant_id == merchant_id)
    s.execute(sa.update(placed).where(placed.c.outlet_id.in_(mine)).values(**personal_columns(DeviceOutlet)))


@subscribe(DeviceReplaced)
def _replaced(s: Session, event: DeviceReplaced) -> None:
    old = uuid.UUID(event.entity_id)
    new = units.replacement_of(s, old)
    outlets.take_place(s, old, new.id if new else None)


@subscribe(DeviceStatusChanged)
def _left(s: Session, event: DeviceStatusChanged) -> None:
    if event.new_status in (DeviceStatus.IN_STOCK.value, DeviceStatus.RETURNED.value):  # back at the warehouse
        outlets.take_place(s, uuid.UUID(event.entity_id), None)
