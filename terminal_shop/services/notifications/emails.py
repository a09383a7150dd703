"""The e-mails applicants, merchants, invited admins and people signing in receive, in
Indonesian, plain text and HTML (a buyer's order e-mails are order_mails.py's, built with
`compose` here).

Each function returns an outbox.Mail; the callers enqueue it in the transaction of the
change it tells of. Everything a person typed is escaped in the HTML part.
"""

from __future__ import annotations

import re
from datetime import datetime
from html import escape

from terminal_shop import rules
from terminal_shop.formats import wib
from terminal_shop.infra.settings import get_settings
from terminal_shop.services import working_days
from terminal_shop.services.notifications.outbox import Mail
from terminal_shop.services.registrations.tables import MerchantRegistration

TYPED_MAX = 60  # characters of a name a visitor typed that an e-mail repeats
_LINK_LIKE = re.compile(r"(?<=[\w/])[.:@](?=[\w/])")


FIX_VALID = rules.days(rules.FIX_LINK_VALID)


def typed(text: str) -> str:
    """A name as a visitor typed it, as e-mails repeat it: one line, at most TYPED_MAX
    characters, and never a link or an address a mail program would make clickable
    ('evil.example' becomes 'evil․example'): the shop's e-mails carry no stranger's link."""
    one_line = " ".join(str(text or "").split())
    short = one_line if len(one_line) <= TYPED_MAX else one_line[: TYPED_MAX - 1].rstrip() + "…"
    return _LINK_LIKE.sub(lambda m: {".": "․", ":": "ː", "@": "＠"}[m.group(0)], short)


def _footer() -> tuple[str, str]:
    s = get_settings()
    text = f"Salam,\nTim {s.brand_name}\nEmail: {s.support_email} · WhatsApp: {s.whatsapp_display} ({s.whatsapp_url})"
    html = (
        f"<p>Salam,<br>Tim {escape(s.brand_name)}<br>"
        f'Email: <a href="mailto:{escape(s.support_email)}">{escape(s.support_email)}</a> · '
        f'WhatsApp: <a href="{escape(s.whatsapp_url)}">{escape(s.whatsapp_display)}</a></p>'
    )
    return text, html


def compose(
    to: str,
    subject: str,
    greeting: str,
    paragraphs: list[str],
    link: tuple[str, str] | None = None,
    png: bytes | None = None,
) -> Mail:
    """Plain text and HTML from the same paragraphs; `link` is (label, absolute URL)."""
    foot_text, foot_html = _footer()
    text = [greeting, "", *[p + "\n" for p in paragraphs]]
    html = [f"<p>{escape(greeting)}</p>", *[f"<p>{escape(p)}</p>" for p in paragraphs]]
    if link:
        text.append(f"{link[0]}: {link[1]}\n")
        html.append(f'<p><a href="{escape(link[1])}">{escape(link[0])}</a></p>')
    text.append(foot_text)
    html.append(foot_html)
    brand = escape(get_settings().brand_name)
    body = f'<!doctype html><html lang="id"><body style="font-family:sans-serif"><h2>{brand}</h2>{"".join(html)}</body></html>'
    return Mail(to, f"{get_settings().brand_name}: {subject}", "\n".join(text), body, png)


def device_activated(reg: MerchantRegistration, model: str, serial: str, detail: str, sign_in: str) -> Mail:
    return compose(
        reg.email,
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


def registration_received(reg: MerchantRegistration, status: str) -> Mail:
    due = working_days.spoken(working_days.review_due(working_days.today_wib()))
    return compose(
        reg.email,
        "Pendaftaran merchant diterima",
        f"Halo {typed(reg.nama_lengkap)},",
        [
            f"Pendaftaran {typed(reg.nama_usaha)} sudah kami terima.",
            f"Tim kami memverifikasi data dan dokumen Anda dalam {rules.REGISTRATION_REVIEW}, paling lambat {due}.",
            "Ikuti statusnya kapan saja lewat tautan di bawah ini.",
        ],
        ("Lihat status pendaftaran", status),
    )


def registration_approved(reg: MerchantRegistration, sign_in: str) -> Mail:
    return compose(
        reg.email,
        "Pendaftaran merchant disetujui",
        f"Halo {typed(reg.nama_lengkap)},",
        [
            f"Selamat, pendaftaran {typed(reg.nama_usaha)} sudah kami setujui.",
            "Tim kami akan menghubungi Anda untuk aktivasi perangkat dan akun.",
            "Pesanan, perangkat dan transaksi Anda ada di akun Anda: masuk dengan kode yang kami kirim ke email ini.",
        ],
        ("Masuk ke akun Anda", sign_in),
    )


def registration_rejected(reg: MerchantRegistration, reason: str, fix_link: str) -> Mail:
    return compose(
        reg.email,
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


def registration_fix_requested(reg: MerchantRegistration, fix_link: str) -> Mail:
    return compose(
        reg.email,
        "Pendaftaran baru dengan data Anda",
        f"Halo {typed(reg.nama_lengkap)},",
        [
            f"Kami menerima pendaftaran baru dengan email dan nomor HP pendaftaran {typed(reg.nama_usaha)}, "
            "yang sebelumnya belum dapat kami setujui.",
            f"Alasan penolakan waktu itu: {reg.rejection_reason or 'tidak disebutkan'}",
            "Demi keamanan, data Anda tidak kami ganti dari formulir baru. Perbaiki pendaftaran Anda lewat "
            f"tautan di bawah ini (berlaku {FIX_VALID}, sekali pakai). Jika bukan Anda yang mendaftar, abaikan email ini.",
        ],
        ("Perbaiki pendaftaran", fix_link),
    )


def registration_status_link(reg: MerchantRegistration, link: str) -> Mail:
    return compose(
        reg.email,
        "Status pendaftaran merchant",
        f"Halo {typed(reg.nama_lengkap)},",
        [
            f"Anda (atau seseorang) meminta status pendaftaran {typed(reg.nama_usaha)}. Lihat statusnya lewat tautan di bawah ini."
        ],
        ("Lihat status pendaftaran", link),
    )


def data_request(admin_email: str, what: str, link: str, due: datetime) -> Mail:
    """To each admin: a data subject's request, with the legal deadline (UU 27/2022)."""
    return compose(
        admin_email,
        f"{what}: jawab sebelum {wib(due)}",
        "Halo,",
        [
            f"Pemilik data mengajukan permintaan: {what}.",
            f"Batas waktu menjawab: {wib(due)} ({rules.working_days(rules.DATA_REQUEST_ANSWER)}, UU 27/2022).",
        ],
        ("Buka datanya di back office", link),
    )


def admin_invitation(to: str, role_label: str, invited_by: str, link: str, expires: datetime) -> Mail:
    """The owner's invitation to the back office: the one-time link, valid until `expires`."""
    return compose(
        to,
        "Undangan akun admin",
        "Halo,",
        [
            f"{invited_by} mengundang Anda menjadi admin {get_settings().brand_name} dengan peran {role_label}.",
            f"Buka tautan di bawah ini untuk memilih password dan mengatur verifikasi dua langkah (2FA). "
            f"Tautan hanya bisa dipakai sekali dan berlaku sampai {wib(expires)}.",
            "Jika Anda tidak merasa diundang, abaikan email ini.",
        ],
        ("Terima undangan", link),
    )


def sign_in_code(to: str, code: str) -> Mail:
    return compose(
        to,
        f"Kode masuk {code}",
        "Halo,",
        [
            f"Kode masuk Anda: {code}",
            f"Kode berlaku {rules.minutes(rules.SIGN_IN_CODE_VALID)} dan hanya untuk sekali masuk. Jangan berikan kode ini kepada siapa pun,"
            " termasuk yang mengaku dari tim kami.",
            "Tidak merasa meminta kode? Abaikan email ini: tanpa kode, tidak ada yang bisa masuk.",
        ],
    )


def device_status(reg: MerchantRegistration, model: str, serial: str, status: str, reason: str) -> Mail:
    """A later change of a merchant's terminal (suspended, active again, returned, broken)."""
    return compose(
        reg.email,
        f"Status EDC Anda: {status} ({model} SN {serial})",
        f"Halo {typed(reg.nama_lengkap)},",
        [
            f"Status perangkat {model} dengan SN {serial} untuk {typed(reg.nama_usaha)} sekarang: {status}.",
            f"Keterangan: {reason}.",
            "Ada pertanyaan? Balas email ini atau hubungi kami lewat WhatsApp.",
        ],
    )
