"""Working days in Indonesia: Saturday, Sunday and national holidays (including the
government's joint leave days, cuti bersama) are not working days. Dates a person can
plan by: "diverifikasi paling lambat Senin, 30 Nov 2026"."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from functools import lru_cache

import holidays
from babel.dates import format_date

from terminal_shop import rules
from terminal_shop.formats import ID, WIB


@lru_cache(maxsize=8)
def _holidays(year: int) -> holidays.HolidayBase:
    return holidays.country_holidays("ID", years=year, categories=("public", "government"))


def is_working_day(day: date) -> bool:
    return day.weekday() < 5 and day not in _holidays(day.year)


def add_working_days(start: date, n: int) -> date:
    """The n-th working day after `start` (n=1: the next working day)."""
    day = start
    while n > 0:
        day += timedelta(days=1)
        n -= int(is_working_day(day))
    return day


def wib_date(moment: datetime) -> date:
    """The calendar day of a moment as Jakarta counts it (a time sent in UTC just after
    midnight WIB is still the day before in UTC)."""
    return moment.astimezone(WIB).date()


def today_wib(now: datetime | None = None) -> date:
    return wib_date(now or datetime.now(WIB))


def review_due(received: date) -> date:
    """The last day a registration received (or corrected) on `received` is verified: the
    team's promise, said on the form, in the e-mail and on the status page."""
    return add_working_days(received, rules.REGISTRATION_REVIEW_DAYS)


def settlement_day(counts_for: date) -> date:
    """H+1: the working day after the day a transaction counts for."""
    return add_working_days(counts_for, 1)


def spoken(day: date) -> str:
    """'Senin, 30 Nov 2026'."""
    return format_date(day, "EEEE, d MMM y", locale=ID)
