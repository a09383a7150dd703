"""The transactions area's words (issue 51.4): a transaction's statuses as the acquirer sends
and the database keeps them, with what the merchant reads; no other module spells them bare."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class TxnStatus(Term):
    APPROVED = "approved", "Berhasil", "emerald"
    VOID = "void", "Dibatalkan", "slate"
    REFUND = "refund", "Dikembalikan", "amber"


class EntryKind(Term):
    """A ledger entry (ledger.py), as a payout's breakdown names it."""

    SALE = "sale", "Penjualan"
    MDR = "mdr", "MDR"
    REFUND = "refund", "Refund"
    MDR_BACK = "mdr_kembali", "MDR dikembalikan"
    VOID = "void", "Pembatalan"
    CHARGEBACK = "chargeback", "Chargeback"
    CORRECTION = "koreksi", "Koreksi"
    CARRY = "saldo", "Saldo dibawa"  # a payout below zero: taken from the next one (ledger.carry_due)


class Hold(Term):
    """Why a sale is kept out of every payout until the admin resolves it."""

    TID = "tid", "TID tidak dikenal"
    MID = "mid", "MID tidak sesuai dengan terminal"
