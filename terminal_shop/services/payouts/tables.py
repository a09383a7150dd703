"""The payouts area's tables: what happened to each payout (acquirer, merchant account (MID),
day), the merchants' "Dana belum masuk" cases and their recap choice. Money in whole rupiah."""

from __future__ import annotations

import uuid
from datetime import date, datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import ERASED, UTCDateTime, now_field, personal
from terminal_shop.services.payouts.terms import CaseStatus, PayoutStatus


class Payout(SQLModel, table=True):
    """What happened to a payout (acquirer, MID, day): sent with the bank's reference and the
    amount the acquirer says it sent, received. Its figures are not here: they are its ledger
    entries summed (transactions/ledger.py). A row is made when something happens to it."""

    __tablename__ = "payouts"
    __table_args__ = (
        sa.UniqueConstraint("acquirer", "mid", "settle_on", name="uq_payouts_mid_day"),
        sa.Index("ix_payouts_merchant_day", "merchant_id", "settle_on"),
    )

    id: uuid.UUID = Field(default_factory=uuid.uuid4, primary_key=True)
    acquirer: str = Field(max_length=20)
    mid: str = Field(max_length=20)
    merchant_id: uuid.UUID | None = None
    settle_on: date
    status: str = Field(default=PayoutStatus.SCHEDULED.value, max_length=20)  # never LATE: that is read, not kept
    account: str = Field(default="", max_length=80)  # "BCA ••7890" it was sent to, from the approved registration
    bank_reference: str | None = Field(default=None, max_length=64)
    reported_net: int | None = Field(default=None, sa_type=sa.BigInteger)  # what the acquirer says it sent
    sent_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    received_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class PayoutCase(SQLModel, table=True):
    """ "Dana belum masuk?": a merchant's report that a payout did not arrive, with every fact
    the admin needs taken when it was opened, answered on the same page (issue 47.2). One open
    case per payout."""

    __tablename__ = "payout_cases"

    id: int | None = Field(default=None, primary_key=True)
    payout_id: uuid.UUID = Field(index=True)
    merchant_id: uuid.UUID = Field(index=True)
    opened_by: str = Field(max_length=254, sa_column_kwargs=personal(ERASED))
    opened_at: datetime = now_field()
    promised_by: datetime = Field(sa_type=UTCDateTime)  # when the merchant is told they will hear back
    facts: str = Field(
        max_length=1000, sa_column_kwargs=personal(ERASED)
    )  # amount, account, reference, transactions, as the merchant saw them
    status: str = Field(default=CaseStatus.OPEN.value, max_length=20, index=True)
    answer: str | None = Field(default=None, max_length=1000, sa_column_kwargs=personal())
    answered_by: str | None = Field(default=None, max_length=254)
    answered_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class RecapChoice(SQLModel, table=True):
    """Whether an approved merchant asked for the 07.00 WIB daily recap, and by which channel
    ("" off, "email", "whatsapp"); services/payouts/recap.py."""

    __tablename__ = "recap_choices"

    merchant_id: uuid.UUID = Field(primary_key=True)
    channel: str = Field(default="", max_length=20, index=True)
    changed_by: str = Field(max_length=254, sa_column_kwargs=personal(ERASED))
    changed_at: datetime = now_field()
