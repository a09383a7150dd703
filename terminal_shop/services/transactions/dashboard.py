"""The merchant's dashboard figures: today's sales, count, fees and net (WIB day), per channel,
and the money due per settlement day. Every figure is summed by the database from the rows the
history (history.py) lists; the transactions themselves are listed there only (issue 50.6:
/akun listed today's twice)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, func, select

from terminal_shop import catalogue
from terminal_shop.formats import WIB, day_text, rupiah, wib
from terminal_shop.infra.db import read_session
from terminal_shop.services import reach, working_days
from terminal_shop.services.reach import Reach
from terminal_shop.services.transactions import money
from terminal_shop.services.transactions.mdr import CHANNELS
from terminal_shop.services.transactions.tables import Refund, Transaction
from terminal_shop.services.transactions.terms import TxnStatus

STATUS_WORDS = TxnStatus.labels()


@dataclass(frozen=True)
class Figures:
    """Summed by money.py's rule: net is sales less refunds less MDR."""

    sales: str
    count: int
    fees: str
    net: str
    refunds: str = ""  # "" when nothing was refunded


@dataclass(frozen=True)
class ChannelLine:
    channel: str
    count: int
    sales: str
    fees: str


@dataclass(frozen=True)
class TxnLine:
    at: str
    device: str  # "A920 Pro · SN ..."
    channel: str
    amount: str
    fee: str
    net: str
    status: str
    settlement: str  # "Dibayar 27 Nov 2026" or "Menunggu, 27 Nov 2026"
    refunds: list[str] = field(default_factory=list)  # each refund with its effect (refund_texts)


@dataclass(frozen=True)
class SettlementLine:
    day: str
    net: str
    state: str  # Menunggu / Dibayar


@dataclass(frozen=True)
class Dashboard:
    today: Figures
    channels: list[ChannelLine]
    settlements: list[SettlementLine]


def _today_range(now: datetime | None = None) -> tuple[datetime, datetime]:
    day = working_days.today_wib(now)
    start = datetime.combine(day, time(), WIB)
    return start, start + timedelta(days=1)


def marker(merchant_ids: Reach | list[uuid.UUID]) -> str:
    """Changes whenever one of these merchants' transactions arrives or changes (an open
    dashboard checks it when live.py says so, and reads its figures again only then)."""
    if not merchant_ids:
        return ""
    with read_session() as s:
        latest, count = s.execute(
            sa.select(func.max(Transaction.changed_at), func.count()).where(*mine(merchant_ids))
        ).one()
    return f"{latest}:{count}"


def mine(merchants: Reach | list[uuid.UUID]) -> list[Any]:
    """The reader's reach (services/reach.py): their merchants, devices and first moment."""
    return reach.of(merchants).where(
        col(Transaction.merchant_id), col(Transaction.device_id), col(Transaction.occurred_at)
    )


def for_merchants(merchant_ids: Reach | list[uuid.UUID], now: datetime | None = None) -> Dashboard:
    start, end = _today_range(now)
    scoped = sa.and_(*mine(merchant_ids))
    today = (col(Transaction.occurred_at) >= start) & (col(Transaction.occurred_at) < end)
    approved = col(Transaction.status).in_(money.COUNTED)
    with read_session() as s:
        totals: Any = s.execute(sa.select(*money.sums()).where(scoped, today)).one()
        channels = s.exec(
            select(Transaction.channel, func.count(), func.sum(Transaction.amount), func.sum(Transaction.mdr))
            .where(scoped, today, approved).group_by(col(Transaction.channel)).order_by(col(Transaction.channel))
        ).all()  # fmt: skip
        due = s.exec(  # (day, net, transactions, of which settled)
            select(col(Transaction.settle_on), func.sum(Transaction.net), func.count(), func.count(col(Transaction.settled_on)))
            .where(scoped, col(Transaction.settle_on) >= start.date() - timedelta(days=7))
            .group_by(col(Transaction.settle_on)).order_by(col(Transaction.settle_on).desc())
        ).all()  # fmt: skip
    return Dashboard(
        today=figures(*totals),
        channels=[
            ChannelLine(CHANNELS.get(c, c), int(n), rupiah(int(a or 0)), rupiah(int(f or 0))) for c, n, a, f in channels
        ],
        settlements=[
            SettlementLine(day_text(d), rupiah(int(n or 0)), "Dibayar" if paid == total else "Menunggu")
            for d, n, total, paid in due
        ],
    )


def figures(count: int, sales: int, fees: int, refunds: int, net: int) -> Figures:
    return Figures(rupiah(int(sales)), int(count), rupiah(int(fees)), rupiah(int(net)),
                   "-" + rupiah(int(refunds)) if refunds else "")  # fmt: skip


def refund_texts(s: Session, txns: list[Transaction]) -> dict[tuple[str, str], list[str]]:
    """Each refund of these transactions as the merchant reads it under its sale, with its
    effect (money.py): not paid out, or taken from a payout already made."""
    refunded = [(t.acquirer, t.txn_id) for t in txns if t.refunded]
    if not refunded:
        return {}
    rows = s.exec(
        select(Refund).where(sa.tuple_(col(Refund.acquirer), col(Refund.txn_id)).in_(refunded))
        .order_by(col(Refund.occurred_at))
    ).all()  # fmt: skip
    found: dict[tuple[str, str], list[str]] = {}
    for r in rows:
        effect = f"dipotong dari pencairan {day_text(r.taken_on)}" if r.taken_on else "tidak ikut dicairkan"
        found.setdefault((r.acquirer, r.txn_id), []).append(
            f"Refund {rupiah(r.amount)} · {wib(r.occurred_at)} · {effect}"
        )
    return found


def line(t: Transaction, model: str | None, serial: str | None, refunds: list[str] | None = None) -> TxnLine:
    product = catalogue.product(model or "")
    device = f"{product.short_name if product else model} · SN {serial}" if serial else f"TID {t.tid}"
    settled = f"Dibayar {day_text(t.settled_on)}" if t.settled_on else f"Menunggu, {day_text(t.settle_on)}"
    return TxnLine(wib(t.occurred_at), device, CHANNELS.get(t.channel, t.channel), rupiah(t.amount), rupiah(t.mdr),
                   rupiah(t.net), STATUS_WORDS.get(t.status, t.status), settled, refunds or [])  # fmt: skip
