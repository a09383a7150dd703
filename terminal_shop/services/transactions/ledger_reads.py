"""What the screens read of the ledger (ledger.py): a payout's figures as its entries summed,
the entries of one payout, where a sale's money is and what happened to it after. Every screen
of money (Pencairan, the CSVs, the statement, the recap, the reconciliation) reads here."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, func

from terminal_shop.services.transactions.ledger import E, PayoutKey, closed_exists
from terminal_shop.services.transactions.tables import LedgerClosing, Transaction
from terminal_shop.services.transactions.terms import EntryKind

C = LedgerClosing


@dataclass(frozen=True)
class PayoutSums:
    """A payout's figures: every one its entries summed (money taken shown as a positive sum)."""

    key: PayoutKey
    merchant_id: uuid.UUID | None
    count: int  # sales
    gross: int
    mdr: int  # the MDR charged less the MDR returned
    refunds: int  # refunds and voids
    chargebacks: int
    corrections: int  # signed: the admin's, and a payout's shortfall carried to the next (ledger.carry_due)
    net: int
    late: int  # sales that landed here after their own payout was sent
    closed: bool  # sent: nothing more lands on it


def _sum_of(*kinds: EntryKind) -> Any:
    return func.coalesce(func.sum(E.amount).filter(col(E.kind).in_([k.value for k in kinds])), 0)


def sums(s: Session, where: list[Any], newest_first: bool = True, limit: int | None = None) -> list[PayoutSums]:
    """The payouts `where` reaches (conditions on LedgerEntry), each its entries summed."""
    merchant = func.max(sa.cast(col(E.merchant_id), sa.String))
    late = func.coalesce(
        func.sum(E.amount).filter(col(E.kind) == EntryKind.SALE.value, col(E.payout_on) > col(E.due_on)), 0
    )
    grouped = (
        sa.select(col(E.acquirer), col(E.mid), col(E.payout_on), merchant,
                  func.count().filter(col(E.kind) == EntryKind.SALE.value), _sum_of(EntryKind.SALE),
                  _sum_of(EntryKind.MDR, EntryKind.MDR_BACK), _sum_of(EntryKind.REFUND, EntryKind.VOID),
                  _sum_of(EntryKind.CHARGEBACK), _sum_of(EntryKind.CORRECTION, EntryKind.CARRY), func.sum(E.amount), late,
                  func.max(col(C.mid)))
        .join(C, (col(C.acquirer) == col(E.acquirer)) & (col(C.mid) == col(E.mid)) & (col(C.payout_on) == col(E.payout_on)),
              isouter=True)  # one closing a payout at most: the join adds no rows
        .where(*where, col(E.payout_on).is_not(None))
        .group_by(col(E.acquirer), col(E.mid), col(E.payout_on))
        .order_by(col(E.payout_on).desc() if newest_first else col(E.payout_on), col(E.mid))
    )  # fmt: skip
    if limit:
        grouped = grouped.limit(limit)
    rows: Any = s.execute(grouped).all()
    return [PayoutSums(PayoutKey(a, m, d), uuid.UUID(mer) if mer else None, int(n), int(g), -int(f), -int(r), -int(cb),
                       int(c), int(net or 0), int(lt), shut is not None)
            for a, m, d, mer, n, g, f, r, cb, c, net, lt, shut in rows]  # fmt: skip


def of_merchants(
    s: Session, merchant_ids: list[uuid.UUID], limit: int = 60, since: date | None = None, until: date | None = None,
    mid: str | None = None, newest_first: bool = True,
) -> list[PayoutSums]:  # fmt: skip
    """These merchants' payouts (of the days [since, until), of one MID), newest first."""
    where: list[Any] = [col(E.merchant_id).in_(merchant_ids)]
    if since is not None:
        where.append(col(E.payout_on) >= since)
    if until is not None:
        where.append(col(E.payout_on) < until)
    if mid is not None:
        where.append(col(E.mid) == mid)
    return sums(s, where, newest_first, limit)


def of_payout(s: Session, key: PayoutKey) -> PayoutSums | None:
    found = sums(s, [col(E.acquirer) == key.acquirer, col(E.mid) == key.mid, col(E.payout_on) == key.day])
    return found[0] if found else None


def in_days(s: Session, since: date, until: date, mids: list[str] | None = None) -> list[PayoutSums]:
    """Every payout of the days [since, until] (the admin's reconciliation, a day's run)."""
    where: list[Any] = [col(E.payout_on) >= since, col(E.payout_on) <= until]
    if mids is not None:
        where.append(col(E.mid).in_(mids))
    return sums(s, where)


@dataclass(frozen=True)
class Line:
    """One entry of a payout with the sale it is about (its terminal, channel and fee rule)."""

    kind: str
    amount: int
    occurred_at: datetime
    due_on: date
    txn_id: str
    note: str
    tid: str
    channel: str
    fee_rule: str


def entries(s: Session, key: PayoutKey, limit: int = 1000) -> list[Line]:
    """Exactly what one payout holds, in the order it happened."""
    t = Transaction
    rows: Any = s.execute(
        sa.select(col(E.kind), col(E.amount), col(E.occurred_at), col(E.due_on), col(E.txn_id), col(E.note),
                  col(t.tid), col(t.channel), col(t.fee_rule))
        .join(t, (col(t.acquirer) == col(E.acquirer)) & (col(t.txn_id) == col(E.txn_id)), isouter=True)
        .where(col(E.acquirer) == key.acquirer, col(E.mid) == key.mid, col(E.payout_on) == key.day)
        .order_by(col(E.occurred_at), col(E.id)).limit(limit)
    ).all()  # fmt: skip
    return [Line(k, int(a), at, due, txn, note, tid or "", channel or "", rule or "")
            for k, a, at, due, txn, note, tid, channel, rule in rows]  # fmt: skip


@dataclass(frozen=True)
class Movement:
    """A refund, void or chargeback of a sale, with the payout it actually landed on."""

    kind: str
    amount: int  # positive: taken
    occurred_at: datetime
    payout_on: date | None
    closed: bool
    with_sale: bool  # on the sale's own payout: simply not paid out


def sale_payouts(s: Session, acquirer_txns: list[tuple[str, str]]) -> dict[tuple[str, str], tuple[date | None, bool]]:
    """The payout each sale is in (None: held) and whether it was sent."""
    found: dict[tuple[str, str], tuple[date | None, bool]] = {}
    for part in bites(acquirer_txns):  # a year's CSV names many: a tuple list a planner takes
        rows: Any = s.execute(
            sa.select(col(E.acquirer), col(E.txn_id), col(E.payout_on), closed_exists())
            .where(sa.tuple_(col(E.acquirer), col(E.txn_id)).in_(part), col(E.kind) == EntryKind.SALE.value)
        ).all()  # fmt: skip
        found.update({(a, t): (d, bool(shut)) for a, t, d, shut in rows})
    return found


def bites(pairs: list[Any], size: int = 500) -> list[list[Any]]:
    """A long key list in parts a planner takes (PostgreSQL refused an 8,537-tuple IN)."""
    return [pairs[i : i + size] for i in range(0, len(pairs), size)]


def movements(s: Session, acquirer_txns: list[tuple[str, str]]) -> dict[tuple[str, str], list[Movement]]:
    """What happened to these sales after them, oldest first."""
    if not acquirer_txns:
        return {}
    kinds = [EntryKind.REFUND.value, EntryKind.VOID.value, EntryKind.CHARGEBACK.value]
    sold = sale_payouts(s, acquirer_txns)
    rows: list[Any] = []
    for part in bites(acquirer_txns):
        rows += s.execute(
            sa.select(col(E.acquirer), col(E.txn_id), col(E.kind), col(E.amount), col(E.occurred_at), col(E.payout_on),
                      closed_exists())
            .where(sa.tuple_(col(E.acquirer), col(E.txn_id)).in_(part), col(E.kind).in_(kinds))
            .order_by(col(E.occurred_at), col(E.id))
        ).all()  # fmt: skip
    found: dict[tuple[str, str], list[Movement]] = {}
    for a, t, kind, amount, at, on, shut in rows:
        own = sold.get((a, t), (None, False))[0]
        found.setdefault((a, t), []).append(
            Movement(kind, -int(amount), at, on, bool(shut), on is not None and on == own)
        )
    return found
