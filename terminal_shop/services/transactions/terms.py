"""The transactions area's words (issue 51.4): a transaction's statuses as the acquirer sends
and the database keeps them, with what the merchant reads; no other module spells them bare."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class TxnStatus(Term):
    APPROVED = "approved", "Berhasil", "emerald"
    VOID = "void", "Dibatalkan", "slate"
    REFUND = "refund", "Dikembalikan", "amber"
