"""Refused signed deliveries as tallies: one row per sender (an acquirer, the fleet), reason and hour, its count and
latest example (issue 46.6: 2,000 forged posts wrote 2,000 rows, and the admin's page read
them all to count them). Counted and summed in SQL; kept rules.REFUSALS_KEPT."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, func, select

from terminal_shop import rules
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import table_of, utcnow
from terminal_shop.intake.tables import RefusedDelivery


def record(acquirer: str, reason: str, example: str = "", s: Session | None = None) -> None:
    """Adds one to this hour's tally of `reason` (in `s` when given, else on its own)."""
    if s is None:
        with write_session() as own:
            record(acquirer, reason, example, own)
        return
    now = utcnow()
    acquirer, reason, hour = acquirer[:20], reason[:200], now.replace(minute=0, second=0, microsecond=0)
    where = [col(RefusedDelivery.acquirer) == acquirer, col(RefusedDelivery.reason) == reason,
             col(RefusedDelivery.hour) == hour]  # fmt: skip
    values = {"count": col(RefusedDelivery.count) + 1, "last_at": now, "example": example[:200]}
    if s.execute(sa.update(table_of(RefusedDelivery)).where(*where).values(**values)).rowcount:  # type: ignore[attr-defined]
        return
    try:
        with s.begin_nested():  # two workers may start the same hour's tally at once
            s.add(
                RefusedDelivery(
                    acquirer=acquirer, reason=reason, hour=hour, count=1, last_at=now, example=example[:200]
                )
            )
    except IntegrityError:
        s.execute(sa.update(table_of(RefusedDelivery)).where(*where).values(**values))


@dataclass(frozen=True)
class Recent:
    count: int
    last_reason: str
    last_example: str


def recent(acquirer: str, since: datetime) -> Recent:
    """The refusals of `acquirer` since then (to the hour), summed in SQL, and the latest."""
    with read_session() as s:
        since_hour = since.replace(minute=0, second=0, microsecond=0)
        mine = [col(RefusedDelivery.acquirer) == acquirer, col(RefusedDelivery.hour) >= since_hour]
        total = s.exec(select(func.coalesce(func.sum(RefusedDelivery.count), 0)).where(*mine)).one()
        last = s.exec(select(RefusedDelivery).where(*mine).order_by(col(RefusedDelivery.last_at).desc())).first()
    return Recent(int(total), last.reason if last else "", last.example if last else "")


def purge() -> int:
    """Drops tallies older than rules.REFUSALS_KEPT (run with the hourly sweep)."""
    with write_session() as s:
        gone = s.execute(
            sa.delete(table_of(RefusedDelivery)).where(col(RefusedDelivery.hour) < utcnow() - rules.REFUSALS_KEPT)
        )
    return int(gone.rowcount)  # type: ignore[attr-defined]
