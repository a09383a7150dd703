"""The back office's overview: how the business is going, for a range of WIB days.

Every figure is a SQL aggregate (no rows are read into Python), so the page costs the
same at a million orders as at ten. Revenue is the total of confirmed orders, counted on
the day the order was placed; the time to confirmation is from the order to its last
change, which for a confirmed order is the confirmation (it has no later transition).
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any, cast

from babel.dates import format_timedelta
from sqlalchemy import ColumnElement, Connection, case, func, select

from terminal_shop import routes
from terminal_shop.formats import ID, number, rupiah
from terminal_shop.infra.db import read_rows
from terminal_shop.infra.models import table_of
from terminal_shop.services import working_days
from terminal_shop.services.backoffice import admin_orders
from terminal_shop.services.backoffice.list_query import ListQuery, day_text, period_days, utc_bounds
from terminal_shop.services.backoffice.listing import cards, in_range, tallies
from terminal_shop.services.backoffice.terms import Period, SortField
from terminal_shop.services.backoffice.views import DayFigures, Overview, StatusCount, Waiting
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import (
    FULFILMENT_OF_FILTER,
    QUEUE_FILTERS,
    FulfilmentFilter,
    OrderQueue,
    OrderStatus,
)
from terminal_shop.services.payments import reconcile
from terminal_shop.services.privacy import requests
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import RegistrationStatus
from terminal_shop.views import Badge
from terminal_shop.vocabulary import Term

MAX_DAYS = 366  # a chart of more days than this is unreadable; longer custom ranges are cut
_O = table_of(Order).c
_M = table_of(MerchantRegistration).c


def _wib_day(conn: Connection, column: Any) -> Any:
    """The WIB calendar day of a stored UTC time, in SQL."""
    if conn.dialect.name == "postgresql":
        return func.date(func.timezone("Asia/Jakarta", column))
    return func.date(column, "+7 hours")


def _seconds_between(conn: Connection, earlier: Any, later: Any) -> Any:
    if conn.dialect.name == "postgresql":
        return func.extract("epoch", later - earlier)
    return (func.julianday(later) - func.julianday(earlier)) * 86400


def _oldest(conn: Connection, columns: Any, status: Term) -> datetime | None:
    """When the oldest row still in `status` was made (the (status, created_at) index)."""
    oldest: datetime | None = conn.execute(
        select(columns.created_at).where(columns.status == status.value).order_by(columns.created_at).limit(1)
    ).scalar()
    return oldest


def _as_date(value: object) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value))


def _waited(since: datetime | None, now: datetime) -> str:
    return duration((now - since).total_seconds()) if since else "-"


def duration(seconds: float | Decimal | None) -> str:
    """'3 hari', '5 jam', '12 menit' (Babel's Indonesian, rounded to the largest unit)."""
    if seconds is None:
        return "-"
    return format_timedelta(timedelta(seconds=max(0.0, float(seconds))), threshold=1, locale=ID)


def _per_day(conn: Connection, in_days: list[ColumnElement[bool]]) -> tuple[dict[date, tuple[int, int]], int, float]:
    """Orders and confirmed revenue per WIB day, and the confirmed orders with their total wait:
    one pass over the range (index-only on PostgreSQL: ix_orders_overview of 0008)."""
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


def overview(period: str = "", start: str = "", end: str = "", now: datetime | None = None) -> Overview:
    now = now or datetime.now(UTC)
    first, last = period_days(period or Period.LAST_30, start, end, now)
    last = last or working_days.today_wib(now)  # an open end: today
    first = max(first or last, last - timedelta(days=MAX_DAYS - 1))
    lo, hi = utc_bounds(first, last)
    in_days = in_range(_O.created_at, lo, hi)
    with read_rows() as conn:
        per_day, n_confirmed, waited_total = _per_day(conn, in_days)
        order_tally = cards(tallies(conn, "orders"), OrderStatus)  # every payment method added
        registrations = cards(tallies(conn, "merchant_registrations"), RegistrationStatus)
        oldest_order = _oldest(conn, _O, OrderStatus.PAID_REVIEW)
        oldest_merchant = _oldest(conn, _M, RegistrationStatus.PENDING)
        matched = reconcile.waiting_with_line(conn)
        shipping = _shipping_queues(conn, now)
    average = waited_total / n_confirmed if n_confirmed else None
    orders_waiting = order_tally[OrderStatus.PAID_REVIEW.value]
    merchants_waiting = registrations.get(RegistrationStatus.PENDING.value, 0)
    days = []
    for i in range((last - first).days + 1):
        d = first + timedelta(days=i)
        n, revenue = per_day.get(d, (0, 0))
        days.append(DayFigures(d.strftime("%d/%m"), day_text(d), n, int(revenue), rupiah(int(revenue))))
    return Overview(
        range_text=f"{day_text(first)} – {day_text(last)}",
        days=tuple(days),
        orders=number(sum(x.orders for x in days)),
        revenue=rupiah(sum(x.revenue for x in days)),
        confirmed=number(n_confirmed),
        average_confirmation=duration(average),
        waiting=(
            Waiting(
                "Pembayaran menunggu review",
                orders_waiting,
                _waited(_aware(oldest_order), now),
                f"{routes.ADMIN_ORDERS}?status={OrderStatus.PAID_REVIEW.value}&urut=tanggal&arah=naik",
            ),
            Waiting(
                "Pendaftaran menunggu review",
                merchants_waiting,
                _waited(_aware(oldest_merchant), now),
                f"{routes.ADMIN_MERCHANTS}?status={RegistrationStatus.PENDING.value}&urut=tanggal&arah=naik",
            ),
            *shipping,
        ),
        registrations=tuple(
            StatusCount(Badge.of(RegistrationStatus, s), registrations.get(s.value, 0)) for s in RegistrationStatus
        ),
        waiting_matched=matched,
        waiting_unmatched=max(0, orders_waiting - matched),
        data_requests=requests.open_requests(),
    )


def _shipping_queues(conn: Connection, now: datetime) -> list[Waiting]:
    """The orders list's shipping queues, counted by the list's own function (the same numbers
    on both pages); how long the oldest has waited since it entered its stage (updated_at)."""
    counts = admin_orders.fulfilment_counts(conn)
    queues = [(q, *QUEUE_FILTERS[q]) for q in (OrderQueue.TO_PACK, OrderQueue.TO_SHIP, OrderQueue.ON_THE_WAY)]
    stages = {FULFILMENT_OF_FILTER[FulfilmentFilter(stage)].value: stage for _, _, stage in queues}
    # The oldest of each stage, one index lookup each (ix_orders_stage_updated, migration 0029);
    # a MIN grouped over the stages read every order at them (125 ms at 550,000 to pack).
    firsts = [
        select(func.min(_O.updated_at))
        .where(_O.status == OrderStatus.CONFIRMED.value, _O.fulfilment == fulfilment)
        .scalar_subquery()
        for fulfilment in stages
    ]
    oldest = dict(zip(stages.values(), conn.execute(select(*firsts)).one(), strict=True))
    found = []
    for queue, status, stage in queues:
        href = ListQuery(status=status, fulfilment=stage, sort=SortField.DATE.value, descending=False)
        waited = _waited(_aware(oldest.get(stage)), now)
        found.append(Waiting(queue.label, counts[stage], waited, href.url(routes.ADMIN_ORDERS)))
    return found


def _aware(moment: object) -> datetime | None:
    """min() in SQL bypasses the column type: SQLite hands back text without a zone."""
    if moment is None:
        return None
    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment)
    if not isinstance(moment, datetime):
        raise TypeError(moment)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
