"""The payments area's tables: imported statement lines and the imports. Times are
timezone-aware UTC, money is whole rupiah. (An order's kode unik and its proof's fingerprint are
the orders area's.)"""

from __future__ import annotations

import uuid
from datetime import date, datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import UTCDateTime, now_field


class StatementLine(SQLModel, table=True):
    """A line of an imported bank statement or QRIS report (services/orders/payments/reconcile.py).
    `identity` is the line's own, so a file imported twice (or an overlapping period) adds
    nothing and a line confirms at most one order."""

    __tablename__ = "statement_lines"
    __table_args__ = (sa.Index("ix_statement_lines_open", "source", "order_id", "amount"),)

    id: int | None = Field(default=None, primary_key=True)
    identity: str = Field(max_length=64, unique=True)
    source: str = Field(max_length=10)  # terms.StatementSource
    booked_on: date | None = Field(default=None)  # None for a pending line
    description: str = Field(max_length=500)
    reference: str | None = Field(default=None, max_length=100)  # a QRIS report's bill number
    amount_cents: int = Field(sa_type=sa.BigInteger)  # signed: a debit is negative
    pending: bool = False
    # What matching reads: the whole rupiah of a booked credit (else None) and the window of
    # order times it may pay ([booked day - 7 days, end of booked day) in UTC).
    amount: int | None = Field(default=None, sa_type=sa.BigInteger)
    window_from: datetime | None = Field(default=None, sa_type=UTCDateTime)
    window_to: datetime | None = Field(default=None, sa_type=UTCDateTime)
    order_id: uuid.UUID | None = Field(default=None, unique=True)
    imported_at: datetime = now_field()
    imported_by: str = Field(max_length=254)


class StatementImport(SQLModel, table=True):
    """One file imported, and the lines it held in its order (a line imported before is its
    earlier row): the payments page reviews the last import from here, so a month's thousands
    of line ids stay out of the tab's state (issue 60.8)."""

    __tablename__ = "statement_imports"

    id: int | None = Field(default=None, primary_key=True)
    imported_by: str = Field(max_length=254)
    imported_at: datetime = now_field()
    line_ids: list[int] = Field(default_factory=list, sa_type=sa.JSON)
