"""A setting the admins choose once and the site remembers (a QRIS report's or an acquirer's
settlement report's columns), by name: plumbing, used by whichever area asks (issue 60.7: it
was the payments area's, and the transactions area read it there)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import now_field, utcnow


class Preference(SQLModel, table=True):
    """One remembered setting by name, its value as JSON."""

    __tablename__ = "preferences"

    name: str = Field(primary_key=True, max_length=60)
    value: dict[str, Any] = Field(default_factory=dict, sa_type=sa.JSON)
    updated_at: datetime = now_field()


def remembered(name: str) -> dict[str, Any]:
    """What was chosen under `name` ({} when nothing was)."""
    with read_session() as s:
        kept = s.get(Preference, name)
    return dict(kept.value) if kept else {}


def remember(name: str, value: dict[str, Any]) -> None:
    with write_session() as s:
        kept = s.get(Preference, name) or Preference(name=name)
        kept.value, kept.updated_at = dict(value), utcnow()
        s.add(kept)
