"""What a waiting order's admin page says of its money (issue 39.4): the imported statement
line that pays it, if one arrived. Confirming through that line uses it up (one transfer
confirms one order); without one the page asks once before confirming by hand."""

from __future__ import annotations

from typing import Any

from sqlmodel import col, select

from terminal_shop.infra.db import read_session
from terminal_shop.services.orders.payments import reconcile
from terminal_shop.services.orders.payments.tables import StatementLine
from terminal_shop.services.orders.payments.terms import StatementSource
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import OrderStatus, PaymentMethod
from terminal_shop.services.validation import parse_id


def paying_line(order_id: str) -> tuple[int, str] | None:
    """(line id, what it says) of an open line that pays this waiting order, by amount and
    date (a bank transfer) or by bill number (QRIS); None when none was imported."""
    key = parse_id(order_id)
    if key is None:
        return None
    with read_session() as s:
        order = s.get(Order, key)
        if order is None or order.status != OrderStatus.PAID_REVIEW.value:
            return None
        line = col(StatementLine.order_id).is_(None), col(StatementLine.amount) == order.total
        fits: tuple[Any, ...]
        if order.payment_method == PaymentMethod.TRANSFER_BCA.value:
            fits = (col(StatementLine.source).in_(reconcile.BANK_SOURCES), col(StatementLine.window_from) <= order.created_at,
                    col(StatementLine.window_to) > order.created_at)  # fmt: skip
        else:
            fits = (
                col(StatementLine.source) == StatementSource.QRIS.value,
                col(StatementLine.reference) == order.number,
            )
        found = s.exec(select(StatementLine).where(*line, *fits).order_by(col(StatementLine.id))).first()
    return (found.id, reconcile.evidence(found)) if found is not None and found.id is not None else None
