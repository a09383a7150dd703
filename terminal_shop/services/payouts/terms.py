"""The payouts area's words: a payout's status, a case's, and why an act or a delivery's item
is refused, with what the merchant or the acquirer reads."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class PayoutStatus(Term):
    """One set of words for a payout everywhere; LATE is read (not sent by its day), never kept."""

    SCHEDULED = "dijadwalkan", "Dijadwalkan", "slate"
    LATE = "terlambat", "Terlambat", "red"
    SENT = "dikirim", "Dikirim", "blue"
    RECEIVED = "diterima", "Diterima", "emerald"
    NIL = "nihil", "Nihil", "slate"  # below zero on its day: nothing paid, the shortfall on the next (ledger.carry_due)


class CaseStatus(Term):
    """A "Dana belum masuk" case, as the merchant and the admin read it."""

    OPEN = "dibuka", "Sedang diperiksa", "amber"
    ANSWERED = "dijawab", "Dijawab", "blue"
    CLOSED = "selesai", "Selesai", "emerald"


class CaseRefusal(Term):
    """Why a case cannot be opened or answered."""

    NOT_FOUND = "tidak-ada", "Pencairan tidak ditemukan"
    TOO_EARLY = (
        "terlalu-awal",
        "Pencairan ini dijadwalkan masuk paling lambat {day}: laporkan jika belum masuk setelah itu",
    )
    RECEIVED = "sudah-diterima", "Pencairan ini sudah tercatat diterima"
    ANSWER = "jawaban", "Tulis jawaban untuk merchant"


class Refusal(Term):
    """Why an item of a payout delivery is refused (kept for the admin, never applied)."""

    FUTURE = "future", "payout day has not come yet"
    NEGATIVE = "negative", "net below zero"
    ABOVE_SALES = "above-sales", "net above the payout's sales"
    OTHER_MID = "other-mid", "no merchant account of this acquirer has that MID"
    UNKNOWN = "unknown", "no entries for that MID and day"
