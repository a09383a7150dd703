"""The payment check's words: where an imported line comes from, what it is to the waiting
orders, and the orders list's proof filter (each value what the database or the URL holds)."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class StatementSource(Term):
    """Where an imported payment line comes from (services/orders/payments/statement.py)."""

    BCA = "bca", "mutasi BCA"
    BANK = "bank", "mutasi bank"
    QRIS = "qris", "laporan QRIS"


class MatchKind(Term):
    """What an imported line is to the orders waiting for payment (services/orders/payments/reconcile.py)."""

    MATCHED = "cocok", "Cocok", "emerald"
    AMBIGUOUS = "ambigu", "Ambigu", "amber"
    UNKNOWN = "tidak-dikenal", "Tidak dikenal"
    DEBIT = "debit", "Debit"
    PENDING = "pending", "Pending"
    USED = "dipakai", "Sudah dipakai", "blue"
