"""What a merchant is told of their terminal (activated, a later status), in no channel's form: a
device's facts with the registration's names, so above both areas."""

from __future__ import annotations

from terminal_shop.services.notifications.content import Content
from terminal_shop.services.notifications.emails import typed
from terminal_shop.services.registrations.views import RegistrationFacts


def device_activated(reg: RegistrationFacts, model: str, serial: str, detail: str, sign_in: str) -> Content:
    return Content(
        f"EDC Anda aktif: {model} SN {serial}",
        f"Halo {typed(reg.nama_lengkap)},",
        [
            f"Perangkat {model} dengan SN {serial} untuk {typed(reg.nama_usaha)} sudah aktif dan siap menerima pembayaran.",
            f"Data aktivasi: {detail}.",
            "Simpan email ini: TID dan MID diperlukan bila Anda menghubungi bank atau tim kami.",
            "Transaksi, settlement dan perangkat Anda terlihat di akun Anda: masuk dengan kode yang kami kirim ke email ini.",
        ],
        ("Masuk ke akun Anda", sign_in),
    )


def device_status(reg: RegistrationFacts, model: str, serial: str, status: str, reason: str) -> Content:
    """A later change of a merchant's terminal (suspended, active again, returned, broken)."""
    return Content(
        f"Status EDC Anda: {status} ({model} SN {serial})",
        f"Halo {typed(reg.nama_lengkap)},",
        [
            f"Status perangkat {model} dengan SN {serial} untuk {typed(reg.nama_usaha)} sekarang: {status}.",
            f"Keterangan: {reason}.",
            "Ada pertanyaan? Balas email ini atau hubungi kami lewat WhatsApp.",
        ],
    )
