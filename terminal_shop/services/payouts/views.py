"""What the merchant reads of their payouts (issue 47.2)."""

from __future__ import annotations

from dataclasses import dataclass

from terminal_shop.views import Badge


@dataclass(frozen=True)
class PayoutLine:
    id: str
    day: str  # "Senin, 30 Nov 2026"
    net: str
    count: int
    account: str  # "BCA ••7890"
    status: Badge
    said: str  # "Rp 3.408.403 masuk ke BCA ••7890 pada Senin, 30 Nov 2026, dari 14 transaksi"


@dataclass(frozen=True)
class PaidTxn:
    at: str
    what: str  # "QRIS · TID BRI00123"
    amount: str
    fee: str
    refunded: str  # "" when nothing was refunded


@dataclass(frozen=True)
class PayoutDetail:
    line: PayoutLine
    gross: str
    mdr: str
    refunds: str
    chargebacks: str
    adjustments: str
    net: str
    reference: str  # the bank's reference once sent, "" before
    transactions: tuple[PaidTxn, ...]
