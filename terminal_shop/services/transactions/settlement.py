"""When a transaction's money reaches the merchant, by its acquirer's schedule (issue 59.5): the
day after the day it counts for, in working days (weekends and Indonesia's national holidays
are not: services/working_days.py) or, for an acquirer that pays every day, in calendar days;
a transaction after the acquirer's cut-off counts for the next calendar day; the payout arrives
at the latest by the acquirer's hour (WIB) of its day. Every acquirer starts on today's rule:
H+1 working day, cut-off 23.00, by 17.00 WIB."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from sqlmodel import Session, select

from terminal_shop.formats import WIB
from terminal_shop.services import working_days
from terminal_shop.services.transactions.tables import Acquirer

CUTOFF_MINUTES = 23 * 60
ARRIVES_MINUTES = 17 * 60


@dataclass(frozen=True)
class Schedule:
    cutoff_minutes: int = CUTOFF_MINUTES
    arrives_minutes: int = ARRIVES_MINUTES  # the payout is in the account by this time of its day, WIB
    calendar_days: bool = False

    def next_day(self, day: date) -> date:
        return day + timedelta(days=1) if self.calendar_days else working_days.add_working_days(day, 1)

    def on_or_after(self, day: date) -> date:
        """The first day it pays on from `day` (a correction made on a Sunday: Monday's)."""
        return day if self.calendar_days or working_days.is_working_day(day) else working_days.add_working_days(day, 1)

    def due_on(self, occurred_at: datetime) -> date:
        local = occurred_at.astimezone(WIB)
        late = local.hour * 60 + local.minute >= self.cutoff_minutes
        return self.next_day(local.date() + timedelta(days=1 if late else 0))

    def arrives_by(self, day: date) -> datetime:
        return datetime.combine(day, time(self.arrives_minutes // 60, self.arrives_minutes % 60), WIB)

    def words(self) -> str:
        """'H+1 hari kerja, batas 23.00, paling lambat 17.00 WIB'."""
        days = "hari kalender" if self.calendar_days else "hari kerja"
        return f"H+1 {days}, batas {clock(self.cutoff_minutes)}, paling lambat {clock(self.arrives_minutes)} WIB"


DEFAULT = Schedule()


def clock(minutes: int) -> str:
    return f"{minutes // 60:02d}.{minutes % 60:02d}"


def settle_on(occurred_at: datetime, cutoff_minutes: int = CUTOFF_MINUTES) -> date:
    """The default schedule's day (H+1 working day) with this cut-off."""
    return Schedule(cutoff_minutes).due_on(occurred_at)


def of(acquirer: Acquirer | None) -> Schedule:
    if acquirer is None:
        return DEFAULT
    return Schedule(acquirer.cutoff_minutes, acquirer.arrives_minutes, acquirer.calendar_days)


def schedules(s: Session) -> dict[str, Schedule]:
    """Every acquirer's (a handful of rows): what a list of payouts reads once."""
    return {a.code: of(a) for a in s.exec(select(Acquirer))}
