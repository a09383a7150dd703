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


@dataclass(frozen=True, kw_only=True)
class PayoutReceived(PayoutEvent):
    """The money reached the account: said by the merchant, or by the admin answering a case."""

    name: ClassVar[str] = "payout.received"
    action: ClassVar[str] = "terima"


@dataclass(frozen=True, kw_only=True)
class PayoutCaseOpened(PayoutEvent):
    """ "Dana belum masuk?" (`entity_id`: the payout; `detail`: the facts); the admins are told."""

    name: ClassVar[str] = "payout.case_opened"
    action: ClassVar[str] = "lapor"
    case_id: int = 0


@dataclass(frozen=True, kw_only=True)
class PayoutCaseAnswered(PayoutEvent):
    """The admin's answer (`detail`), told to the merchant by e-mail and on /akun."""

    name: ClassVar[str] = "payout.case_answered"
    action: ClassVar[str] = "jawab"
    case_id: int = 0
