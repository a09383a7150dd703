"""What the admin's payment check shows (services/orders/payments/matching.py, manual_match.py)."""

from __future__ import annotations

from dataclasses import dataclass

from terminal_shop.views import Badge


@dataclass(frozen=True)
class CandidateView:
    """A waiting order an imported line may have paid."""

    order_id: str
    number: str
    buyer_name: str
    created_at: str
    total: str
    link: str  # its admin detail page


@dataclass(frozen=True)
class StatementRow:
    """An imported line as the admin reviews it."""

    line_id: int
    date: str  # '25/11/2026', or 'PEND'
    description: str
    amount: str  # '-Rp 10.000' for a debit
    kind: str  # a MatchKind value
    badge: Badge
    candidates: tuple[CandidateView, ...] = ()
    used_by: str = ""  # the order number it confirmed
