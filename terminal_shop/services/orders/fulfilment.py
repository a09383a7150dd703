"""From confirmed to delivered: shipping with a courier and resi, delivery; packing, which
records each unit's serial number, is services/devices/packing.py.

Each step is a conditional update on the order (terms.FULFILMENT_FROM): two admins
cannot ship one order twice, and a step from the wrong place is refused. A step publishes its
event (orders/events.py) in the same transaction: the audit entry and the buyer's e-mail follow.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from terminal_shop import catalogue, couriers
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.refusals import Refused
from terminal_shop.services.csv_lines import each_line
from terminal_shop.services.events.bus import publish
from terminal_shop.services.orders.events import OrderDelivered, OrderPacked, OrderShipped
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import FULFILMENT_FROM, Fulfilment, OrderStatus, StepRefusal

BULK_MAX_LINES = 5000
HEADER = re.compile(r"pesanan|order|nomor|\bno\b", re.IGNORECASE)
EVENTS = {Fulfilment.PACKED: OrderPacked, Fulfilment.SHIPPED: OrderShipped, Fulfilment.DELIVERED: OrderDelivered}
STAMPED = {Fulfilment.PACKED: "packed_at", Fulfilment.SHIPPED: "shipped_at", Fulfilment.DELIVERED: "delivered_at"}


class FulfilmentError(Refused):
    """A step refused; `code` says why (its label is the admin's text)."""

    code: StepRefusal


def step(s: Session, oid: uuid.UUID, to: Fulfilment, admin_email: str, **values: str) -> Order:
    """The order moved one step inside the caller's transaction (packing assigns its units in
    the same one: services/devices/packing.py), or FulfilmentError."""
    order = s.get(Order, oid)
    if order is None:
        raise FulfilmentError(StepRefusal.UNKNOWN_ORDER)
    if order.status != OrderStatus.CONFIRMED.value:
        raise FulfilmentError(StepRefusal.NOT_CONFIRMED)
    not_packed = (order.fulfilment or "") == Fulfilment.NOT_STARTED.value
    if to is Fulfilment.SHIPPED and not_packed and holds_devices(order):
        raise FulfilmentError(StepRefusal.NOT_PACKED)  # issue 46.13: no unit leaves without its SN
    allowed = [f.value for f in FULFILMENT_FROM[to]]
    changed = s.exec(
        sa.update(Order)
        .where(
            col(Order.id) == oid, col(Order.status) == OrderStatus.CONFIRMED.value, col(Order.fulfilment).in_(allowed)
        )
        .values(fulfilment=to.value, updated_at=utcnow(), **{STAMPED[to]: utcnow()}, **values)
    )
    if changed.rowcount != 1:
        raise FulfilmentError(StepRefusal.WRONG_STEP)
    old = order.fulfilment
    s.refresh(order)
    publish(s, EVENTS[to](entity_id=str(oid), actor=admin_email, old_status=old or "confirmed",
                          new_status=to.value, detail=_detail(order)))  # fmt: skip
    return order


def holds_devices(order: Order) -> bool:
    """Every catalogue product is a unit with a serial number, packed by scanning it."""
    return any(catalogue.product(str(line.get("sku", ""))) for line in order.items)


def _detail(order: Order) -> str | None:
    if order.fulfilment == Fulfilment.SHIPPED.value:
        c = couriers.courier(order.courier or "")
        return f"{c.name if c else order.courier} {order.resi}"
    return None


def checked_resi(courier_code: str, resi: str) -> tuple[couriers.Courier, str]:
    c = couriers.courier(courier_code)
    if c is None:
        raise FulfilmentError(StepRefusal.COURIER)
    normal = couriers.normal_resi(resi)
    if not couriers.resi_ok(normal):
        raise FulfilmentError(StepRefusal.RESI)
    return c, normal


def ship(order_id: str, courier_code: str, resi: str, admin_email: str) -> None:
    c, normal = checked_resi(courier_code, resi)
    oid = uuid.UUID(str(order_id))
    try:
        with write_session() as s:
            step(s, oid, Fulfilment.SHIPPED, admin_email, courier=c.code, resi=normal)
    except IntegrityError:
        raise FulfilmentError(StepRefusal.RESI_USED) from None


def deliver(order_id: str, admin_email: str) -> None:
    oid = uuid.UUID(str(order_id))
    with write_session() as s:
        step(s, oid, Fulfilment.DELIVERED, admin_email)


# ----- in bulk: a courier booking tool's export, one line an order -----


@dataclass(frozen=True)
class LineResult:
    line: int
    number: str
    outcome: str  # "dikirim", or why the line was refused
    ok: bool


def _order_by_number(number: str) -> Order | None:
    with read_session() as s:
        return s.exec(select(Order).where(col(Order.number) == number.strip().upper()[:8])).first()


def _ship_line(cells: list[str], admin_email: str) -> tuple[str, bool]:
    if len(cells) < 3:
        return StepRefusal.SHORT_LINE.label, False
    number, courier_name, resi = (c.strip() for c in cells[:3])
    order = _order_by_number(number)
    if order is None:
        return StepRefusal.UNKNOWN_ORDER.label, False
    if order.status != OrderStatus.CONFIRMED.value:
        return StepRefusal.NOT_CONFIRMED.label, False
    try:
        ship(str(order.id), courier_name, resi, admin_email)  # a courier's name or code
    except FulfilmentError as exc:
        return exc.code.label, False
    return "Dikirim", True


def _deliver_line(cells: list[str], admin_email: str) -> tuple[str, bool]:
    order = _order_by_number(cells[0])
    if order is None:
        return StepRefusal.UNKNOWN_ORDER.label, False
    try:
        deliver(str(order.id), admin_email)
    except FulfilmentError as exc:
        return exc.code.label, False
    return "Diterima", True


def _each_line(data: bytes, apply: Callable[[list[str]], tuple[str, bool]]) -> list[LineResult]:
    """Every non-empty line of a CSV (a header line skipped), applied alone."""
    results = []
    for i, cells in each_line(data, HEADER, BULK_MAX_LINES):
        outcome, ok = apply(cells)
        results.append(LineResult(i, cells[0].strip().upper(), outcome, ok))
    return results


def ship_from_csv(data: bytes, admin_email: str) -> list[LineResult]:
    """`order number, courier, resi` a line (a header line is skipped). Each line is applied
    alone, whole or not at all: a refused line changes nothing, the others go through."""
    return _each_line(data, lambda cells: _ship_line(cells, admin_email))


def deliver_from_csv(data: bytes, admin_email: str) -> list[LineResult]:
    """One order number a line (more columns are ignored): each shipped order delivered."""
    return _each_line(data, lambda cells: _deliver_line(cells, admin_email))
