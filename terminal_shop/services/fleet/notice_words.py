"""What the merchant is told of a terminal that went silent, in no channel's form."""

from __future__ import annotations

from sqlmodel import Session

from terminal_shop.services.notifications.channels import Notice
from terminal_shop.services.notifications.content import Content
from terminal_shop.services.notifications.emails import typed


def device_offline(s: Session, n: Notice) -> Content:
    """A terminal silent longer than the setting (services/fleet/alerts.py), once per episode."""
    reg, values = n.about, n.values
    return Content(
        f"{values['model']} SN {values['serial']} tidak terhubung",
        f"Halo {typed(reg.nama_lengkap)},",
        [f"{values['model']} SN {values['serial']} terakhir terhubung {values['seen']}.",
         "Periksa daya dan koneksinya (Wi-Fi atau sinyal SIM). Jika tetap mati, laporkan masalahnya dari akun Anda. "
         + values.get("warranty", ""),
         "Sementara itu, terima pembayaran QRIS dengan perangkat lain atau QRIS cetak Anda."],
        ("Laporkan masalah", values["link"]),
    )  # fmt: skip
