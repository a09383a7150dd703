"""The payouts area's words: a payout's status and what an adjustment is, with what the
merchant reads."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class PayoutStatus(Term):
    SCHEDULED = "dijadwalkan", "Dijadwalkan", "slate"
    SENT = "dikirim", "Dikirim", "blue"
    RECEIVED = "diterima", "Diterima", "emerald"


class AdjustmentKind(Term):
    """A line of a payout beyond its own day's transactions."""

    REFUND = "refund", "Refund setelah pencairan"
    CHARGEBACK = "chargeback", "Chargeback"
    CORRECTION = "koreksi", "Koreksi"
