"""The admin team's words."""

from __future__ import annotations

from datetime import timedelta

from terminal_shop import rules
from terminal_shop.vocabulary import Term


class AdminRole(Term):
    """What an admin account may do (services/team/permissions.py holds the table)."""

    OWNER = "pemilik", "Pemilik"
    FINANCE = "keuangan", "Keuangan"
    VERIFIER = "verifikator", "Verifikator"
    SHIPPING = "pengiriman", "Pengiriman"


THROTTLE_WINDOW = timedelta(minutes=15)
MIN_PASSWORD_CHARS = 12


class LoginRefusal(Term):
    """What the sign-in page says, by the code the sign-in route puts in its redirect."""

    REQUIRED = "wajib", "Email dan password wajib diisi"
    BAD_LOGIN = "salah", "Email atau password salah"
    LOCKED = "terkunci", f"Terlalu banyak percobaan masuk. Coba lagi dalam {rules.minutes(THROTTLE_WINDOW)}."
    DENIED = "ditolak", "Akses ditolak. Email tidak memiliki hak akses admin."


class PasswordRefusal(Term):
    SHORT = "pendek", f"Password baru minimal {MIN_PASSWORD_CHARS} karakter"
    MISMATCH = "beda", "Konfirmasi password tidak sama"
    SAME = "sama", "Password baru harus berbeda dari password saat ini"
    CURRENT = "salah", "Password saat ini salah"
    LOCKED = "terkunci", LoginRefusal.LOCKED.label  # guesses of the current password count like sign-in failures
    UNKNOWN = "tidak-ada", LoginRefusal.BAD_LOGIN.label


class AccountRefusal(Term):
    """Why the owner's change to the team, or an invitee's acceptance, is refused; the label
    is what the page says (the invitation page gets the code in its redirect)."""

    EMAIL = "email", "Email tidak valid"
    ROLE = "peran", "Pilih peran"
    EXISTS = "sudah-ada", "Email ini sudah punya akun admin aktif"
    LAST_OWNER = (
        "pemilik-terakhir",
        "Harus ada minimal satu Pemilik aktif: akun ini tidak bisa dinonaktifkan atau diubah perannya",
    )
    NOT_FOUND = "tidak-ada", "Akun tidak ditemukan"
    SELF = "diri-sendiri", "Anda tidak bisa menonaktifkan akun Anda sendiri"
    INVITE_GONE = (
        "tidak-berlaku",
        "Undangan tidak berlaku, sudah dipakai atau sudah kedaluwarsa. Minta undangan baru ke Pemilik.",
    )
    INVITE_CLOSED = "ditutup", "Undangan ini sudah tidak berlaku"  # "Salin tautan" / "Kirim ulang" too late
    SHORT = PasswordRefusal.SHORT.value, PasswordRefusal.SHORT.label
    MISMATCH = PasswordRefusal.MISMATCH.value, PasswordRefusal.MISMATCH.label


class CodeRefusal(Term):
    """Why a 6-digit code (or a recovery code) does not sign in; the label is what is read."""

    WRONG = "salah", "Kode salah atau sudah dipakai"
    REQUIRED = "kosong", "Masukkan kode 6 angka dari aplikasi autentikator"
    LOCKED = "terkunci", f"Terlalu banyak kode salah. Coba lagi dalam {rules.minutes(THROTTLE_WINDOW)}."
    NO_ACCOUNT = "akun", "Akun tidak ditemukan. Silakan masuk lagi."
    NO_SETUP = "belum-diatur", "Mulai ulang pengaturan 2FA: kunci baru belum dibuat"
    NO_FACTOR = "tanpa-2fa", "Atur 2FA di akun Anda dulu: tindakan ini perlu kode dari aplikasi autentikator"
