"""The returns' window (PP 80/2019; rules.RETURN_DAYS): the one place it is computed, for the
order page's offer, the request's check and the account's order list."""

from __future__ import annotations

from datetime import datetime, timedelta

from terminal_shop import rules
from terminal_shop.infra.models import utcnow


def end(delivered_at: datetime) -> datetime:
    return delivered_at + timedelta(days=rules.RETURN_DAYS)


def is_open(delivered_at: datetime | None, now: datetime | None = None) -> bool:
    return delivered_at is not None and (now or utcnow()) <= end(delivered_at)
