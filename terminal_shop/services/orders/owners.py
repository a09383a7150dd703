"""Whose orders these are: what a verified address owns (the account) and what a number
typed at checkout belongs to (WhatsApp): the orders area's door for both (issue 51.1)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, func, select

from terminal_shop.infra.db import read_session
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import OrderStatus
from terminal_shop.services.orders.views import OrderFacts
from terminal_shop.services.validation import normalise_mobile


@dataclass(frozen=True)
class Owned:
    id: uuid.UUID
    placed_at: datetime
    status: str
    fulfilment: str | None
    total: int


def of_address(address: str, limit: int) -> list[Owned]:
    """The orders placed with this address (erased ones left out), newest first."""
    with read_session() as s:
        rows = s.exec(
            select(Order).where(func.lower(Order.buyer_email) == address.strip().lower(), col(Order.purged_at).is_(None))
            .order_by(col(Order.created_at).desc()).limit(limit)
        ).all()  # fmt: skip
    return [Owned(o.id, o.created_at, o.status, o.fulfilment, o.total) for o in rows]


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


def record(s: Session, order_id: uuid.UUID) -> OrderFacts | None:
    """The order as a message about it reads it, in the caller's transaction."""
    return s.get(Order, order_id)
