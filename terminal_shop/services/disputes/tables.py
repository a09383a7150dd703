"""The disputes area's tables: one row per acquirer's dispute id, and the evidence files the
merchant uploaded for it (stored in the merchant documents bucket under the dispute's id)."""

from __future__ import annotations

import uuid
from datetime import date, datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import ERASED, UTCDateTime, now_field, personal
from terminal_shop.services.disputes.terms import DisputeStatus


class Dispute(SQLModel, table=True):
    __tablename__ = "disputes"
    __table_args__ = (
        sa.UniqueConstraint("acquirer", "dispute_id", name="uq_disputes_acquirer_dispute"),
        sa.Index("ix_disputes_status_deadline", "status", "deadline"),
    )

    id: uuid.UUID = Field(default_factory=uuid.uuid4, primary_key=True)
    acquirer: str = Field(max_length=20)
    dispute_id: str = Field(max_length=64)
    txn_id: str = Field(max_length=64)
    tid: str = Field(max_length=16)
    mid: str = Field(max_length=20)
    merchant_id: uuid.UUID | None = Field(default=None, index=True)
    amount: int = Field(sa_type=sa.BigInteger)
    reason_code: str = Field(max_length=20)
    reason: str = Field(max_length=200)
    deadline: date  # the last day the merchant's answer reaches the acquirer
    status: str = Field(default=DisputeStatus.OPEN.value, max_length=20)
    opened_at: datetime = now_field()
    changed_at: datetime = now_field()
    decision: str = Field(default="", max_length=20)  # terms.Decision, "" until answered
    note: str = Field(default="", max_length=1000, sa_column_kwargs=personal(ERASED))
    answered_by: str | None = Field(default=None, max_length=254, sa_column_kwargs=personal())
    answered_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    forwarded_by: str | None = Field(default=None, max_length=254)  # the admin who sent the evidence on
    forwarded_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class DisputeEvidence(SQLModel, table=True):
    __tablename__ = "dispute_evidence"

    id: int | None = Field(default=None, primary_key=True)
    dispute_id: uuid.UUID = Field(index=True)  # disputes.id
    kind: str = Field(max_length=20)  # terms.EvidenceKind
    file_key: str = Field(max_length=200)
    content_type: str = Field(max_length=40)
    size: int
    uploaded_by: str = Field(max_length=254, sa_column_kwargs=personal(ERASED))
    uploaded_at: datetime = now_field()
