"""What happens to an order, as events (services/events/bus.py): published by
transitions.py, checkout.py and fulfilment.py, read by the audit log and the notifications."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from terminal_shop.services.events.bus import Event


@dataclass(frozen=True, kw_only=True)
class OrderEvent(Event):
    entity_type: str = "order"


@dataclass(frozen=True, kw_only=True)
class OrderPlaced(OrderEvent):
    name: ClassVar[str] = "order.placed"


@dataclass(frozen=True, kw_only=True)
class OrderConfirmed(OrderEvent):
    """`detail`: what proved the payment (a statement line, or the admin's word)."""

    name: ClassVar[str] = "order.confirmed"
    action: ClassVar[str] = "confirm"


@dataclass(frozen=True, kw_only=True)
class OrderCancelled(OrderEvent):
    """`detail`: the reason the buyer is told."""

    name: ClassVar[str] = "order.cancelled"
    action: ClassVar[str] = "reject"


@dataclass(frozen=True, kw_only=True)
class OrderPacked(OrderEvent):
    name: ClassVar[str] = "order.packed"
    action: ClassVar[str] = "fulfil:packed"


@dataclass(frozen=True, kw_only=True)
class OrderShipped(OrderEvent):
    """`detail`: the courier and the resi."""

    name: ClassVar[str] = "order.shipped"
    action: ClassVar[str] = "fulfil:shipped"


@dataclass(frozen=True, kw_only=True)
class OrderDelivered(OrderEvent):
    name: ClassVar[str] = "order.delivered"
    action: ClassVar[str] = "fulfil:delivered"


@dataclass(frozen=True, kw_only=True)
class OrderProofAdded(OrderEvent):
    """A further proof of payment arrived (a slip sent by WhatsApp: services/whatsapp/slips.py)."""

    name: ClassVar[str] = "order.proof_added"
    action: ClassVar[str] = "bukti-tambahan"


@dataclass(frozen=True, kw_only=True)
class OrderTaxInvoiced(OrderEvent):
    """The finance staff recorded the faktur pajak's NSFP from Coretax; `detail` names it."""

    name: ClassVar[str] = "order.tax_invoiced"
    action: ClassVar[str] = "faktur-pajak"
