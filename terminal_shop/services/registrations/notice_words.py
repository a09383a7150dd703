"""What an applicant and a merchant are told of their registration and their payout account, in
no channel's form (notifications/content.py); `typed` keeps a stranger's link out of what a person typed."""

from __future__ import annotations

from sqlmodel import Session

from terminal_shop import rules
from terminal_shop.services import working_days
from terminal_shop.services.notifications.channels import Notice
from terminal_shop.services.notifications.content import Content
from terminal_shop.services.notifications.emails import FIX_VALID, typed


def registration_received(s: Session, n: Notice) -> Content:
    reg, status = n.about, n.values["status_link"]
    due = working_days.spoken(working_days.review_due(working_days.today_wib()))
    return Content(
        "Pendaftaran merchant diterima",
        f"Halo {typed(reg.nama_lengkap)},",
        [
            f"Pendaftaran {typed(reg.nama_usaha)} sudah kami terima.",
            f"Tim kami memverifikasi data dan dokumen Anda dalam {rules.REGISTRATION_REVIEW}, paling lambat {due}.",
            "Ikuti statusnya kapan saja lewat tautan di bawah ini.",
        ],
        ("Lihat status pendaftaran", status),
    )


def registration_approved(s: Session, n: Notice) -> Content:
    reg, sign_in = n.about, n.values["sign_in"]
    return Content(
        "Pendaftaran merchant disetujui",
        f"Halo {typed(reg.nama_lengkap)},",
        [
            f"Selamat, pendaftaran {typed(reg.nama_usaha)} sudah kami setujui.",
            "Tim kami akan menghubungi Anda untuk aktivasi perangkat dan akun.",
            "Pesanan, perangkat dan transaksi Anda ada di akun Anda: masuk dengan kode yang kami kirim ke email ini.",
        ],
        ("Masuk ke akun Anda", sign_in),
    )


def registration_rejected(s: Session, n: Notice) -> Content:
    reg, reason, fix_link = n.about, n.values["reason"], n.values["fix_link"]
    return Content(
        "Pendaftaran merchant belum dapat disetujui",
        f"Halo {typed(reg.nama_lengkap)},",
        [
            f"Maaf, pendaftaran {typed(reg.nama_usaha)} belum dapat kami setujui.",
            f"Alasan: {reason or 'tidak disebutkan'}",
            f"Perbaiki data atau dokumen yang kami tandai lewat tautan di bawah ini (berlaku {FIX_VALID}, "
            "sekali pakai). Data lain tetap tersimpan; Anda tidak perlu mendaftar ulang.",
        ],
        ("Perbaiki pendaftaran", fix_link),
    )


def payout_account(s: Session, n: Notice) -> Content:
    """To the owner, at each step of a request for a new payout account; while it is open, how
    to stop it (registrations/payout_account.py)."""
    reg, values = n.about, n.values
    paragraphs = [values["said"], *([values["stop"]] if values["stop"] else [])]
    return Content(
        f"Ganti rekening pencairan: {values['step']}",
        f"Halo {typed(reg.nama_lengkap)},",
        paragraphs,
        ("Buka halaman Pencairan", values["link"]),
    )
