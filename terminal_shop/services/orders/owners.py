"""Whose orders these are: what a verified address owns (the account), what a number typed
at checkout belongs to (WhatsApp), which merchant an order is linked to (devices): the
orders area's door for other areas (issue 51.1). Functions that take a session work in the
caller's transaction."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, func, select

from terminal_shop.infra.db import read_session
from terminal_shop.infra.models import table_of, utcnow
from terminal_shop.services.orders import fulfilment
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import Fulfilment, OrderStatus
from terminal_shop.services.orders.views import OrderFacts
from terminal_shop.services.validation import normalise_mobile


@dataclass(frozen=True)
class Owned:
    id: uuid.UUID
    placed_at: datetime
    status: str
    fulfilment: str | None
    total: int
    service_case: str | None = None  # a service bill's case: not ordered again
    delivered_at: datetime | None = None


def of_address(address: str, limit: int) -> list[Owned]:
    """The orders placed with this address (erased and restricted ones left out), newest first."""
    with read_session() as s:
        rows = s.exec(
            select(Order).where(func.lower(Order.buyer_email) == address.strip().lower(), col(Order.purged_at).is_(None),
                                col(Order.restricted_at).is_(None))
            .order_by(col(Order.created_at).desc()).limit(limit)
        ).all()  # fmt: skip
    return [Owned(o.id, o.created_at, o.status, o.fulfilment, o.total, o.service_case, o.delivered_at) for o in rows]


def items_of(address: str, order_id: uuid.UUID) -> list[dict[str, Any]] | None:
    """An order's stored lines, only when the order is this address's and not erased."""
    with read_session() as s:
        order = s.get(Order, order_id)
    if order is None or order.purged_at is not None or order.buyer_email.strip().lower() != address.strip().lower():
        return None
    return list(order.items)


def _spellings(number: str) -> set[str]:
    """A number as buyers type it (62812..., +62812..., 0812...): candidates compared normalised."""
    return {number, "+" + number, "0" + number[2:] if number.startswith("62") else number}


def live_phone(order_id: uuid.UUID) -> str | None:
    """The buyer's number as typed, unless the order is gone, erased or restricted."""
    with read_session() as s:
        order = s.get(Order, order_id)
    if order is None or order.purged_at is not None or order.restricted_at is not None:
        return None
    return order.buyer_phone


def newest_with_number(number: str) -> uuid.UUID | None:
    """The newest order whose buyer typed this number (62812..., however spelled)."""
    wanted = normalise_mobile("+" + number)
    with read_session() as s:
        rows = s.exec(
            select(Order.id, Order.buyer_phone).where(col(Order.buyer_phone).in_(_spellings(number)))
            .order_by(col(Order.created_at).desc()).limit(20)
        ).all()  # fmt: skip
    return next((oid for oid, phone in rows if normalise_mobile(phone) == wanted), None)


def waiting_with_number(number: str) -> list[uuid.UUID]:
    """The number's orders waiting for the payment's review, newest first."""
    wanted = normalise_mobile("+" + number)
    with read_session() as s:
        rows = s.exec(
            select(Order.id, Order.buyer_phone)
            .where(col(Order.status) == OrderStatus.PAID_REVIEW.value, col(Order.purged_at).is_(None),
                   col(Order.buyer_phone).in_(_spellings(number)))
            .order_by(col(Order.created_at).desc())
        ).all()  # fmt: skip
    return [oid for oid, phone in rows if normalise_mobile(phone) == wanted]


def mark_proof_suspect(s: Session, order_id: uuid.UUID) -> None:
    """A proof added later (a WhatsApp slip) repeats another order's: "Bukti mencurigakan"."""
    order = s.get(Order, order_id)
    if order is not None and not order.proof_suspect:
        order.proof_suspect = True
        s.add(order)


def mark_packed(s: Session, order_id: uuid.UUID, admin_email: str) -> OrderFacts:
    """The order Dikemas in the caller's transaction, where packing assigns its units
    (devices/packing.py); FulfilmentError first when it is not ready to pack."""
    return fulfilment.step(s, order_id, Fulfilment.PACKED, admin_email)


def record(s: Session, order_id: uuid.UUID, lock: bool = False) -> OrderFacts | None:
    """The order as another area reads it (`lock`: until the caller's transaction ends)."""
    return s.get(Order, order_id, with_for_update=lock)


def records(s: Session, order_ids: set[uuid.UUID]) -> dict[uuid.UUID, OrderFacts]:
    return {o.id: o for o in s.exec(select(Order).where(col(Order.id).in_(order_ids)))} if order_ids else {}


def unlinked_of_address(s: Session, address: str) -> list[OrderFacts]:
    """The orders placed with this e-mail not linked to a merchant yet (cancelled ones left out)."""
    found = s.exec(
        select(Order).where(
            func.lower(Order.buyer_email) == address.strip().lower(),
            col(Order.merchant_id).is_(None),
            col(Order.status) != OrderStatus.CANCELLED.value,
        )
    )
    return list[OrderFacts](found)


def set_merchant(s: Session, order_id: uuid.UUID, merchant_id: uuid.UUID | None) -> None:
    """Links the order to a merchant registration (None: unlinks it). devices/linking.py decides."""
    s.exec(sa.update(Order).where(col(Order.id) == order_id).values(merchant_id=merchant_id, updated_at=utcnow()))


def id_of_number(s: Session, number: str) -> uuid.UUID | None:
    found: uuid.UUID | None = s.exec(select(Order.id).where(col(Order.number) == number.strip().upper()[:8])).first()
    return found


def linked_to(s: Session, merchant_id: uuid.UUID, limit: int) -> list[tuple[uuid.UUID, str | None, datetime]]:
    """(id, number, placed) of the orders linked to this merchant, newest first."""
    rows = s.exec(
        select(Order.id, Order.number, Order.created_at)
        .where(col(Order.merchant_id) == merchant_id)
        .order_by(col(Order.created_at).desc())
        .limit(limit)
    ).all()
    return [(oid, number, placed) for oid, number, placed in rows]


def waiting_to_pack(s: Session) -> list[tuple[uuid.UUID, str | None, datetime, list[dict[str, Any]]]]:
    """(id, number, placed, items) of the confirmed orders not packed yet, oldest first."""
    rows = s.exec(
        select(Order.id, Order.number, Order.created_at, Order.items)
        .where(col(Order.status) == OrderStatus.CONFIRMED.value, col(Order.fulfilment) == "")
        .order_by(col(Order.created_at), col(Order.id))
    ).all()
    return [(oid, number, placed, list(items)) for oid, number, placed, items in rows]


# Orders that hold units: placed and not packed yet (packing takes real units from the shelf).
HOLDING = (OrderStatus.PENDING.value, OrderStatus.PAID_REVIEW.value, OrderStatus.CONFIRMED.value)
_HELD_SQL = {
    "postgresql": "SELECT e->>'sku', SUM((e->>'qty')::int) FROM orders, json_array_elements(orders.items) AS e"
    " WHERE orders.status IN :holding AND orders.fulfilment = '' GROUP BY 1",
    "sqlite": "SELECT json_extract(e.value, '$.sku'), SUM(json_extract(e.value, '$.qty'))"
    " FROM orders, json_each(orders.items) AS e WHERE orders.status IN :holding AND orders.fulfilment = '' GROUP BY 1",
}


def units_held(s: Session) -> dict[str, int]:
    """Units per SKU that orders placed and not yet packed will take, summed by the database
    from the orders' lines (on the (status, fulfilment) index: waiting orders are few)."""
    sql = sa.text(_HELD_SQL[s.get_bind().dialect.name]).bindparams(sa.bindparam("holding", expanding=True))
    rows = s.connection().execute(sql, {"holding": list(HOLDING)}).all()
    return {str(sku): int(str(qty or 0)) for sku, qty in rows}


def numbers() -> Any:
    """id and number of every order, as a subquery another area's list joins."""
    o = table_of(Order).c
    return sa.select(o.id, o.number).subquery("order_numbers")


def ids_numbered(number: str) -> Any:
    """A select of the id of the order with this number (its index), for another area's IN."""
    return sa.select(table_of(Order).c.id).where(table_of(Order).c.number == number[:8])


def sent() -> Any:
    """id of every confirmed order on its way or delivered, as a subquery (devices' counts)."""
    o = table_of(Order).c
    on_the_way = (Fulfilment.SHIPPED.value, Fulfilment.DELIVERED.value)
    return sa.select(o.id).where(o.status == OrderStatus.CONFIRMED.value, o.fulfilment.in_(on_the_way)).subquery("sent")
