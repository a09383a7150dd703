"""An outlet's shop hours (issue 63.6): when its silent unit is worth a message. A warung that
unplugs at night is not told every night; a 24-hour shop is told at 02.00. Whole hours, WIB;
an outlet that says nothing keeps rules.SHOP_HOURS."""

from __future__ import annotations

from datetime import datetime

from terminal_shop import rules
from terminal_shop.formats import WIB
from terminal_shop.services.merchant_team.tables import Outlet

Hours = tuple[int, int]  # (opens, closes): 7, 21 is 07.00 to 21.00


def text(hours: Hours) -> str:
    return f"{hours[0]:02d}.00-{hours[1]:02d}.00 WIB"


def of(outlet: Outlet) -> Hours:
    if outlet.opens is None or outlet.closes is None:
        return rules.SHOP_HOURS
    return outlet.opens, outlet.closes


def open_at(hours: Hours, now: datetime) -> bool:
    return hours[0] <= now.astimezone(WIB).hour < hours[1]
