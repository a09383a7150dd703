"""How the merchant team area follows privacy (services/events/bus.py SUBSCRIBERS): a merchant's
record erased takes its outlets' addresses and the names in its activity log with it, in the
erasure's own transaction (the marked columns, tables.py)."""

from __future__ import annotations

import uuid

import sqlalchemy as sa
from sqlmodel import Session

from terminal_shop.infra.models import personal_columns, table_of
from terminal_shop.services.events.bus import subscribe
from terminal_shop.services.merchant_team.tables import AccountActivity, Outlet, TeamMember
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
