"""How devices follow their orders and merchants (declared in the area's __init__.py): a new
order or registration is linked to its counterpart, a shipped order's units are `dikirim`,
a delivered order's units get their warranty date."""

from __future__ import annotations

import uuid

import sqlalchemy as sa
from sqlmodel import Session, col, select

from terminal_shop.formats import WIB
from terminal_shop.infra.models import utcnow
from terminal_shop.services.devices import lifecycle, linking, owned
from terminal_shop.services.devices.events import DeviceShipped
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.events.bus import subscribe
from terminal_shop.services.orders import owners as orders
from terminal_shop.services.orders.events import OrderDelivered, OrderPlaced, OrderShipped
from terminal_shop.services.orders.views import order_number
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.registrations.events import RegistrationSubmitted


@subscribe(OrderPlaced)
def _order_placed(s: Session, event: OrderPlaced) -> None:
    order = orders.record(s, uuid.UUID(event.entity_id))
    if order is not None:
        linking.link_new_order(s, order)


@subscribe(RegistrationSubmitted)
def _registration_submitted(s: Session, event: RegistrationSubmitted) -> None:
    merchant = registrations.record(s, uuid.UUID(event.entity_id))
    if merchant is not None:
        linking.link_orders_of(s, merchant)


@subscribe(OrderShipped)
def _order_shipped(s: Session, event: OrderShipped) -> None:
    order_id = uuid.UUID(event.entity_id)
    packed = list(s.exec(select(Device.id).where(col(Device.order_id) == order_id)))
    detail = f"pesanan {order_number(order_id)} dikirim"
    lifecycle.move(s, packed, DeviceStatus.RESERVED, DeviceStatus.SHIPPED, event.actor, detail, DeviceShipped)


@subscribe(OrderDelivered)
def _order_delivered(s: Session, event: OrderDelivered) -> None:
    delivered = utcnow().astimezone(WIB).date()
    s.exec(
        sa.update(Device)
        .where(col(Device.order_id) == uuid.UUID(event.entity_id))
        .values(warranty_until=owned.warranty_end(delivered), updated_at=utcnow())
    )
