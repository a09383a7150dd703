"""A merchant's team and outlets as erasure takes them (services/privacy/erasure.py): the
columns marked personal blanked on its outlets (the first is named after the business), on where
its devices stand, in its activity log and on its members; the members' invitations are records
whose e-mails go too, and a member's account goes unless they still work for another team."""

from __future__ import annotations

import uuid

import sqlalchemy as sa
from sqlmodel import Session, col, select

from terminal_shop.infra.models import Held, blank_where, table_of, utcnow
from terminal_shop.services.merchant_team.tables import AccountActivity, DeviceOutlet, Outlet, TeamMember

MEMBER = "team_member"  # the invitation e-mail's record in the outbox


def erase_of_merchant(s: Session, merchant_id: uuid.UUID) -> Held:
    members = list(s.exec(select(TeamMember).where(col(TeamMember.merchant_id) == merchant_id)))
    addresses = {m.email for m in members}
    elsewhere = set(s.exec(select(TeamMember.email).where(col(TeamMember.email).in_(addresses),
                                                          col(TeamMember.merchant_id) != merchant_id,
                                                          col(TeamMember.removed_at).is_(None))))  # fmt: skip
    mine = sa.select(table_of(Outlet).c.id).where(table_of(Outlet).c.merchant_id == merchant_id)
    blank_where(s, DeviceOutlet, lambda t: t.c.outlet_id.in_(mine))  # who placed each device
    for model in (Outlet, AccountActivity, TeamMember):
        blank_where(s, model, lambda t: t.c.merchant_id == merchant_id)
    s.execute(sa.update(table_of(TeamMember)).where(table_of(TeamMember).c.merchant_id == merchant_id,
                                                    table_of(TeamMember).c.removed_at.is_(None))
              .values(removed_at=utcnow()))  # fmt: skip
    return Held(records=tuple((MEMBER, str(m.id)) for m in members), addresses=tuple(sorted(addresses - elsewhere)))
