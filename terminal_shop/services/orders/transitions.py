"""The only place an order's payment status changes: confirmed or cancelled by an admin, or
confirmed by a statement line (services/orders/payments/reconcile.py passes its `paid_by`).

One transaction does it all: a conditional update (two admins cannot both win), the
invoice's gapless number, the held transfer amount kept until no line can still pay it (transfer_codes), and the
event (services/orders/events.py) whose subscribers write the audit entry and the buyer's
e-mail with the invoice.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from sqlalchemy import update
from sqlmodel import Session, col

from terminal_shop.formats import wib
from terminal_shop.infra.db import write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.refusals import Refused
from terminal_shop.services.events.bus import publish
from terminal_shop.services.orders import invoice, transfer_codes
from terminal_shop.services.orders.events import OrderCancelled, OrderConfirmed
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import ORDER_TRANSITIONS, ChangeRefusal, OrderStatus

REASON_MAX = 500


class TransitionError(Refused):
    """A refused change; `code` says why (its label is what the admin reads)."""

    code: ChangeRefusal


# The evidence of a payment, checked in the confirming transaction: returns what the order
# and the audit log record of it (services/orders/payments/reconcile.py), or raises.
PaidBy = Callable[[Session, Order], str]


def confirm(order_id: str, admin_email: str, paid_by: PaidBy | None = None) -> None:
    """`paid_by`: the statement line that proves it; without it, the admin's word."""
    _transition(order_id, admin_email, OrderStatus.CONFIRMED, paid_by=paid_by)


def reject(order_id: str, reason: str, admin_email: str) -> None:
    reason = (reason or "").strip()
    if not reason:
        raise TransitionError(ChangeRefusal.REASON_REQUIRED)
    _transition(order_id, admin_email, OrderStatus.CANCELLED, reason[:REASON_MAX])


def _transition(
    order_id: str, admin_email: str, new_status: OrderStatus, reason: str | None = None, paid_by: PaidBy | None = None
) -> None:
    """One of ORDER_TRANSITIONS, once."""
    oid = uuid.UUID(str(order_id))
    now = utcnow()
    with write_session() as s:
        order = s.get(Order, oid)
        old = OrderStatus.parse(order.status) if order else None
        if order is None or old is None or new_status not in ORDER_TRANSITIONS.get(old, ()):
            raise TransitionError(ChangeRefusal.NOT_WAITING)
        values: dict[str, Any] = {"status": new_status.value, "updated_at": now}
        checked = ""
        if new_status is OrderStatus.CONFIRMED:  # the invoice's number, gapless: rolled back with the rest
            checked = (paid_by(s, order) if paid_by else f"Dikonfirmasi manual oleh {admin_email}")[:300]
            values |= {"invoice_number": invoice.allocate(s, now), "invoiced_at": now, "payment_check": checked}
        if reason is not None:
            line = f"[{wib(now)}] DITOLAK: {reason}"
            values["note"] = f"{order.note}\n{line}" if order.note else line
        result = s.exec(update(Order).where(col(Order.id) == oid, col(Order.status) == old.value).values(**values))
        if result.rowcount != 1:
            raise TransitionError(ChangeRefusal.NOT_WAITING)
        transfer_codes.settle(s, oid, order.created_at)
        s.refresh(order)
        event = OrderConfirmed if new_status is OrderStatus.CONFIRMED else OrderCancelled
        publish(s, event(entity_id=str(oid), actor=admin_email, old_status=old.value,
                         new_status=new_status.value, detail=checked or reason))  # fmt: skip
