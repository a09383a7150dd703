"""What each merchant account (MID) is owed for a settlement day, summed by the database from
its transactions: the transactions area's door for payouts (issue 47.1).

Every figure is money.py's rule, summed: a sale with its amount and MDR, a void for nothing,
a refund before its payout with its part taken off and that part's MDR returned."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, func

from terminal_shop.infra.models import utcnow
from terminal_shop.services.transactions import money
from terminal_shop.services.transactions.mdr import rupiah_text
from terminal_shop.services.transactions.tables import Transaction

COUNTED = money.COUNTED


@dataclass(frozen=True)
class DayFigures:
    acquirer: str
    mid: str
    merchant_id: uuid.UUID | None
    count: int
    gross: int
    mdr: int
    refunds: int


@dataclass(frozen=True)
class PaidLine:
    """One transaction of a payout, as its breakdown lists it."""

    txn_id: str
    occurred_at: datetime
    tid: str
    channel: str
    status: str
    amount: int
    mdr: int
    refunded: int
    fee_rule: str


def for_day(s: Session, day: date, mids: list[str] | None = None) -> list[DayFigures]:
    """Per (acquirer, MID) with transactions due on `day` (`mids`: only these)."""
    t = Transaction
    where: list[Any] = [col(t.settle_on) == day]
    if mids is not None:
        where.append(col(t.mid).in_(mids))
    return [f for _, f in _grouped(s, where)]


def for_merchants_since(s: Session, merchant_ids: list[uuid.UUID], since: date) -> list[tuple[date, DayFigures]]:
    """(day, figures) per (acquirer, MID, settlement day) of these merchants from `since` on:
    one query for a merchant's week (the index on merchant and settlement day)."""
    t = Transaction
    return _grouped(s, [col(t.merchant_id).in_(merchant_ids), col(t.settle_on) >= since])


def _grouped(s: Session, where: list[Any]) -> list[tuple[date, DayFigures]]:
    t = Transaction
    merchant = func.max(sa.cast(col(t.merchant_id), sa.String))  # one MID is one merchant's (its devices')
    count, gross, fees, refunds, _ = money.sums()
    rows: Any = s.execute(
        sa.select(col(t.settle_on), col(t.acquirer), col(t.mid), merchant, count, gross, fees, refunds)
        .where(*where, col(t.status).in_(COUNTED)).group_by(col(t.settle_on), col(t.acquirer), col(t.mid))
    ).all()  # fmt: skip
    return [(d, DayFigures(a, m, _uuid(mer), int(n), int(g or 0), int(f or 0), int(r or 0)))
            for d, a, m, mer, n, g, f, r in rows]  # fmt: skip


def _uuid(text: str | None) -> uuid.UUID | None:
    return uuid.UUID(text) if text else None


def lines_of(s: Session, acquirer: str, mid: str, day: date, limit: int = 500) -> list[PaidLine]:
    """The transactions a payout is made of, oldest first."""
    t = Transaction
    rows = s.exec(
        sa.select(t)  # type: ignore[call-overload]
        .where(col(t.acquirer) == acquirer, col(t.mid) == mid, col(t.settle_on) == day, col(t.status).in_(COUNTED))
        .order_by(col(t.occurred_at))
        .limit(limit)
    ).all()
    return [
        PaidLine(r.txn_id, r.occurred_at, r.tid, r.channel, r.status, r.amount, r.mdr, r.refunded, r.fee_rule)
        for (r,) in rows
    ]  # fmt: skip


def mark_settled(s: Session, acquirer: str, mid: str, day: date) -> int:
    """A payout sent: its transactions are paid ("Dibayar") on its day, where no report said so."""
    t = Transaction
    done = s.exec(
        sa.update(t)
        .where(col(t.acquirer) == acquirer, col(t.mid) == mid, col(t.settle_on) == day, col(t.settled_on).is_(None))
        .values(settled_on=day, changed_at=utcnow())
    )
    return int(done.rowcount or 0)


def day_by_merchant(
    s: Session, merchant_ids: list[uuid.UUID], start: datetime, end: datetime
) -> dict[uuid.UUID, tuple[int, int, int, int]]:
    """(count, sales, fees, net) of each merchant's transactions in [start, end), as the
    dashboard sums them (money.py): the daily recap's figures."""
    t = Transaction
    count, gross, fees, _, net = money.sums()
    rows: Any = s.execute(
        sa.select(col(t.merchant_id), count, gross, fees, net)
        .where(col(t.merchant_id).in_(merchant_ids), col(t.occurred_at) >= start, col(t.occurred_at) < end)
        .group_by(col(t.merchant_id))
    ).all()  # fmt: skip
    return {m: (int(n), int(a), int(f), int(net)) for m, n, a, f, net in rows}


@dataclass(frozen=True)
class DayCheck:
    """One acquirer's settlement day, as the site computed it and as its report said."""

    acquirer: str
    day: date
    count: int
    computed: int  # the transactions' net
    reported: int  # the settlement report's net, of the transactions it listed
    reported_count: int
    computed_of_reported: int  # the site's net of those same transactions
    mismatched: tuple[str, ...]  # "T1 (MID ...): situs Rp 99.000, laporan Rp 98.500", the first few


def checks(s: Session, since: date, until: date, shown: int = 10) -> list[DayCheck]:
    """Per acquirer and settlement day in [since, until], newest first, with the transactions
    whose reported net differs from the site's (issue 47.6)."""
    t = Transaction
    reported = col(t.reported_net).is_not(None)
    rows: Any = s.execute(
        sa.select(col(t.acquirer), col(t.settle_on), func.count(), func.coalesce(func.sum(t.net), 0),
                  func.coalesce(func.sum(t.reported_net), 0), func.count().filter(reported),
                  func.coalesce(func.sum(t.net).filter(reported), 0))
        .where(col(t.settle_on) >= since, col(t.settle_on) <= until)
        .group_by(col(t.acquirer), col(t.settle_on)).order_by(col(t.settle_on).desc(), col(t.acquirer))
    ).all()  # fmt: skip
    odd: Any = s.execute(
        sa.select(col(t.acquirer), col(t.settle_on), col(t.txn_id), col(t.mid), col(t.net), col(t.reported_net))
        .where(col(t.settle_on) >= since, col(t.settle_on) <= until, reported, col(t.reported_net) != col(t.net))
        .order_by(col(t.settle_on), col(t.txn_id)).limit(500)
    ).all()  # fmt: skip
    found: dict[tuple[str, date], list[str]] = {}
    for acquirer, day, txn_id, mid, net, theirs in odd:
        found.setdefault((acquirer, day), []).append(
            f"{txn_id} (MID {mid}): situs {rupiah_text(int(net))}, laporan {rupiah_text(int(theirs))}"
        )
    return [DayCheck(a, d, int(n), int(c), int(r), int(rn), int(cr), tuple(found.get((a, d), [])[:shown]))
            for a, d, n, c, r, rn, cr in rows]  # fmt: skip
