"""When a transaction's money reaches the merchant: the next working day (H+1) after the day it
counts for. A transaction after the acquirer's cut-off counts for the next calendar day;
weekends and Indonesia's national holidays are not working days (services/working_days.py)."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from terminal_shop.formats import WIB
from terminal_shop.services import working_days


def settle_on(occurred_at: datetime, cutoff_minutes: int = 23 * 60) -> date:
    local = occurred_at.astimezone(WIB)
    counts_for = local.date() + timedelta(days=1 if local.hour * 60 + local.minute >= cutoff_minutes else 0)
    return working_days.settlement_day(counts_for)
