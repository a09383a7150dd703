""" "Cocokkan manual" (issue 39.8): a credit line nothing matched ("Tidak dikenal": the buyer sent
a round amount, or kept the kode unik) confirms the order the admin looked up, by hand.

The line must be a booked credit still unused, of the order's way of paying, and at least the
order's total (a buyer who paid less is not confirmed from here). The order's payment check
and the audit log say it was matched by hand, by whom, and with which line.
"""

from __future__ import annotations

from sqlmodel import Session, col, func, or_

from terminal_shop.formats import rupiah
from terminal_shop.infra.db import read_session
from terminal_shop.services.orders import transitions
from terminal_shop.services.orders.payments.matching import candidate_view, waiting_orders
from terminal_shop.services.orders.payments.reconcile import (
    BANK_SOURCES,
    ReconcileError,
    evidence,
    take_line,
)
from terminal_shop.services.orders.payments.tables import StatementLine
from terminal_shop.services.orders.payments.terms import MatchRefusal
from terminal_shop.services.orders.payments.views import CandidateView
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import PaymentMethod

FOUND_MAX = 5  # orders listed for one search


def _method_of(line: StatementLine) -> PaymentMethod:
    return PaymentMethod.TRANSFER_BCA if line.source in BANK_SOURCES else PaymentMethod.QRIS


def search(line_id: int, text: str) -> list[CandidateView]:
    """Waiting orders of the line's way of paying, by order number or the buyer's name."""
    text = " ".join(str(text or "").split())[:100]
    if not text:
        return []
    with read_session() as s:
        line = s.get(StatementLine, int(line_id))
        if line is None:
            return []
        found = (
            s.connection()
            .execute(
                waiting_orders(
                    _method_of(line),
                    or_(col(Order.number) == text.upper(), func.lower(col(Order.buyer_name)).contains(text.lower())),
                )
                .order_by(col(Order.created_at).desc())
                .limit(FOUND_MAX)
            )
            .all()
        )
    return [candidate_view(o) for o in found]


def confirm(line_id: int, order_id: str, admin_email: str) -> None:
    """Confirms the order with the line as its proof, in one transaction. Raises ReconcileError
    (the line cannot pay that order) or transitions.TransitionError (it no longer waits)."""

    def paid_by(s: Session, order: Order) -> str:
        line = s.get(StatementLine, int(line_id))
        if line is None or line.amount is None or line.pending or line.amount_cents <= 0 or line.order_id:
            raise ReconcileError(MatchRefusal.LINE)
        if order.payment_method != _method_of(line):
            raise ReconcileError(MatchRefusal.METHOD)
        if line.amount < order.total:
            raise ReconcileError(MatchRefusal.SHORT)
        if not take_line(s, int(line_id), order.id):
            raise ReconcileError(MatchRefusal.LINE)
        return f"Dicocokkan manual oleh {admin_email}: {evidence(line)} (total pesanan {rupiah(order.total)})"

    transitions.confirm(order_id, admin_email, paid_by=paid_by)
