"""Payouts made from their transactions: one row per acquirer, MID and settlement day, its
figures read again while it is Dijadwalkan and kept once it is Dikirim (what was sent is what
the bank received; a later change to its transactions lands on the next payout as an
adjustment). Run for a day by the workers' loop and for a merchant when they open their
payouts; safe to run twice at once (the unique key keeps one row)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, func, select

from terminal_shop.infra.db import write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.payouts.tables import Payout, PayoutAdjustment
from terminal_shop.services.payouts.terms import AdjustmentKind, PayoutStatus
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.transactions import payout_figures
from terminal_shop.services.transactions.payout_figures import DayFigures


def refresh_day(day: date, mids: list[str] | None = None) -> int:
    """Every payout of `day` (`mids`: only these) made or read again; how many."""
    try:
        with write_session() as s:
            return refresh_in(s, day, mids)
    except IntegrityError:  # another worker made the same row a moment before: read again
        with write_session() as s:
            return refresh_in(s, day, mids)


def refresh_merchant(merchant_ids: list[uuid.UUID], since: date) -> None:
    """A merchant's payouts due on or after `since`, before they are shown: one transaction,
    a few queries, and a row written only where its figures changed."""
    try:
        with write_session() as s:
            _refresh_merchant_in(s, merchant_ids, since)
    except IntegrityError:  # made by another tab or worker a moment before: read again
        with write_session() as s:
            _refresh_merchant_in(s, merchant_ids, since)


def _refresh_merchant_in(s: Session, merchant_ids: list[uuid.UUID], since: date) -> None:
    figures = payout_figures.for_merchants_since(s, merchant_ids, since)
    mine = (col(Payout.merchant_id).in_(merchant_ids), col(Payout.settle_on) >= since)
    kept = {(p.acquirer, p.mid, p.settle_on): p for p in s.exec(select(Payout).where(*mine))}
    a = PayoutAdjustment
    extra = _adjustments(s, [col(a.merchant_id).in_(merchant_ids), col(a.applies_on) >= since])
    accounts: dict[uuid.UUID, str] = {}
    for day, f in _with_adjustment_only_days(figures, extra):
        _apply(
            s, kept.get((f.acquirer, f.mid, day)), day, f, extra.get((f.acquirer, f.mid, day), _NONE).amounts, accounts
        )


def refresh_in(s: Session, day: date, mids: list[str] | None) -> int:
    """`refresh_day` in the caller's transaction."""
    figures = payout_figures.for_day(s, day, mids)
    where = [col(Payout.settle_on) == day] + ([col(Payout.mid).in_(mids)] if mids is not None else [])
    kept = {(p.acquirer, p.mid): p for p in s.exec(select(Payout).where(*where))}
    a = PayoutAdjustment
    extra = _adjustments(s, [col(a.applies_on) == day] + ([col(a.mid).in_(mids)] if mids is not None else []))
    accounts: dict[uuid.UUID, str] = {}
    made = _with_adjustment_only_days([(day, f) for f in figures], extra)
    for _, f in made:
        _apply(s, kept.get((f.acquirer, f.mid)), day, f, extra.get((f.acquirer, f.mid, day), _NONE).amounts, accounts)
    return len(made)


def _with_adjustment_only_days(
    figures: list[tuple[date, DayFigures]], extra: dict[tuple[str, str, date], Extra]
) -> list[tuple[date, DayFigures]]:
    """A day with adjustments and no transactions of its own still has a payout (a refund
    taken back on a quiet day: it is what reaches, or leaves, the account)."""
    seen = {(f.acquirer, f.mid, day) for day, f in figures}
    return figures + [(day, DayFigures(acquirer, mid, e.merchant_id, 0, 0, 0, 0))
                      for (acquirer, mid, day), e in extra.items() if (acquirer, mid, day) not in seen]  # fmt: skip


def _apply(
    s: Session, payout: Payout | None, day: date, f: DayFigures, extra: dict[str, int], accounts: dict[uuid.UUID, str]
) -> None:
    """The payout made, or its figures read again while it is Dijadwalkan (a sent one is what
    the bank received); written only when something changed."""
    if payout is not None and payout.status != PayoutStatus.SCHEDULED.value:
        return
    chargebacks = extra.get(AdjustmentKind.CHARGEBACK.value, 0)
    adjustments = sum(v for k, v in extra.items() if k != AdjustmentKind.CHARGEBACK.value)
    if f.merchant_id is not None and f.merchant_id not in accounts:
        accounts[f.merchant_id] = registrations.payout_account(s, f.merchant_id)
    values: dict[str, Any] = {"merchant_id": f.merchant_id, "count": f.count, "gross": f.gross, "mdr": f.mdr, "refunds": f.refunds,
              "chargebacks": chargebacks, "adjustments": adjustments,
              "net": f.gross - f.mdr - f.refunds + chargebacks + adjustments,
              "account": accounts.get(f.merchant_id, "") if f.merchant_id else ""}  # fmt: skip
    if payout is None:
        s.add(Payout(acquirer=f.acquirer, mid=f.mid, settle_on=day, **values))
    elif any(getattr(payout, k) != v for k, v in values.items()):
        for k, v in values.items():
            setattr(payout, k, v)
        payout.computed_at = utcnow()
        s.add(payout)


@dataclass
class Extra:
    """The adjustments landing on one payout, by kind, and whose payout it is (a day with no
    transactions of its own knows it from them)."""

    merchant_id: uuid.UUID | None
    amounts: dict[str, int] = field(default_factory=dict)


_NONE = Extra(None)


def _adjustments(s: Session, where: list[Any]) -> dict[tuple[str, str, date], Extra]:
    """The adjustments landing on the payouts `where` names, per (acquirer, MID, day) and kind."""
    a = PayoutAdjustment
    merchant = func.max(sa.cast(col(a.merchant_id), sa.String))
    rows: Any = s.execute(
        sa.select(col(a.acquirer), col(a.mid), col(a.applies_on), col(a.kind), func.sum(a.amount), merchant).where(*where)
        .group_by(col(a.acquirer), col(a.mid), col(a.applies_on), col(a.kind))
    ).all()  # fmt: skip
    found: dict[tuple[str, str, date], Extra] = {}
    for acquirer, mid, day, kind, amount, merchant_id in rows:
        extra = found.setdefault((acquirer, mid, day), Extra(uuid.UUID(merchant_id) if merchant_id else None))
        extra.amounts[kind] = int(amount or 0)
    return found
