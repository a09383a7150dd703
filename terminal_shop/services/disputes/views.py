"""What the merchant and the admin read of a dispute."""

from __future__ import annotations

from dataclasses import dataclass, field

from terminal_shop.views import Badge


@dataclass(frozen=True)
class EvidenceView:
    kind: str
    name: str  # "Foto struk (JPG, 120 KB)"
    link: str  # a signed link, minutes long


@dataclass(frozen=True)
class DisputeView:
    id: str
    title: str  # "Chargeback Rp 250.000 · transaksi T1"
    reason: str  # "4853 · Barang tidak diterima"
    deadline: str  # "Batas tanggapan Sabtu, 5 Des 2026"
    status: Badge
    decision: str  # "" until answered, then its label and the note
    merchant: str = ""  # for the admin: the business's name
    can_answer: bool = False
    evidence: list[EvidenceView] = field(default_factory=list)
    sale: str = ""  # "Penjualan Rp 300.000 · Jumat, 27 Nov 2026 08.26 WIB · Kartu debit GPN · TID A9200048"
    next_step: str = ""  # "Diteruskan ke acquirer 2 Des 2026; keputusan paling lambat 1 Jan 2027"
    can_forward: bool = False  # for the admin: answered, not yet recorded as sent on
