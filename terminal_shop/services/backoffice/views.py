"""What the admin's overview shows (services/backoffice/admin_overview.py)."""

from __future__ import annotations

from dataclasses import dataclass

from terminal_shop.services.disputes.views import DisputeView
from terminal_shop.services.fleet.view import FleetCounts
from terminal_shop.services.payouts.views import CaseView
from terminal_shop.services.privacy.incidents import IncidentView
from terminal_shop.views import Badge, DataRequestView


@dataclass(frozen=True)
class DayFigures:
    day: str  # "24/11"
    date: str  # "24/11/2026", for the table
    orders: int
    revenue: int
    revenue_text: str


@dataclass(frozen=True)
class Waiting:
    label: str
    count: int
    oldest: str  # how long the oldest has waited, "-" when none
    href: str  # the list, filtered to what waits


@dataclass(frozen=True)
class StatusCount:
    badge: Badge
    count: int


@dataclass(frozen=True)
class Overview:
    range_text: str
    days: tuple[DayFigures, ...]
    orders: str
    revenue: str
    confirmed: str
    average_confirmation: str
    waiting: tuple[Waiting, ...]
    registrations: tuple[StatusCount, ...]
    # Orders waiting for review that an imported statement line pays, and the rest.
    waiting_matched: int = 0
    waiting_unmatched: int = 0
    data_requests: tuple[DataRequestView, ...] = ()  # open, nearest deadline first
    payout_cases: tuple[CaseView, ...] = ()  # "Dana belum masuk" waiting, the nearest promise first
    disputes: tuple[DisputeView, ...] = ()  # open disputes, the nearest deadline first
    fleet: FleetCounts = FleetCounts(0, 0, 0)  # active terminals offline, out of paper, on an old app
    incidents: tuple[IncidentView, ...] = ()  # open data incidents and their 3x24-hour clocks (the owner's)
