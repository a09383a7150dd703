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
    status: str = ""  # terms.TxnStatus
    refunded: int = 0
    scheme: str = ""
    rrn: str = ""
    approval_code: str = ""


def sales(s: Session, acquirer: str, txn_ids: list[str]) -> dict[str, Sale]:
    t = Transaction
    rows: Any = s.execute(
        sa.select(col(t.txn_id), col(t.tid), col(t.mid), col(t.merchant_id), col(t.amount), col(t.occurred_at),
                  col(t.status), col(t.refunded), col(t.scheme), col(t.rrn), col(t.approval_code))
        .where(col(t.acquirer) == acquirer, col(t.txn_id).in_(txn_ids))
    ).all()  # fmt: skip
    return {r[0]: Sale(r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8] or "", r[9] or "", r[10] or "") for r in rows}


def terminal_of(acquirer: Any, txn_id: Any) -> Any:
    """The terminal a sale was made on, for a row naming it (a dispute): a correlated subquery
    an outlet's reach filters by (services/reach.py)."""
    t = Transaction
    return sa.select(col(t.device_id)).where(col(t.acquirer) == acquirer, col(t.txn_id) == txn_id).scalar_subquery()
