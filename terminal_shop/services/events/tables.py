"""The record of every published event (services/events/bus.py); times are aware UTC."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import now_field


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
