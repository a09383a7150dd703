"""The merchant team area's tables: outlets, which outlet each device stands at, the account's
activity log, the owner's team (members, their outlets) and which merchant a browser works for."""

from __future__ import annotations

import uuid
from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import ERASED, ERASED_UNIQUE, UTCDateTime, now_field, personal


class Outlet(SQLModel, table=True):
    __tablename__ = "outlets"
    __table_args__ = (sa.UniqueConstraint("merchant_id", "name", name="uq_outlets_merchant_name"),)

    id: uuid.UUID = Field(default_factory=uuid.uuid4, primary_key=True)
    merchant_id: uuid.UUID = Field(index=True)
    name: str = Field(max_length=80, sa_column_kwargs=personal(ERASED_UNIQUE))  # the first is the business's name
    address: str = Field(
        max_length=300, sa_column_kwargs=personal(ERASED)
    )  # a home warung's is a home: erased with its merchant
    kecamatan: str = Field(max_length=120)
    kota: str = Field(max_length=120)
    created_by: str = Field(max_length=254, sa_column_kwargs=personal(ERASED))
    created_at: datetime = now_field()
    # Its shop hours (WIB, whole hours; None: rules.SHOP_HOURS): a silent unit is told of only then (hours.py).
    opens: int | None = None
    closes: int | None = None


class DeviceOutlet(SQLModel, table=True):
    """Where a device stands; a device of the merchant without a row stands at the first outlet."""

    __tablename__ = "device_outlets"

    device_id: uuid.UUID = Field(primary_key=True)
    outlet_id: uuid.UUID = Field(index=True)
    assigned_by: str = Field(max_length=254, sa_column_kwargs=personal(ERASED))
    assigned_at: datetime = now_field()


class AccountActivity(SQLModel, table=True):
    __tablename__ = "account_activity"
    __table_args__ = (sa.Index("ix_account_activity_merchant_at", "merchant_id", "at"),)

    id: int | None = Field(default=None, primary_key=True)
    merchant_id: uuid.UUID
    actor: str = Field(max_length=254, sa_column_kwargs=personal(ERASED))
    what: str = Field(max_length=300, sa_column_kwargs=personal(ERASED))  # names staff and outlets
    at: datetime = now_field()


class TeamMember(SQLModel, table=True):
    """Someone the owner invited (issue 49.2): a pending invitation until `joined_at`, gone when
    `removed_at` (withdrawn, removed). The link's token is kept hashed; one-time, 48 hours."""

    __tablename__ = "team_members"
    __table_args__ = (sa.Index("ix_team_members_inviter_created", "invited_by", "created_at"),)

    id: uuid.UUID = Field(default_factory=uuid.uuid4, primary_key=True)
    merchant_id: uuid.UUID = Field(index=True)
    email: str = Field(max_length=254, index=True, sa_column_kwargs=personal(ERASED))
    role: str = Field(max_length=20)  # terms.MemberRole: manajer, kasir
    invited_by: str = Field(max_length=254, sa_column_kwargs=personal(ERASED))
    invite_hash: str = Field(max_length=64, unique=True)
    invite_expires_at: datetime = Field(sa_type=UTCDateTime)
    joined_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    removed_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    created_at: datetime = now_field()


class MemberOutlet(SQLModel, table=True):
    """The outlets a member works for: what of the merchant they reach."""

    __tablename__ = "team_member_outlets"

    member_id: uuid.UUID = Field(primary_key=True, foreign_key="team_members.id")
    outlet_id: uuid.UUID = Field(primary_key=True)


class SessionChoice(SQLModel, table=True):
    """Which merchant a signed-in browser works for, when its address belongs to several: a
    member (member_id) or the address's own merchants (None)."""

    __tablename__ = "team_session_choices"

    token_hash: str = Field(primary_key=True, max_length=64)
    member_id: uuid.UUID | None = None
    chosen_at: datetime = now_field()
