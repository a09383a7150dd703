"""The devices area's table: one row per physical unit; times are aware UTC."""

from __future__ import annotations

import uuid
from datetime import date, datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import UTCDateTime, now_field


class Device(SQLModel, table=True):
    """A unit: its serial number (unique), model (the catalogue's SKU), SIM identifiers and
    where it is in its life (`DeviceStatus`). The order, merchant and acquirer's TID/MID
    are filled as it is sold and activated."""

    __tablename__ = "devices"
    __table_args__ = (
        sa.Index("ix_devices_stock", "model", "status"),  # stock counts per model, index-only
        sa.Index("ix_devices_received", "received_at", "id"),  # the list, newest first
        # The search by the start of an SN (LIKE 'X%'): PostgreSQL needs the pattern operators.
        sa.Index("ix_devices_serial_prefix", "serial", postgresql_ops={"serial": "text_pattern_ops"}),
        # A TID names one working terminal: unique among active devices (a returned unit keeps its history).
        sa.Index("ux_devices_active_tid", "tid", unique=True,
                 postgresql_where=sa.text("status = 'aktif'"), sqlite_where=sa.text("status = 'aktif'")),
    )  # fmt: skip

    id: uuid.UUID = Field(default_factory=uuid.uuid4, primary_key=True)
    serial: str = Field(max_length=30, unique=True)
    model: str = Field(max_length=20)
    imei: str | None = Field(default=None, max_length=15, unique=True)
    iccid: str | None = Field(default=None, max_length=22, unique=True)
    status: str = Field(default="stok", max_length=20)
    received_at: datetime = now_field()
    received_by: str = Field(max_length=254)
    updated_at: datetime = now_field()
    order_id: uuid.UUID | None = Field(default=None, index=True)
    merchant_id: uuid.UUID | None = Field(default=None, index=True)
    tid: str | None = Field(default=None, max_length=16, index=True)
    mid: str | None = Field(default=None, max_length=20, index=True)
    nmid: str | None = Field(default=None, max_length=20)  # QRIS: the national merchant id
    acquirer: str | None = Field(default=None, max_length=40)
    activated_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    activated_by: str | None = Field(default=None, max_length=254)
    packed_by: str | None = Field(default=None, max_length=254)
    warranty_until: date | None = None  # set when its order is delivered
    replaces_id: uuid.UUID | None = None  # sent as the replacement of this unit: takes its TID when activated
