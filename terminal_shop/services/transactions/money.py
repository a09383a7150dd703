"""What a transaction is worth to the merchant, stated once (issue 47.3) and used by the
dashboard, the history and its CSV, the monthly statement and the payouts alike.

A sale counts with its amount and its MDR. A void counts for nothing. A refund, whole or in
parts, takes the refunded part off and returns that part's MDR pro rata: the MDR kept is the
sale's MDR times the share not refunded, rounded half up to a whole rupiah (a whole refund
returns all of it). Before the sale's payout is sent the refunded part is simply not paid out;
after it, the difference is taken from the next payout (payouts/subscribers.py) with the MDR
returned, as BCA does for QRIS (docs/decisions.md, Payouts).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from sqlmodel import col, func

from terminal_shop.services.transactions.tables import Transaction
from terminal_shop.services.transactions.terms import TxnStatus

COUNTED = (TxnStatus.APPROVED.value, TxnStatus.REFUND.value)  # a sale, refunded or not; a void is not


def after_refund(fee: int, amount: int, refunded: int) -> tuple[int, int]:
    """(MDR kept, net) of a sale of `amount` charged `fee`, `refunded` of it refunded."""
    if amount <= 0 or refunded >= amount:
        return 0, 0
    kept = (Decimal(fee) * (amount - refunded) / amount).quantize(Decimal("1"), rounding=ROUND_HALF_UP)
    return int(kept), amount - refunded - int(kept)


def sums() -> tuple[Any, ...]:
    """(sales counted, gross, MDR, refunds, net) as SQL aggregates over transactions: net is
    gross less refunds less MDR, row by row, so every screen's figures add up the same way."""
    t = Transaction
    counted = col(t.status).in_(COUNTED)
    return (
        func.count().filter(counted),
        func.coalesce(func.sum(t.amount).filter(counted), 0),
        func.coalesce(func.sum(t.mdr), 0),
        func.coalesce(func.sum(t.refunded), 0),
        func.coalesce(func.sum(t.net), 0),
    )
