"""The customers area's words."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class SignInRefusal(Term):
    EMAIL = "email", "Format email tidak valid"
    TOO_MANY_CODES = (
        "banyak-kode",
        "Sudah terlalu banyak kode dikirim ke alamat ini dalam satu jam. Coba lagi nanti.",
    )
    CODE_WRONG = "kode", "Kode salah atau sudah kedaluwarsa. Periksa email terbaru, atau minta kode baru."
    CODE_FORMAT = "format-kode", "Kode terdiri dari 6 angka"
    TRIES = "percobaan", "Terlalu banyak kode salah. Minta kode baru."
    SESSION = "sesi", "Silakan masuk lagi"
