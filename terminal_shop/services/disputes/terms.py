"""The disputes area's words: a dispute's status as the contract sends it and the merchant
reads it, the merchant's answer, the kinds of evidence, and why an act is refused."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class DisputeStatus(Term):
    """(stored value, label, badge colour); the contract's words are `CONTRACT` below."""

    OPEN = "dibuka", "Perlu tanggapan", "amber"
    REVIEW = "ditinjau", "Ditinjau acquirer", "blue"
    WON = "menang", "Dimenangkan", "emerald"
    LOST = "kalah", "Chargeback berlaku", "red"


CONTRACT = {"open": DisputeStatus.OPEN, "under_review": DisputeStatus.REVIEW, "won": DisputeStatus.WON,
            "lost": DisputeStatus.LOST}  # fmt: skip
CLOSED = (DisputeStatus.WON.value, DisputeStatus.LOST.value)
STEP = {DisputeStatus.OPEN.value: 0, DisputeStatus.REVIEW.value: 1, DisputeStatus.WON.value: 2,
        DisputeStatus.LOST.value: 2}  # a status moves only forwards  # fmt: skip
DEADLINE_DAYS = 180  # a deadline is between today and this many days ahead
DECISION_DAYS = 30  # what the merchant is told: the acquirer decides within this many days of the evidence
ANSWERED = ("Ditanggapi", "blue")  # an open dispute the merchant answered, as they read it
FORWARDED = ("Diteruskan ke acquirer", "blue")  # ... and the staff sent on


class ItemRefusal(Term):
    """Why an item of a dispute delivery is refused (tallied for the admin, never stored)."""

    UNKNOWN = "unknown", "transaction never received"
    VOIDED = "voided", "transaction was voided"
    CLOSED = "closed", "dispute already closed"
    BACKWARDS = "backwards", "dispute status cannot move backwards"
    DEADLINE = "deadline", "deadline outside today .. 180 days ahead"
    ABOVE_LEFT = "above-left", "amount above what is left of the sale after its refunds and chargebacks"


class Decision(Term):
    CONTEST = "bantah", "Dibantah dengan bukti"
    ACCEPT = "terima", "Diterima merchant"


class EvidenceKind(Term):
    RECEIPT = "struk", "Foto struk"
    SLIP = "slip", "Slip bertanda tangan"
    DELIVERY = "pengiriman", "Bukti pengiriman"
    OTHER = "lainnya", "Lainnya"


class DisputeRefusal(Term):
    NOT_FOUND = "tidak-ada", "Sengketa tidak ditemukan"
    NOT_ANSWERED = "belum-dijawab", "Merchant belum menanggapi: belum ada yang diteruskan"
    CLOSED = "selesai", "Sengketa ini sudah selesai"
    ANSWERED = "dijawab", "Sengketa ini sudah Anda tanggapi"
    PAST_DEADLINE = "lewat", "Batas tanggapan sudah lewat ({day})"
    NO_EVIDENCE = "tanpa-bukti", "Unggah minimal satu bukti sebelum membantah"
    NOTE = "catatan", "Tulis penjelasan singkat (maksimal 1000 karakter)"
    TOO_MANY_FILES = "banyak", "Maksimal {count} bukti per sengketa"
    KIND = "jenis", "Pilih jenis bukti"
