"""The merchant's dashboard figures: today's sales, count, fees and net (WIB day) and per
channel, summed by the database from the rows the history (history.py) lists; the transactions
themselves are listed there only (issue 50.6: /akun listed today's twice). What is paid out,
and when, is the ledger's (ledger.py): each line names the payout its sale is in and each
refund the payout it actually landed on."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, func, select

from terminal_shop import catalogue
from terminal_shop.formats import WIB, day_text, rupiah, wib
from terminal_shop.infra.db import read_session
from terminal_shop.services import reach, working_days
from terminal_shop.services.reach import Reach
from terminal_shop.services.transactions import ledger_reads, money
from terminal_shop.services.transactions.tables import Transaction
from terminal_shop.services.transactions.terms import CHANNELS, Hold, TxnStatus

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
    status: str  # "Berhasil", "Refund sebagian", "Dikembalikan", "Dibatalkan"
    settlement: str  # "Dikirim 27 Nov 2026", "Dijadwalkan 30 Nov 2026", "Ditahan: TID tidak dikenal"
    refunds: list[str] = field(default_factory=list)  # each refund with its effect (refund_texts)


@dataclass(frozen=True)
class Dashboard:
    today: Figures
    channels: list[ChannelLine]


def day_range(day: date) -> tuple[datetime, datetime]:
    """A WIB calendar day as [start, end): what Hari ini and the recap call one day."""
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


def at_the_counter(found: Any, reader: Reach | list[uuid.UUID]) -> Any:
    """What a reader without the merchant's money sees (issue 63.4: a cashier read MDR, net and
    the payout): the same figures and lines with fees, net, payouts and refunds' effects blank."""
    if reach.of(reader).money:
        return found
    if isinstance(found, Figures):
        return replace(found, fees="", net="")
    if isinstance(found, ChannelLine):
        return replace(found, fees="")
    if isinstance(found, TxnLine):
        return replace(found, fee="", net="", settlement="", refunds=[])
    return found


def for_merchants(merchant_ids: Reach | list[uuid.UUID], now: datetime | None = None) -> Dashboard:
    start, end = day_range(working_days.today_wib(now))
    scoped = sa.and_(*mine(merchant_ids))
    today = (col(Transaction.occurred_at) >= start) & (col(Transaction.occurred_at) < end)
    approved = col(Transaction.status).in_(money.COUNTED)
    with read_session() as s:
        totals: Any = s.execute(sa.select(*money.sums()).where(scoped, today)).one()
        channels = s.exec(
            select(Transaction.channel, func.count(), func.sum(Transaction.amount), func.sum(Transaction.mdr))
            .where(scoped, today, approved).group_by(col(Transaction.channel)).order_by(col(Transaction.channel))
        ).all()  # fmt: skip
    return Dashboard(
        today=at_the_counter(figures(*totals), merchant_ids),
        channels=[
            at_the_counter(
                ChannelLine(CHANNELS.get(c, c), int(n), rupiah(int(a or 0)), rupiah(int(f or 0))), merchant_ids
            )
            for c, n, a, f in channels
        ],
    )


def figures(count: int, sales: int, fees: int, refunds: int, net: int) -> Figures:
    return Figures(rupiah(int(sales)), int(count), rupiah(int(fees)), rupiah(int(net)),
                   "-" + rupiah(int(refunds)) if refunds else "")  # fmt: skip


def refund_texts(s: Session, txns: list[Transaction]) -> dict[tuple[str, str], list[str]]:
    """Each refund, void or chargeback of these sales as the merchant reads it under its sale:
    its own time, and the payout it actually landed on (ledger.py)."""
    found: dict[tuple[str, str], list[str]] = {}  # every sale asked: a chargeback leaves it "Berhasil"
    for pair, moves in ledger_reads.movements(s, [(t.acquirer, t.txn_id) for t in txns]).items():
        for m in moves:
            found.setdefault(pair, []).append(
                f"{_MOVED.get(m.kind, m.kind)} {rupiah(m.amount)} · {wib(m.occurred_at)} · {_effect(m)}"
            )
    return found


_MOVED = {"refund": "Refund", "void": "Pembatalan", "chargeback": "Chargeback"}


def _effect(m: ledger_reads.Movement) -> str:
    if m.payout_on is None:
        return "ditahan bersama transaksinya"
    if m.with_sale:
        return "tidak ikut dicairkan"
    return f"dipotong dari pencairan {day_text(m.payout_on)}"


def status_word(t: Transaction) -> str:
    if t.status == TxnStatus.REFUND.value and 0 < t.refunded < t.amount:
        return "Refund sebagian"
    return STATUS_WORDS.get(t.status, t.status)


def payout_word(t: Transaction, payouts: dict[tuple[str, str], tuple[date | None, bool]]) -> str:
    """Where the sale's money is: "Dikirim 30 Nov 2026", "Dijadwalkan 1 Des 2026", "Terlambat, jadwal
    27 Nov 2026", "Ditahan: ..." (the payout's own words, Pencairan's)."""
    if t.held:
        return "Ditahan: " + Hold.label_of(t.held)
    on, sent = payouts.get((t.acquirer, t.txn_id), (None, False))
    if on is None:
        return "-"
    if not sent and on < working_days.today_wib():
        return f"Terlambat, jadwal {day_text(on)}"  # its day passed and the acquirer has not sent it
    return f"{'Dikirim' if sent else 'Dijadwalkan'} {day_text(on)}"


def line(t: Transaction, model: str | None, serial: str | None, refunds: list[str] | None = None,
         payouts: dict[tuple[str, str], tuple[date | None, bool]] | None = None) -> TxnLine:  # fmt: skip
    product = catalogue.product(model or "")
    device = f"{product.short_name if product else model} · SN {serial}" if serial else f"TID {t.tid}"
    return TxnLine(wib(t.occurred_at), device, CHANNELS.get(t.channel, t.channel), rupiah(t.amount), rupiah(t.mdr),
                   rupiah(t.net), status_word(t), payout_word(t, payouts or {}), refunds or [])  # fmt: skip
