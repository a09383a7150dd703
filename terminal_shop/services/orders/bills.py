"""A service case's bill paid as an order (issue 63.1). The servicing area prices it from its
price table for the case's unit and hands the cart a line signed with SECRET_KEY that names
the case and the fee; no tab can make or alter one, and no fee is a product a buyer can add.
The order made from it keeps the case's number and the fee (`orders.service_case`,
`service_fee`): at most one bill not refused per case and fee (a unique index, migration
0045), nothing to ship, never "Pesan lagi"."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass

from sqlmodel import Session, col, select

from terminal_shop import catalogue
from terminal_shop.infra.signing import sign, verify
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import OrderStatus
from terminal_shop.vocabulary import Term

PREFIX = "tagihan:"


class BillState(Term):
    """A bill as the merchant and the staff read it, from its order's status."""

    UNPAID = "belum", "Belum dibayar", "amber"
    REVIEW = "verifikasi", "Menunggu verifikasi", "blue"
    PAID = "lunas", "Lunas", "emerald"


STATE_OF_ORDER = {
    OrderStatus.PENDING.value: BillState.REVIEW,
    OrderStatus.PAID_REVIEW.value: BillState.REVIEW,
    OrderStatus.CONFIRMED.value: BillState.PAID,
}


@dataclass(frozen=True)
class Bill:
    case: str  # the case's number, "SRV-261128-3F2A"
    fee: catalogue.Product  # its line of catalogue.SERVICE_FEES

    @property
    def line_name(self) -> str:
        return f"{self.fee.name} · {self.case}"


def cart_key(case_number: str, fee_sku: str) -> str:
    """The cart line of a case's bill; only the servicing area makes one (invoices.fee_order)."""
    return f"{PREFIX}{case_number}:{fee_sku}:{sign('service-bill', case_number, fee_sku, length=20)}"


def parse(key: str) -> Bill | None:
    """The bill a cart line names, when it is a bill's line whose signature holds."""
    if not str(key).startswith(PREFIX):
        return None
    case, _, rest = str(key)[len(PREFIX) : len(PREFIX) + 120].partition(":")
    fee_sku, _, signature = rest.partition(":")
    fee = catalogue.fee(fee_sku)
    if fee is None or not verify(signature, "service-bill", case, fee_sku, length=20):
        return None
    return Bill(case, fee)


def live_order(s: Session, case_number: str, fee_sku: str) -> uuid.UUID | None:
    """The order paying this bill that is not refused: a second one is not made."""
    return s.exec(
        select(Order.id).where(col(Order.service_case) == case_number, col(Order.service_fee) == fee_sku,
                               col(Order.status) != OrderStatus.CANCELLED.value)
    ).first()  # fmt: skip


def states(s: Session, case_numbers: Iterable[str]) -> dict[tuple[str, str], BillState]:
    """Each (case number, fee) with an order not refused: its bill's state. Absent: unpaid."""
    numbers = sorted(set(case_numbers))
    rows = s.exec(
        select(Order.service_case, Order.service_fee, Order.status)
        .where(col(Order.service_case).in_(numbers), col(Order.status) != OrderStatus.CANCELLED.value)
    ).all() if numbers else []  # fmt: skip
    return {(case or "", fee or ""): STATE_OF_ORDER.get(status, BillState.UNPAID) for case, fee, status in rows}


def state(s: Session, case_number: str, fee_sku: str) -> BillState:
    return states(s, [case_number]).get((case_number, fee_sku), BillState.UNPAID)
