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


class CaseStatus(Term):
    """A "Dana belum masuk" case, as the merchant and the admin read it."""

    OPEN = "dibuka", "Sedang diperiksa", "amber"
    ANSWERED = "dijawab", "Dijawab", "blue"
    CLOSED = "selesai", "Selesai", "emerald"


class CaseRefusal(Term):
    """Why a case cannot be opened or answered."""

    NOT_FOUND = "tidak-ada", "Pencairan tidak ditemukan"
    TOO_EARLY = "terlalu-awal", "Pencairan ini dijadwalkan {day}: laporkan jika belum masuk satu hari kerja setelahnya"
    RECEIVED = "sudah-diterima", "Pencairan ini sudah tercatat diterima"
    ANSWER = "jawaban", "Tulis jawaban untuk merchant"
