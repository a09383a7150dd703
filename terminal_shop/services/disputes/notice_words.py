"""What the merchant is told of a dispute: opened, and its deadline near (notices.py sends them)."""

from __future__ import annotations

from sqlmodel import Session

from terminal_shop.services.notifications.channels import Notice
from terminal_shop.services.notifications.content import Content
from terminal_shop.services.notifications.emails import typed
from terminal_shop.services.registrations.views import RegistrationFacts


def _dispute(reg: RegistrationFacts, values: dict[str, str], due: bool) -> Content:
    """A chargeback the acquirer opened (issue 47.4), or the reminder two days before its deadline."""
    first = (
        f"Batas tanggapan sengketa {values['amount']} (transaksi {values['txn']}) tinggal {values['deadline']}."
        if due
        else f"Acquirer membuka sengketa (chargeback) {values['amount']} atas transaksi {values['txn']}."
    )
    return Content(
        f"{'Pengingat: ' if due else ''}Sengketa {values['amount']} perlu tanggapan sebelum {values['deadline']}",
        f"Halo {typed(reg.nama_lengkap)},",
        [first, f"Alasan: {values['reason']}.",
         "Unggah bukti (foto struk, slip bertanda tangan, bukti pengiriman) lalu bantah, atau terima chargeback-nya. "
         "Tanpa tanggapan sampai batas waktu, chargeback biasanya berlaku dan dipotong dari pencairan."],
        ("Tanggapi sengketa", values["link"]),
    )  # fmt: skip


def dispute_opened(s: Session, n: Notice) -> Content:
    return _dispute(n.about, n.values, due=False)


def dispute_due(s: Session, n: Notice) -> Content:
    return _dispute(n.about, n.values, due=True)
