"""A setting the admins choose once and the site remembers (a QRIS report's or an acquirer's
settlement report's columns), by name: the door to the preferences table."""

from __future__ import annotations

from typing import Any

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.orders.payments.tables import Preference


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
