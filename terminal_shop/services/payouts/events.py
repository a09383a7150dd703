"""What happens to a payout, as events (services/events/bus.py): audited, and what the
merchant is told of (issue 47.2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from terminal_shop.services.events.bus import Event


@dataclass(frozen=True, kw_only=True)
class PayoutEvent(Event):
    entity_type: str = "payout"


@dataclass(frozen=True, kw_only=True)
class PayoutSent(PayoutEvent):
    """The acquirer sent it (its payout delivery, or its settlement report); `detail`: the
    bank's reference and any difference from what the site computed."""

    name: ClassVar[str] = "payout.sent"
    action: ClassVar[str] = "kirim"
