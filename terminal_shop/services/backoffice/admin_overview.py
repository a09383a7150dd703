"""The back office's overview: how the business is going, for a range of WIB days.

Every figure is a SQL aggregate (no rows are read into Python), so the page costs the
same at a million orders as at ten. Revenue is the total of confirmed orders, counted on
the day the order was placed; the time to confirmation is from the order to its last
change, which for a confirmed order is the confirmation (it has no later transition).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from babel.dates import format_timedelta
from sqlalchemy import Connection

from terminal_shop import routes
from terminal_shop.formats import ID, number, rupiah
from terminal_shop.infra.db import read_rows
from terminal_shop.services import working_days
from terminal_shop.services.backoffice.views import DayFigures, Overview, StatusCount, Waiting
from terminal_shop.services.disputes import cases as dispute_cases
from terminal_shop.services.fleet import view as fleet
from terminal_shop.services.lists.list_query import ListQuery, day_text, period_days, utc_bounds
from terminal_shop.services.lists.listing import cards, tallies
from terminal_shop.services.lists.terms import Period, SortField
from terminal_shop.services.orders import figures, order_list
from terminal_shop.services.orders.payments import reconcile
from terminal_shop.services.orders.terms import (
    FULFILMENT_OF_FILTER,
    QUEUE_FILTERS,
    FulfilmentFilter,
    OrderQueue,
    OrderStatus,
)
from terminal_shop.services.payouts import cases
from terminal_shop.services.privacy import incidents, requests
from terminal_shop.services.registrations import merchant_list, payout_account_views
from terminal_shop.services.registrations.terms import RegistrationStatus
from terminal_shop.services.returns import queue as returns_queue
from terminal_shop.services.servicing import queue as service_queue
from terminal_shop.views import Badge

MAX_DAYS = 366  # a chart of more days than this is unreadable; longer custom ranges are cut


def _waited(since: datetime | None, now: datetime) -> str:
    return duration((now - since).total_seconds()) if since else "-"


def duration(seconds: float | Decimal | None) -> str:
    """'3 hari', '5 jam', '12 menit' (Babel's Indonesian, rounded to the largest unit)."""
    if seconds is None:
        return "-"
    return format_timedelta(timedelta(seconds=max(0.0, float(seconds))), threshold=1, locale=ID)


def overview(period: str = "", start: str = "", end: str = "", now: datetime | None = None) -> Overview:
    now = now or datetime.now(UTC)
    first, last = period_days(period or Period.LAST_30, start, end, now)
    last = last or working_days.today_wib(now)  # an open end: today
    first = max(first or last, last - timedelta(days=MAX_DAYS - 1))
    lo, hi = utc_bounds(first, last)
    with read_rows() as conn:
        per_day, n_confirmed, waited_total = figures.per_day(conn, lo, hi)
        order_tally = cards(tallies(conn, "orders"), OrderStatus)  # every payment method added
        registrations = cards(tallies(conn, "merchant_registrations"), RegistrationStatus)
        oldest_order = figures.oldest_waiting_review(conn)
        oldest_merchant = merchant_list.oldest_pending(conn)
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
            *_other_queues(now),
        ),
        registrations=tuple(
            StatusCount(Badge.of(RegistrationStatus, s), registrations.get(s.value, 0)) for s in RegistrationStatus
        ),
        waiting_matched=matched,
        waiting_unmatched=max(0, orders_waiting - matched),
        data_requests=requests.open_requests(),
        payout_cases=tuple(cases.open_cases(limit=20)),
        disputes=tuple(dispute_cases.waiting(limit=20)),
        fleet=fleet.counts(),
        incidents=tuple(incidents.incidents(open_only=True)),
    )


def _other_queues(now: datetime) -> list[Waiting]:
    """The service cases', the payout accounts' and the returns' work waiting."""
    service = [
        Waiting(q.label, q.count, _waited(q.oldest, now), routes.ADMIN_SERVICE) for q in service_queue.waiting(now)
    ]
    return [*service, _account_changes(now), _returns(now)]


def _account_changes(now: datetime) -> Waiting:
    """New payout accounts the owners confirmed, for staff to check: the oldest one's page."""
    count, since, merchant = payout_account_views.oldest_waiting()
    href = routes.with_id(routes.ADMIN_MERCHANT, merchant) + "#ganti-rekening" if merchant else routes.ADMIN_MERCHANTS
    return Waiting("Ganti rekening menunggu pemeriksaan", count, _waited(since, now), href)


def _returns(now: datetime) -> Waiting:
    """Returns asked, approved or received, for finance and the warehouse: the oldest one's order."""
    count, since, order = returns_queue.waiting()
    href = routes.with_id(routes.ADMIN_ORDER, order) + "#retur" if order else routes.ADMIN_ORDERS
    return Waiting("Retur perlu ditangani", count, _waited(_aware(since), now), href)


def _shipping_queues(conn: Connection, now: datetime) -> list[Waiting]:
    """The orders list's shipping queues, counted by the list's own function (the same numbers
    on both pages); how long the oldest has waited since it entered its stage (updated_at)."""
    counts = order_list.fulfilment_counts(conn)
    queues = [(q, *QUEUE_FILTERS[q]) for q in (OrderQueue.TO_PACK, OrderQueue.TO_SHIP, OrderQueue.ON_THE_WAY)]
    stages = {FULFILMENT_OF_FILTER[FulfilmentFilter(stage)].value: stage for _, _, stage in queues}
    firsts = figures.oldest_per_stage(conn, stages)
    oldest = {stages[fulfilment]: moment for fulfilment, moment in firsts.items()}
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
