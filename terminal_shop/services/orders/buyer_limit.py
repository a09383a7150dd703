"""At most ORDERS_PER_BUYER orders an hour for one e-mail or phone number: counted while the
placing transaction holds the buyer's locks, so a burst of checkouts stores no more than the limit."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, or_
from sqlmodel import Session, col, select

from terminal_shop import rules
from terminal_shop.infra import rate_limits
from terminal_shop.infra.models import utcnow
from terminal_shop.services.orders.checkout_rules import OrderError
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import OrderRefusal
from terminal_shop.services.validation import normalise_mobile


def locks(order: Order) -> list[Any]:
    """PostgreSQL's advisory locks on the buyer's e-mail and phone, held until the commit, for
    the checkout's first statement: always taken in the same order, so two checkouts of one
    buyer queue instead of deadlocking (SQLite has one writer at a time: nothing to take)."""
    email, mobile, _ = _keys(order)
    return [func.pg_advisory_xact_lock(func.hashtext(key))
            for key in sorted((f"buyer:{email}", f"buyer:{mobile or order.buyer_phone}"))]  # fmt: skip


def check(s: Session, order: Order) -> None:
    """Refuses the order when the buyer placed the limit within the window (after `locks`)."""
    email, _, phones = _keys(order)
    placed = s.exec(
        select(func.count())
        .select_from(Order)
        .where(col(Order.created_at) >= utcnow() - rules.BUYER_WINDOW)
        .where(or_(func.lower(col(Order.buyer_email)) == email, col(Order.buyer_phone).in_(phones)))
    ).one()
    if placed >= rules.ORDERS_PER_BUYER * rate_limits.factor():
        raise OrderError(OrderRefusal.TOO_MANY)


def _keys(order: Order) -> tuple[str, str | None, set[str]]:
    """The buyer's e-mail as compared, their mobile number normalised, and every way it is stored."""
    email = order.buyer_email.strip().lower()
    mobile = normalise_mobile(order.buyer_phone)
    return email, mobile, {order.buyer_phone} | ({mobile, mobile[1:], "0" + mobile[3:]} if mobile else set())
