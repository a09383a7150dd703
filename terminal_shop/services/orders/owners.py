"""What a buyer's verified address owns among the orders: the orders area's door for the
account (issue 51.1)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import col, func, select

from terminal_shop.infra.db import read_session
from terminal_shop.services.orders.tables import Order


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
