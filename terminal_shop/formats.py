"""Indonesian money and time formatting, shared by pages, exports and services."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

from babel import Locale
from babel.numbers import format_decimal

WIB = ZoneInfo("Asia/Jakarta")
ID = Locale.parse("id_ID")  # parsed once: parsing per call was most of a list page's formatting time
# Babel's month names, read once: format_datetime took ~50 µs a call, most of a list page's formatting.
_MONTHS = {m: ID.months["format"]["abbreviated"][m] for m in range(1, 13)}


def rupiah(amount: int) -> str:
    """Whole rupiah, Indonesian grouping: 3499000 -> 'Rp 3.499.000', -5000 -> '-Rp 5.000'
    (what Babel's id_ID currency format gives, at a fiftieth of its ~50 µs: a statement of
    10,000 lines, each amount its own because of the kode unik, is shown in one go)."""
    whole = int(amount)
    return ("-" if whole < 0 else "") + f"Rp {abs(whole):,}".replace(",", ".")


def rupiah_cents(cents: int) -> str:
    """An amount in sen as a bank statement has it: 349887300 -> 'Rp 3.498.873',
    12345 -> 'Rp 123,45', -500000 -> '-Rp 5.000' (sen shown only when there are some)."""
    whole, rest = divmod(abs(int(cents)), 100)
    return ("-" if cents < 0 else "") + rupiah(whole) + (f",{rest:02d}" if rest else "")


def digits_only(text: str) -> str:
    return "".join(ch for ch in text if ch.isdigit())


def wib(moment: datetime | None, with_time: bool = True) -> str:
    """A stored UTC time as people in Jakarta read it: '22 Nov 2026 13.05 WIB'."""
    if moment is None:
        return "-"
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    local = moment.astimezone(WIB)
    day = day_text(local.date())
    return f"{day} {local:%H.%M} WIB" if with_time else day


def day_text(day: date) -> str:
    """A calendar date as the site writes it: '26 Nov 2027'."""
    return f"{day.day} {_MONTHS[day.month]} {day.year}"


def wib_sortable(moment: datetime) -> str:
    """For CSV: '2026-11-22 13:05' in WIB, sorts as text and is fast for a million rows."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(WIB).strftime("%Y-%m-%d %H:%M")


def number(n: int) -> str:
    """A count with Indonesian grouping: 1234567 -> '1.234.567'."""
    return format_decimal(int(n), locale=ID)
