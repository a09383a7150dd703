"""The whatsapp area's words."""

from __future__ import annotations

from terminal_shop import rules
from terminal_shop.vocabulary import Term

WINDOW = rules.WHATSAPP_REPLY_WINDOW


class ReplyRefusal(Term):
    EMPTY = "kosong", "Tulis pesan terlebih dahulu"
    TOO_LONG = "panjang", "Pesan maksimal {most} karakter"
    NO_NUMBER = "tanpa-nomor", "Nomor ini tidak bisa dihubungi lewat WhatsApp"
    WINDOW_CLOSED = (
        "di-luar-24-jam",
        f"Lebih dari {rules.hours(WINDOW)} sejak pesan terakhir pembeli: WhatsApp hanya mengizinkan pesan template",
    )
