"""The transactions area's tables: acquirers, the transactions they report, and the
deliveries refused (the admin's view of the webhook's health). Money in whole rupiah."""

from __future__ import annotations

import uuid
from datetime import date, datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import UTCDateTime, now_field


class Acquirer(SQLModel, table=True):
    """A bank or payment company that reports our terminals' transactions. Its webhook secret
    is derived from the site's key and `secret_nonce` (services/transactions/ingest.py):
    the database alone does not hold it."""

    __tablename__ = "acquirers"

    code: str = Field(primary_key=True, max_length=20)  # bri, bca, ...
    name: str = Field(max_length=80)
    secret_nonce: str = Field(max_length=64)
    cutoff_minutes: int = Field(default=23 * 60)  # WIB minutes after midnight: later counts as the next day
    arrives_minutes: int = Field(default=17 * 60)  # a payout is in the account by this time of its day, WIB
    calendar_days: bool = False  # pays every day (H+1 calendar day), not on working days only
    created_at: datetime = now_field()


class Transaction(SQLModel, table=True):
    __tablename__ = "transactions"
    __table_args__ = (
        sa.UniqueConstraint("acquirer", "txn_id", name="uq_transactions_acquirer_txn"),  # a delivery twice: one row
        sa.Index("ix_transactions_merchant_time", "merchant_id", "occurred_at"),
        sa.Index("ix_transactions_device_time", "device_id", "occurred_at"),
        sa.Index("ix_transactions_unknown", "device_id", "received_at"),
        sa.Index("ix_transactions_settle_on", "settle_on", "acquirer", "mid"),  # the admin's settlement checks
    )

    id: uuid.UUID = Field(default_factory=uuid.uuid4, primary_key=True)
    acquirer: str = Field(max_length=20)
    txn_id: str = Field(max_length=64)
    tid: str = Field(max_length=16, index=True)
    mid: str = Field(max_length=20)
    device_id: uuid.UUID | None = None  # None: a TID no active device has (kept for the admin)
    merchant_id: uuid.UUID | None = None
    occurred_at: datetime = Field(sa_type=UTCDateTime)
    received_at: datetime = now_field()
    changed_at: datetime = now_field(
        index=True
    )  # arrival, void/refund or settlement: what open dashboards follow (live.py)
    amount: int = Field(sa_type=sa.BigInteger)
    channel: str = Field(max_length=20)  # debit, kredit, qris
    scheme: str | None = Field(default=None, max_length=40)  # card scheme or QRIS issuer
    status: str = Field(max_length=20)  # approved, void, refund
    rrn: str | None = Field(default=None, max_length=24)
    approval_code: str | None = Field(default=None, max_length=12)
    fee: int = Field(default=0, sa_type=sa.BigInteger)  # the sale's MDR as computed (services/transactions/mdr.py)
    fee_rule: str = Field(default="", max_length=120)  # the rule's name the merchant reads (mdr.rule_name)
    mdr: int = Field(default=0, sa_type=sa.BigInteger)  # the MDR kept: the fee less what refunds returned (money.py)
    net: int = Field(default=0, sa_type=sa.BigInteger)  # amount - refunded - mdr
    refunded: int = Field(default=0, sa_type=sa.BigInteger)  # the refunds (table refunds) added up, at most amount
    settle_on: date  # the working day the money is due (settlement.py)
    settled_on: date | None = None  # as the acquirer's report says
    reported_net: int | None = Field(default=None, sa_type=sa.BigInteger)  # the report's net, for reconciliation
    held: str = Field(default="", max_length=20)  # terms.Hold: "" counted; else kept out of every payout (ledger.py)


class Refund(SQLModel, table=True):
    """One refund of a kept transaction: partial refunds add up to at most its amount; the same
    refund delivered again (same `refund_id`, "" when the acquirer sends none) is a duplicate."""

    __tablename__ = "refunds"
    __table_args__ = (sa.UniqueConstraint("acquirer", "txn_id", "refund_id", name="uq_refunds_refund"),)

    id: int | None = Field(default=None, primary_key=True)
    acquirer: str = Field(max_length=20)
    txn_id: str = Field(max_length=64)
    refund_id: str = Field(default="", max_length=64)
    amount: int = Field(sa_type=sa.BigInteger)
    occurred_at: datetime = Field(sa_type=UTCDateTime)
    received_at: datetime = now_field()


class AgreedRate(SQLModel, table=True):
    """An MDR a merchant agreed for one channel, from a day on (services/transactions/agreed.py):
    it takes the place of the table's rule for that merchant's transactions."""

    __tablename__ = "agreed_rates"

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: uuid.UUID = Field(index=True)
    channel: str = Field(max_length=20)  # debit, kredit, qris
    percent: str = Field(max_length=8)  # "0.5": kept as text, read as a Decimal (no float ever)
    flat: int = Field(default=0, sa_type=sa.BigInteger)
    since: date
    set_by: str = Field(max_length=254)
    created_at: datetime = now_field()


class LedgerEntry(SQLModel, table=True):
    """One movement of what a merchant account (MID) is owed (services/transactions/ledger.py):
    never edited; a mistake is put right by a new entry. `payout_on` is the payout it belongs
    to (acquirer, MID, day); None while it is held for the admin."""

    __tablename__ = "ledger_entries"
    __table_args__ = (
        sa.Index("ix_ledger_payout", "acquirer", "mid", "payout_on"),
        sa.Index("ix_ledger_merchant_payout", "merchant_id", "payout_on"),
        sa.Index("ix_ledger_txn", "acquirer", "txn_id"),
    )

    id: int | None = Field(default=None, sa_type=sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True)
    acquirer: str = Field(max_length=20)
    mid: str = Field(max_length=20)
    merchant_id: uuid.UUID | None = None
    kind: str = Field(max_length=20)  # terms.EntryKind
    amount: int = Field(sa_type=sa.BigInteger)  # signed: owed to the merchant (+) or taken (-)
    txn_id: str = Field(default="", max_length=64)  # the sale it is about ("" for a correction)
    source: str = Field(max_length=160, unique=True)  # what caused it, once: a replay posts nothing
    occurred_at: datetime = Field(sa_type=UTCDateTime)  # when the movement happened (a refund: the refund's time)
    due_on: date  # the payout it was due on by the schedule
    payout_on: date | None = None  # the payout it is in: due_on, or the next one not sent when that was sent
    note: str = Field(default="", max_length=200)
    posted_by: str = Field(default="", max_length=254)  # an admin's correction: who
    posted_at: datetime = now_field()


class LedgerClosing(SQLModel, table=True):
    """A payout sent: nothing more is posted to it (the next entries land on a later one)."""

    __tablename__ = "ledger_closings"

    acquirer: str = Field(primary_key=True, max_length=20)
    mid: str = Field(primary_key=True, max_length=20)
    payout_on: date = Field(primary_key=True)
    closed_at: datetime = now_field()


class FeeInvoice(SQLModel, table=True):
    """A merchant's monthly invoice of the MDR its MIDs were charged (issue 61.2): numbered in a
    series of its own without gaps (FeeInvoiceCounter), one per merchant and month, its figures
    the ledger's entries of that month (transactions/fee_invoices.py)."""

    __tablename__ = "fee_invoices"
    __table_args__ = (sa.UniqueConstraint("merchant_id", "month", name="uq_fee_invoice_month"),)

    id: int | None = Field(default=None, primary_key=True)
    number: str = Field(max_length=30, unique=True)  # "MDR/2026/000001"
    merchant_id: uuid.UUID = Field(index=True)
    month: str = Field(max_length=7)  # "2026-11"
    lines: list[dict[str, Any]] = Field(sa_type=sa.JSON)  # per MID: count, gross, mdr, back (rupiah)
    total: int = Field(sa_type=sa.BigInteger)  # the MDR charged less the MDR returned: what the invoice bills
    issued_at: datetime = now_field()


class FeeInvoiceCounter(SQLModel, table=True):
    """The last fee invoice number of each year, taken under the row's lock (no gap, no twin)."""

    __tablename__ = "fee_invoice_counters"

    year: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    last: int = 0
