"""What "Dana belum masuk?" tells the admins and its answer the merchant, and the daily recap, in no
channel's form (notifications/content.py)."""

from __future__ import annotations

from sqlmodel import Session

from terminal_shop import rules
from terminal_shop.services.notifications.channels import Notice
from terminal_shop.services.notifications.content import Content
from terminal_shop.services.notifications.emails import typed


def payout_case(s: Session, n: Notice) -> Content:
    """To each admin who reads the transactions: a merchant's "Dana belum masuk?", with its facts."""
    facts, link = n.values["facts"], n.values["link"]
    return Content(
        "Dana belum masuk: merchant menunggu jawaban",
        "Halo,",
        [f"Merchant melaporkan pencairan yang belum masuk: {facts}.",
         f"Jawab paling lambat {rules.PAYOUT_CASE_ANSWER_DAYS} hari kerja, pukul 17.00 WIB."],
        ("Buka di back office", link),
    )  # fmt: skip


def payout_case_answered(s: Session, n: Notice) -> Content:
    """To the merchant: the answer to their "Dana belum masuk?"."""
    reg, answer, link = n.about, n.values["answer"], n.values["link"]
    return Content(
        "Jawaban untuk laporan dana belum masuk",
        f"Halo {typed(reg.nama_lengkap)},",
        [f"Tentang pencairan {typed(reg.nama_usaha)} yang Anda laporkan:", answer],
        ("Lihat pencairan", link),
    )


def daily_recap(s: Session, n: Notice) -> Content:
    """The 07.00 WIB recap the merchant asked for (services/payouts/recap.py)."""
    reg, values = n.about, n.values
    return Content(
        f"Rekap {values['day']}: {values['sales']}",
        f"Halo {typed(reg.nama_lengkap)},",
        [f"Rekap {values['day']} untuk {typed(reg.nama_usaha)}:",
         f"Penjualan {values['sales']} dari {values['count']} transaksi, biaya MDR {values['fees']}, bersih {values['net']}.",
         f"Pencairan berikutnya: {values['next']}.",
         values.get("why", ""),
         "Rekap ini dikirim karena Anda memintanya di akun Anda; matikan kapan saja di bagian Pencairan."],
        ("Lihat di akun Anda", values["link"]),
    )  # fmt: skip
