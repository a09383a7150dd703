"""The team area's tables: admin accounts, their sessions, invitations, recovery codes and sign-in attempts. Times are timezone-aware UTC, money is whole rupiah."""

from __future__ import annotations

import uuid
from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import UTCDateTime, now_field


class AdminUser(SQLModel, table=True):
    __tablename__ = "admin_users"

    id: uuid.UUID = Field(default_factory=uuid.uuid4, primary_key=True)
    email: str = Field(max_length=254, unique=True)
    password_hash: str = Field(max_length=255)
    created_at: datetime = now_field()
    failed_logins: int = 0  # unused since migration 0003: attempts are rows of login_attempts
    locked_until: datetime | None = Field(default=None, sa_type=UTCDateTime)  # unused, likewise
    must_change_password: bool = False  # set for a generated one-time password
    role: str = Field(default="pemilik", max_length=20, sa_column_kwargs={"server_default": "pemilik"})  # AdminRole
    # An account the owner invited needs no ADMIN_EMAILS entry; a deactivated one signs in nowhere.
    active: bool = Field(default=True, sa_column_kwargs={"server_default": sa.true()})
    invited: bool = Field(default=False, sa_column_kwargs={"server_default": sa.false()})
    last_sign_in_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    # Two-factor sign-in (services/team/two_factor.py): secrets encrypted with SECRET_KEY.
    totp_secret: str | None = Field(default=None, max_length=255)  # confirmed by a first code: 2FA on
    totp_pending: str | None = Field(default=None, max_length=255)  # shown on the setup page, not yet confirmed
    totp_last_step: int | None = Field(default=None, sa_type=sa.BigInteger)  # a code is good once


class AdminSession(SQLModel, table=True):
    __tablename__ = "admin_sessions"

    token_hash: str = Field(primary_key=True, max_length=64)
    admin_id: uuid.UUID = Field(foreign_key="admin_users.id", index=True, ondelete="CASCADE")
    created_at: datetime = now_field()
    last_seen_at: datetime = now_field()
    expires_at: datetime = Field(sa_type=UTCDateTime)
    revoked_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    # What "Sesi aktif" shows of it: the browser that signed in, and from where.
    user_agent: str | None = Field(default=None, max_length=300)
    address: str | None = Field(default=None, max_length=64)
    verified_at: datetime | None = Field(default=None, sa_type=UTCDateTime)  # its second factor was given


class AdminInvite(SQLModel, table=True):
    """A one-time link the owner e-mailed (services/team/admin_accounts.py); the link
    carries the token, the table only its hash."""

    __tablename__ = "admin_invites"

    token_hash: str = Field(primary_key=True, max_length=64)
    email: str = Field(max_length=254, index=True)
    role: str = Field(max_length=20)
    invited_by: str = Field(max_length=254)
    created_at: datetime = now_field()
    expires_at: datetime = Field(sa_type=UTCDateTime)
    used_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class RecoveryCode(SQLModel, table=True):
    """A single-use code that stands in for the authenticator app; kept as its SHA-256."""

    __tablename__ = "admin_recovery_codes"

    id: int | None = Field(default=None, primary_key=True)
    admin_id: uuid.UUID = Field(foreign_key="admin_users.id", index=True, ondelete="CASCADE")
    code_hash: str = Field(max_length=64)
    used_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class LoginAttempt(SQLModel, table=True):
    """Sign-in attempts per e-mail and per client address, for throttling without revealing
    accounts. Written before the password is checked; removed when a sign-in succeeds."""

    __tablename__ = "login_attempts"

    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(max_length=254, index=True)
    client: str = Field(max_length=64, index=True)
    created_at: datetime = now_field(index=True)
