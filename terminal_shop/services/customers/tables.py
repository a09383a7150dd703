"""The customers area's tables: sign-in codes (kept hashed) and sessions (the token hashed).
Times are aware UTC."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import UTCDateTime, now_field, personal


class SignInCode(SQLModel, table=True):
    """A 6-digit code sent to an address: valid CODE_VALID, CODE_TRIES wrong guesses, once."""

    __tablename__ = "sign_in_codes"
    __table_args__ = (
        sa.Index("ix_sign_in_codes_email_created", "email", "created_at"),
        sa.Index("ix_sign_in_codes_email_browser", "email", "browser"),
    )

    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(max_length=254, sa_column_kwargs=personal(""))
    code_hash: str = Field(max_length=64)  # HMAC of the code with the site's key: a database copy does not give it
    created_at: datetime = now_field()
    expires_at: datetime = Field(sa_type=UTCDateTime)
    tries: int = 0
    browser: str = Field(default="", max_length=64)  # SHA-256 of the asking browser's nonce: the code is that browser's
    used_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class CustomerSession(SQLModel, table=True):
    """A signed-in browser: the cookie holds the token, this row its SHA-256."""

    __tablename__ = "customer_sessions"

    token_hash: str = Field(primary_key=True, max_length=64)
    email: str = Field(max_length=254, index=True, sa_column_kwargs=personal(""))
    created_at: datetime = now_field()
    expires_at: datetime = Field(sa_type=UTCDateTime)
    last_seen_at: datetime = now_field()
    ended_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    agent: str | None = Field(default=None, max_length=300)
    ended_note: str | None = Field(default=None, max_length=200)  # why, told on the next page (a removal)


class CustomerTab(SQLModel, table=True):
    """A browser tab that read an account under a session: its Reflex client token, so that
    signing out can empty what that tab's stored state holds (disk or Redis), not only the
    tab that pressed "Keluar"."""

    __tablename__ = "customer_tabs"

    token_hash: str = Field(primary_key=True, max_length=64, foreign_key="customer_sessions.token_hash")
    client_token: str = Field(primary_key=True, max_length=64)
    seen_at: datetime = now_field()
