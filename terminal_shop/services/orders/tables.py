"""The orders area's tables: the order (its buyer, items, payment and shipping) and the invoice counter. Times are timezone-aware UTC, money is whole rupiah."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import ERASED, UTCDateTime, now_field, personal
from terminal_shop.services.orders.terms import OrderStatus


class Order(SQLModel, table=True):
    __tablename__ = "orders"
    # Lists read newest first and page by (created_at, id): see services/lists/listing.py.
    # Migration 0002 adds the PostgreSQL trigram indexes behind the admin's "contains" search.
    __table_args__ = (
        sa.Index("ix_orders_created_id", "created_at", "id"),
        sa.Index("ix_orders_status_created_id", "status", "created_at", "id"),
        sa.Index("ix_orders_method_created_id", "payment_method", "created_at", "id"),
        sa.Index("ix_orders_total_created_id", "total", "created_at", "id"),  # the list's sorts (0008)
        sa.Index("ix_orders_buyer_name_created_id", "buyer_name", "created_at", "id"),
        sa.Index("ix_orders_overview", "created_at", "status", "total", "updated_at"),  # admin_overview
        sa.Index("ix_orders_fulfilment_created_id", "status", "fulfilment", "created_at", "id"),  # 0013
        sa.Index("ix_orders_waiting_amount", "status", "payment_method", "total", "created_at"),  # 0014
        sa.Index("ix_orders_proof_suspect_created_id", "proof_suspect", "created_at", "id"),  # 0014
        sa.Index("ix_orders_stage_updated", "status", "fulfilment", "updated_at"),  # the overview's oldest (0029)
        # One bill not refused per service case and fee (bills.py, 0045).
        sa.Index("uq_orders_live_bill", "service_case", "service_fee", unique=True,
                 postgresql_where=sa.text("status <> 'cancelled'"), sqlite_where=sa.text("status <> 'cancelled'")),
    )  # fmt: skip

    id: uuid.UUID = Field(default_factory=uuid.uuid4, primary_key=True)
    client_ref: str | None = Field(default=None, max_length=64, unique=True, sa_column_kwargs=personal())
    created_at: datetime = now_field()
    updated_at: datetime = now_field()
    # The 8 hex digits buyers, admins and the QRIS bill see (views.order_number, this area's): unique.
    number: str | None = Field(default=None, max_length=8, unique=True, index=True)
    buyer_name: str = Field(max_length=200, sa_column_kwargs=personal(ERASED))
    buyer_phone: str = Field(max_length=32, index=True, sa_column_kwargs=personal(""))
    buyer_email: str = Field(max_length=254, index=True, sa_column_kwargs=personal(""))
    shipping_address: str = Field(max_length=1000, sa_column_kwargs=personal(ERASED))
    note: str | None = Field(default=None, sa_type=sa.Text, sa_column_kwargs=personal())
    items: list[dict[str, Any]] = Field(default_factory=list, sa_type=sa.JSON)
    subtotal: int = Field(sa_type=sa.BigInteger)
    shipping_fee: int = Field(default=0, sa_type=sa.BigInteger)
    total: int = Field(sa_type=sa.BigInteger)
    payment_method: str = Field(max_length=20)
    status: str = Field(default=OrderStatus.PAID_REVIEW.value, max_length=20)
    payment_proof_url: str | None = Field(default=None, max_length=500, sa_column_kwargs=personal())
    payment_proof_path: str | None = Field(default=None, max_length=500, sa_column_kwargs=personal())
    qris_payload: str | None = Field(default=None, sa_type=sa.Text)  # the dynamic QR the buyer was shown
    # After confirmation (services/orders/fulfilment.py; terms.Fulfilment): its own field.
    fulfilment: str = Field(default="", max_length=20, sa_column_kwargs={"server_default": ""})
    courier: str | None = Field(default=None, max_length=20)  # couriers.COURIERS code
    resi: str | None = Field(default=None, max_length=30, unique=True, index=True)
    packed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    shipped_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    delivered_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    # Given in the confirming transaction (services/orders/invoice.py): INV/2026/000123.
    invoice_number: str | None = Field(default=None, max_length=20, unique=True, index=True)
    invoiced_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    # Payments (services/orders/payments): the kode unik taken off a BCA total (total is what the buyer
    # transfers), the amount the confirm page showed when the proof was sent, whether the proof
    # looks reused or sent for another amount, and how the payment was verified.
    unique_code: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    proof_amount: int | None = Field(default=None, sa_type=sa.BigInteger)
    proof_suspect: bool = Field(default=False, sa_column_kwargs={"server_default": sa.false()})
    payment_check: str | None = Field(default=None, max_length=300)
    # Retention and the buyer's requests (services/privacy): erased, or restricted instead.
    # The buyer's "Kirim info pesanan lewat WhatsApp": when, and the text shown (services/whatsapp)
    # The merchant registration whose devices these are (services/devices/linking.py)
    merchant_id: uuid.UUID | None = Field(default=None, index=True)
    # A PKP buyer's tax identity for the faktur pajak (tax_buyer.py), kept with the order's books,
    # and the faktur's serial number (NSFP) Coretax gave, once the finance staff record it.
    tax_id: str | None = Field(default=None, max_length=16, sa_column_kwargs=personal())
    tax_nitku: str | None = Field(default=None, max_length=22, sa_column_kwargs=personal())
    tax_name: str | None = Field(default=None, max_length=200, sa_column_kwargs=personal())
    tax_address: str | None = Field(default=None, max_length=1000, sa_column_kwargs=personal())
    nsfp: str | None = Field(default=None, max_length=17)
    # A service case's bill (bills.py): the case's number and the fee it pays; None for a purchase.
    service_case: str | None = Field(default=None, max_length=20)
    service_fee: str | None = Field(default=None, max_length=30)
    purged_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    restricted_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)


class InvoiceCounter(SQLModel, table=True):
    """The last invoice number of each year, taken under the row's lock (no gap, no twin)."""

    __tablename__ = "invoice_counters"

    year: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    last: int = 0


class TransferCode(SQLModel, table=True):
    """An amount to transfer held for one checkout attempt, then for its order while the
    order waits (services/orders/transfer_codes.py). The amount is the key: no two held
    at once, whichever worker or database makes them."""

    __tablename__ = "transfer_codes"

    amount: int = Field(sa_type=sa.BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False})
    client_ref: str = Field(max_length=64, unique=True)
    base_total: int = Field(sa_type=sa.BigInteger)
    code: int
    order_id: uuid.UUID | None = Field(default=None, index=True)
    expires_at: datetime = Field(sa_type=UTCDateTime)  # for a reservation no order took, or a settled order's
    settled_at: datetime | None = Field(default=None, sa_type=UTCDateTime)  # its order confirmed or cancelled


class ProofPrint(SQLModel, table=True):
    """An image proof's SHA-256 and perceptual hash (services/orders/proof_prints.py)."""

    __tablename__ = "proof_prints"

    order_id: uuid.UUID = Field(primary_key=True)
    created_at: datetime = now_field(index=True)
    sha256: str = Field(max_length=64, index=True)
    phash: str | None = Field(default=None, max_length=256)  # 1024 bits as hex; None for a PDF
