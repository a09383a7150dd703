"""The merchant team area's tables: outlets, which outlet each device stands at, and the
account's activity log."""

from __future__ import annotations

import uuid
from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import ERASED, now_field, personal


class Outlet(SQLModel, table=True):
    __tablename__ = "outlets"
    __table_args__ = (sa.UniqueConstraint("merchant_id", "name", name="uq_outlets_merchant_name"),)

    id: uuid.UUID = Field(default_factory=uuid.uuid4, primary_key=True)
    merchant_id: uuid.UUID = Field(index=True)
    name: str = Field(max_length=80)
    address: str = Field(
        max_length=300, sa_column_kwargs=personal(ERASED)
    )  # a home warung's is a home: erased with its merchant
    kecamatan: str = Field(max_length=120)
    kota: str = Field(max_length=120)
    created_by: str = Field(max_length=254)
    created_at: datetime = now_field()


class DeviceOutlet(SQLModel, table=True):
    """Where a device stands; a device of the merchant without a row stands at the first outlet."""

    __tablename__ = "device_outlets"

    device_id: uuid.UUID = Field(primary_key=True)
    outlet_id: uuid.UUID = Field(index=True)
    assigned_by: str = Field(max_length=254)
    assigned_at: datetime = now_field()


class AccountActivity(SQLModel, table=True):
    __tablename__ = "account_activity"
    __table_args__ = (sa.Index("ix_account_activity_merchant_at", "merchant_id", "at"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: uuid.UUID
    actor: str = Field(max_length=254, sa_column_kwargs=personal(ERASED))
    what: str = Field(max_length=300)
    at: datetime = now_field()
