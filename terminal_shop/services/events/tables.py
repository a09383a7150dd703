"""The record of every published event (services/events/bus.py); times are aware UTC."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import UTCDateTime, now_field


class DomainEventRecord(SQLModel, table=True):
    """Every status change, as its event was published (services/events/bus.py). `payload`
    holds the event's fields; nothing personal is put in one (erasure blanks `detail`)."""

    __tablename__ = "domain_events"
    __table_args__ = (sa.Index("ix_domain_events_entity", "entity_type", "entity_id", "created_at"),)

    id: int | None = Field(default=None, primary_key=True)
    created_at: datetime = now_field()
    name: str = Field(max_length=40)
    entity_type: str = Field(max_length=20)
    entity_id: str = Field(max_length=64)
    actor: str = Field(max_length=254)
    payload: dict[str, Any] = Field(default_factory=dict, sa_type=sa.JSON)


class PendingWork(SQLModel, table=True):
    """Work an event asks for that nobody need wait for (services/events/later.py): written in
    the event's transaction, done after its commit by any worker, retried when it fails."""

    __tablename__ = "pending_work"
    __table_args__ = (sa.Index("ix_pending_work_due", "done_at", "next_attempt_at"),)

    id: int | None = Field(default=None, primary_key=True)
    job: str = Field(max_length=120)  # the handler's registered name
    event_id: int | None = Field(default=None)  # the stored event it follows from
    entity_id: str = Field(max_length=64)
    created_at: datetime = now_field()
    next_attempt_at: datetime = now_field()
    attempts: int = 0
    done_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    last_error: str | None = Field(default=None, sa_type=sa.Text)


class JobLease(SQLModel, table=True):
    """Which worker does a periodic job for a while (services/events/leases.py): of five units'
    workers, one makes the day's payouts; another takes over when the lease ends."""

    __tablename__ = "job_leases"

    job: str = Field(primary_key=True, max_length=60)
    holder: str = Field(max_length=120)
    until: datetime = Field(sa_type=UTCDateTime)
