"""Returns (issue 61.3): a buyer's request to send units of a delivered order back, and what
staff did with it; the credit notes' own number series."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import ERASED, UTCDateTime, now_field, personal
from terminal_shop.services.returns.terms import ReturnStep


class OrderReturn(SQLModel, table=True):
    __tablename__ = "order_returns"

    id: uuid.UUID = Field(default_factory=uuid.uuid4, primary_key=True)
    number: str = Field(max_length=20, unique=True)  # "RTR-" and 6 hex digits: what the buyer and staff say
    order_id: uuid.UUID = Field(index=True)
    step: str = Field(default=ReturnStep.ASKED.value, max_length=20)
    reason: str = Field(max_length=20)  # terms.ReturnReason
    note: str = Field(default="", sa_type=sa.Text, sa_column_kwargs=personal(""))  # what the buyer wrote
    serials: list[str] = Field(default_factory=list, sa_type=sa.JSON)  # the units returned
    photo_keys: list[str] = Field(default_factory=list, sa_type=sa.JSON)  # bucket_order_payments
    resolution: str = Field(max_length=10)  # terms.Resolution
    # Where a refund goes: the buyer's account, its holder's name shown to staff before they pay.
    bank: str = Field(default="", max_length=60)
    account_number: str = Field(default="", max_length=20, sa_column_kwargs=personal(""))
    account_holder: str = Field(default="", max_length=100, sa_column_kwargs=personal(ERASED))
    amount: int = Field(default=0, sa_type=sa.BigInteger)  # what a refund pays back (the units' prices)
    refused_reason: str = Field(default="", max_length=500)  # staff's words to the buyer
    pickup_courier: str = Field(default="", max_length=20)
    pickup_resi: str = Field(default="", max_length=30)
    received: dict[str, Any] = Field(default_factory=dict, sa_type=sa.JSON)  # serial -> terms.Destination
    refund_reference: str = Field(default="", max_length=60)
    exchange_serials: list[str] = Field(default_factory=list, sa_type=sa.JSON)
    exchange_resi: str = Field(default="", max_length=30)
    credit_note: str | None = Field(default=None, max_length=30, unique=True)  # "NK/2026/000001"
    asked_at: datetime = now_field()
    changed_at: datetime = now_field()
    closed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class CreditNoteCounter(SQLModel, table=True):
    """The last credit note number of each year, taken under the row's lock (no gap, no twin)."""

    __tablename__ = "credit_note_counters"

    year: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    last: int = 0
