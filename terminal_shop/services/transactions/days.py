"""A merchant's day of sales as Hari ini and Riwayat sum it (dashboard.py): the transactions
area's door for the daily recap, whose "yesterday" must be the figure Hari ini showed."""

from __future__ import annotations

import uuid
from datetime import date
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col

from terminal_shop.services.transactions import money
from terminal_shop.services.transactions.dashboard import day_range
from terminal_shop.services.transactions.tables import Transaction


def days_of(s: Session, merchant_ids: list[uuid.UUID], day: date) -> dict[uuid.UUID, tuple[int, int, int, int, int]]:
    """(sales, gross, MDR, refunds, net) of each merchant's sales made on this WIB day, as Hari
    ini and Riwayat sum them: the daily recap's "yesterday" is the figure its Hari ini showed."""
    start, end = day_range(day)
    rows: Any = s.execute(
        sa.select(col(Transaction.merchant_id), *money.sums())
        .where(col(Transaction.merchant_id).in_(merchant_ids), col(Transaction.occurred_at) >= start,
               col(Transaction.occurred_at) < end)
        .group_by(col(Transaction.merchant_id))
    ).all()  # fmt: skip
    return {m: (int(n), int(g), int(f), int(r), int(net)) for m, n, g, f, r, net in rows}
