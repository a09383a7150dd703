"""The transactions area's door for a sale named by another party (a dispute names the
transaction it is about): who sold it, on which terminal, for how much."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col

from terminal_shop.services.transactions.tables import Transaction


@dataclass(frozen=True)
class Sale:
    tid: str
    mid: str
    merchant_id: uuid.UUID | None
    amount: int
    occurred_at: datetime


def sales(s: Session, acquirer: str, txn_ids: list[str]) -> dict[str, Sale]:
    t = Transaction
    rows: Any = s.execute(
        sa.select(col(t.txn_id), col(t.tid), col(t.mid), col(t.merchant_id), col(t.amount), col(t.occurred_at))
        .where(col(t.acquirer) == acquirer, col(t.txn_id).in_(txn_ids))
    ).all()  # fmt: skip
    return {txn: Sale(tid, mid, merchant, amount, at) for txn, tid, mid, merchant, amount, at in rows}


def terminal_of(acquirer: Any, txn_id: Any) -> Any:
    """The terminal a sale was made on, for a row naming it (a dispute): a correlated subquery
    an outlet's reach filters by (services/reach.py)."""
    t = Transaction
    return sa.select(col(t.device_id)).where(col(t.acquirer) == acquirer, col(t.txn_id) == txn_id).scalar_subquery()
