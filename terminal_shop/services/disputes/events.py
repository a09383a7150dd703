"""What happens to a dispute, as events (services/events/bus.py): audited; the merchant is
told of an opened one (messages/subscribers.py); a lost one is charged back on a payout
(payouts/subscribers.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from terminal_shop.services.events.bus import Event


@dataclass(frozen=True, kw_only=True)
class DisputeEvent(Event):
    """`entity_id`: the dispute's row id."""

    entity_type: str = "dispute"


@dataclass(frozen=True, kw_only=True)
class DisputeOpened(DisputeEvent):
    name: ClassVar[str] = "dispute.opened"
    action: ClassVar[str] = "sengketa"


@dataclass(frozen=True, kw_only=True)
class DisputeChanged(DisputeEvent):
    """The acquirer's update (`old_status` -> `new_status`)."""

    name: ClassVar[str] = "dispute.changed"
    action: ClassVar[str] = "status"


@dataclass(frozen=True, kw_only=True)
class DisputeLost(DisputeEvent):
    """Closed against the merchant: `amount` is charged back on the MID's next payout."""

    name: ClassVar[str] = "dispute.lost"
    action: ClassVar[str] = "chargeback"
    acquirer: str = ""
    mid: str = ""
    merchant_id: str = ""
    txn_id: str = ""
    amount: int = 0
    source: str = ""


@dataclass(frozen=True, kw_only=True)
class DisputeAnswered(DisputeEvent):
    """The merchant accepted or contested (`new_status`: the decision; `detail`: the note)."""

    name: ClassVar[str] = "dispute.answered"
    action: ClassVar[str] = "tanggapi"


@dataclass(frozen=True, kw_only=True)
class DisputeExported(DisputeEvent):
    """The admin downloaded the case with its evidence (to send it on)."""

    name: ClassVar[str] = "dispute.exported"
    action: ClassVar[str] = "unduh-bukti"


@dataclass(frozen=True, kw_only=True)
class DisputeForwarded(DisputeEvent):
    """The staff recorded that they sent the case on to the acquirer (its date: the merchant reads it)."""

    name: ClassVar[str] = "dispute.forwarded"
    action: ClassVar[str] = "kirim-bukti"
