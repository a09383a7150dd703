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
    CLOSED = "selesai", "Sengketa ini sudah selesai"
    ANSWERED = "dijawab", "Sengketa ini sudah Anda tanggapi"
    PAST_DEADLINE = "lewat", "Batas tanggapan sudah lewat ({day})"
    NO_EVIDENCE = "tanpa-bukti", "Unggah minimal satu bukti sebelum membantah"
    NOTE = "catatan", "Tulis penjelasan singkat (maksimal 1000 karakter)"
    TOO_MANY_FILES = "banyak", "Maksimal {count} bukti per sengketa"
    KIND = "jenis", "Pilih jenis bukti"
