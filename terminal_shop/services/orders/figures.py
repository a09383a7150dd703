"""The orders' figures for the admin's overview: per WIB day, and how long the oldest has
waited. SQL aggregates only, so they cost the same at a million orders as at ten."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from typing import Any, cast

from sqlalchemy import ColumnElement, Connection, case, func, select

from terminal_shop.infra.models import table_of
from terminal_shop.services.lists.listing import in_range
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import OrderStatus

_O = table_of(Order).c


def _wib_day(conn: Connection, column: Any) -> Any:
    """The WIB calendar day of a stored UTC time, in SQL."""
    if conn.dialect.name == "postgresql":
        return func.date(func.timezone("Asia/Jakarta", column))
    return func.date(column, "+7 hours")


def _seconds_between(conn: Connection, earlier: Any, later: Any) -> Any:
    if conn.dialect.name == "postgresql":
        return func.extract("epoch", later - earlier)
    return (func.julianday(later) - func.julianday(earlier)) * 86400


def _as_date(value: object) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value))


def per_day(
    conn: Connection, lo: datetime | None, hi: datetime | None
) -> tuple[dict[date, tuple[int, int]], int, float]:
    """Orders and confirmed revenue per WIB day, and the confirmed orders with their total wait:
    one pass over the range (index-only on PostgreSQL: ix_orders_overview of 0008)."""
    in_days: list[ColumnElement[bool]] = in_range(_O.created_at, lo, hi)
    day = _wib_day(conn, _O.created_at)
    waited = _seconds_between(conn, _O.created_at, _O.updated_at)
    confirmed = _O.status == OrderStatus.CONFIRMED.value
    per_day: dict[date, tuple[int, int]] = {}
    n_confirmed, waited_total = 0, 0.0
    for d, n, revenue, confirmed_n, confirmed_secs in conn.execute(
        select(
            day,
            func.count(),
            func.sum(case((confirmed, _O.total), else_=0)),
            func.sum(case((confirmed, 1), else_=0)),
            func.sum(case((confirmed, waited), else_=0)),
        )
        .where(*in_days)
        .group_by(day)
    ):
        per_day[_as_date(d)] = (int(cast(int, n)), int(cast(int, revenue or 0)))  # SUMs: int or Decimal
        n_confirmed += int(cast(int, confirmed_n or 0))
        waited_total += float(cast(float, confirmed_secs or 0))
    return per_day, n_confirmed, waited_total


def oldest_waiting_review(conn: Connection) -> datetime | None:
    """When the oldest order still waiting for its payment's review was placed ((status, created_at) index)."""
    oldest: datetime | None = conn.execute(
        select(_O.created_at).where(_O.status == OrderStatus.PAID_REVIEW.value).order_by(_O.created_at).limit(1)
    ).scalar()
    return oldest


def oldest_per_stage(conn: Connection, stages: Iterable[str]) -> dict[str, object]:
    """When the oldest confirmed order entered each shipping stage: one index lookup each
    (ix_orders_stage_updated, migration 0029); a MIN grouped over the stages read every order
    at them (125 ms at 550,000 to pack). SQLite hands the times back as text."""
    wanted = list(stages)
    firsts = [
        select(func.min(_O.updated_at))
        .where(_O.status == OrderStatus.CONFIRMED.value, _O.fulfilment == stage)
        .scalar_subquery()
        for stage in wanted
    ]
    return dict(zip(wanted, conn.execute(select(*firsts)).one(), strict=True))
