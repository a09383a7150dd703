"""What one reader of a merchant's records reaches (issue 49.3): the merchants, within them the
devices (None: every device) and the first moment (None: all time). The merchant team area
builds one per session from the member's role and outlets (merchant_team/scope.py); every area
that reads a merchant's transactions, disputes or cases filters by it here, so a cashier's
query cannot forget the outlet. A plain list of merchant ids still means "all of theirs" (the
back office, benchmarks)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class Reach:
    merchants: tuple[uuid.UUID, ...]
    devices: frozenset[uuid.UUID] | None = None
    since: datetime | None = None
    money: bool = True  # the reader sees what the merchant pays and nets (MDR, net, payouts); a cashier not

    def __bool__(self) -> bool:
        return bool(self.merchants) and self.devices != frozenset()

    def __contains__(self, merchant_id: object) -> bool:
        """The merchant is reached at all (some of its devices, at least)."""
        return bool(self) and merchant_id in self.merchants

    def allows(self, merchant_id: uuid.UUID | None, device_id: uuid.UUID | None) -> bool:
        """One record of this merchant and device is reached."""
        if merchant_id is None or merchant_id not in self:
            return False
        return self.devices is None or device_id in self.devices

    def where(self, merchant_col: Any, device_col: Any = None, time_col: Any = None) -> list[Any]:
        """The conditions a query adds: nothing matches an empty reach."""
        conds = [merchant_col.in_(self.merchants if self else ())]
        if self.devices is not None:
            if device_col is None:  # a record with no device: only a reader of every device sees it
                conds.append(merchant_col.in_(()))
            else:
                conds.append(device_col.in_(sorted(self.devices)))
        if self.since is not None and time_col is not None:
            conds.append(time_col >= self.since)
        return conds


def of(reach: Reach | Iterable[uuid.UUID]) -> Reach:
    return reach if isinstance(reach, Reach) else Reach(tuple(reach))
