"""The fleet area's table: the latest heartbeat of each unit (one row a unit, written over by a
newer one: the history of every beat is not kept, the audit log keeps the unit's life)."""

from __future__ import annotations

import uuid
from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import UTCDateTime, now_field


class DeviceHeartbeat(SQLModel, table=True):
    __tablename__ = "device_heartbeats"
    __table_args__ = (sa.Index("ix_device_heartbeats_seen", "seen_at"),)

    device_id: uuid.UUID = Field(primary_key=True)
    seen_at: datetime = Field(sa_type=UTCDateTime)  # the terminal's time of its latest beat
    received_at: datetime = now_field()
    app_version: str = Field(default="", max_length=20)
    app_key: str = Field(default="", max_length=40, index=True)  # "0001.0004.0002": sortable in SQL
    firmware: str = Field(default="", max_length=40)
    battery: int | None = None  # percent
    signal: int | None = None  # percent
    paper: str = Field(default="ok", max_length=10, index=True)  # terms.Paper
    alerted_at: datetime | None = Field(default=None, sa_type=UTCDateTime)  # this offline episode's alert
    active: bool = Field(default=True, index=True)  # the unit is aktif: kept by subscribers.py from its events
