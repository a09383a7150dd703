"""Payouts made from their transactions: one row per acquirer, MID and settlement day, its
figures read again while it is Dijadwalkan and kept once it is Dikirim (what was sent is what
the bank received; a later change to its transactions lands on the next payout as an
adjustment). Run for a day by the workers' loop and for a merchant when they open their
payouts; safe to run twice at once (the unique key keeps one row)."""

from __future__ import annotations

import uuid
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
    """A merchant's payouts due on or after `since`, before they are shown."""
    with write_session() as s:
        days = payout_figures.days_with_transactions(s, merchant_ids, since)
    for day in sorted({d for _, _, d in days}):
        refresh_day(day, sorted({m for _, m, d2 in days if d2 == day}))


def refresh_in(s: Session, day: date, mids: list[str] | None) -> int:
    """`refresh_day` in the caller's transaction."""
    figures = payout_figures.for_day(s, day, mids)
    where = [col(Payout.settle_on) == day] + ([col(Payout.mid).in_(mids)] if mids is not None else [])
    kept = {(p.acquirer, p.mid): p for p in s.exec(select(Payout).where(*where))}
    extra = _adjustments(s, day, mids)
    for f in figures:
        payout = kept.get((f.acquirer, f.mid))
        if payout is None:
            payout = Payout(acquirer=f.acquirer, mid=f.mid, settle_on=day, merchant_id=f.merchant_id)
        elif payout.status != PayoutStatus.SCHEDULED.value:
            continue  # sent: its figures are what the bank received
        _fill(s, payout, f, extra.get((f.acquirer, f.mid), {}))
    return len(figures)


def _fill(s: Session, payout: Payout, f: DayFigures, extra: dict[str, int]) -> None:
    payout.merchant_id = f.merchant_id
    payout.count, payout.gross, payout.mdr, payout.refunds = f.count, f.gross, f.mdr, f.refunds
    payout.chargebacks = extra.get(AdjustmentKind.CHARGEBACK.value, 0)
    payout.adjustments = sum(v for k, v in extra.items() if k != AdjustmentKind.CHARGEBACK.value)
    payout.net = f.gross - f.mdr - f.refunds + payout.chargebacks + payout.adjustments
    payout.account = registrations.payout_account(s, f.merchant_id) if f.merchant_id else ""
    payout.computed_at = utcnow()
    s.add(payout)


def _adjustments(s: Session, day: date, mids: list[str] | None) -> dict[tuple[str, str], dict[str, int]]:
    """The adjustments landing on `day`, per (acquirer, MID) and kind."""
    a = PayoutAdjustment
    where = [col(a.applies_on) == day] + ([col(a.mid).in_(mids)] if mids is not None else [])
    rows: Any = s.execute(
        sa.select(col(a.acquirer), col(a.mid), col(a.kind), func.sum(a.amount)).where(*where)
        .group_by(col(a.acquirer), col(a.mid), col(a.kind))
    ).all()  # fmt: skip
    found: dict[tuple[str, str], dict[str, int]] = {}
    for acquirer, mid, kind, amount in rows:
        found.setdefault((acquirer, mid), {})[kind] = int(amount or 0)
    return found
