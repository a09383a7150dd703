"""The e-mails events cause: one outbox row per event, in the event's transaction.

A new channel (WhatsApp) is a module like this one, listed in services/events/bus.py's
SUBSCRIBERS; the places that change statuses do not change.
"""

from __future__ import annotations

import uuid

from sqlmodel import Session

from terminal_shop import couriers
from terminal_shop.infra.models import Order
from terminal_shop.services.events.bus import subscribe
from terminal_shop.services.notifications import emails, outbox
from terminal_shop.services.orders import invoice
from terminal_shop.services.orders.events import (
    OrderCancelled,
    OrderConfirmed,
    OrderDelivered,
    OrderEvent,
    OrderPlaced,
    OrderShipped,
)


def _order(s: Session, event: OrderEvent) -> Order:
    order = s.get(Order, uuid.UUID(event.entity_id))
    assert order is not None, event  # published in the transaction that holds the order
    return order


def _queue(s: Session, event: OrderEvent, step: str, mail: outbox.Mail) -> None:
    outbox.enqueue(s, f"order:{event.entity_id}:{step}", "order", event.entity_id, mail)


@subscribe(OrderPlaced)
def _received(s: Session, event: OrderPlaced) -> None:
    _queue(s, event, "received", emails.order_received(_order(s, event)))


@subscribe(OrderConfirmed)
def _confirmed(s: Session, event: OrderConfirmed) -> None:
    order = _order(s, event)
    _queue(s, event, "confirmed", emails.order_confirmed(order, invoice.render(order), invoice.file_name(order)))


@subscribe(OrderCancelled)
def _cancelled(s: Session, event: OrderCancelled) -> None:
    _queue(s, event, "cancelled", emails.order_rejected(_order(s, event), event.detail or ""))


@subscribe(OrderShipped)
def _shipped(s: Session, event: OrderShipped) -> None:
    order = _order(s, event)
    courier = couriers.courier(order.courier or "")
    assert courier is not None, order.courier  # fulfilment.ship checked it
    _queue(s, event, "shipped", emails.order_shipped(order, courier))


@subscribe(OrderDelivered)
def _delivered(s: Session, event: OrderDelivered) -> None:
    _queue(s, event, "delivered", emails.order_delivered(_order(s, event)))
