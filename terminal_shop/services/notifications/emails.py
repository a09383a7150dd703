"""E-mails in Indonesian, plain text and HTML from the same paragraphs (`compose`), and the
ones an area sends itself (a sign-in code, an admin's invitation, an applicant's status or fix
link); what events tell people is services/messages/.

Each function returns an outbox.Mail; the callers enqueue it in the transaction of the
change it tells of. Everything a person typed is escaped in the HTML part. An applicant is
any object with their e-mail, name and business name (no area's table is imported here).
"""

from __future__ import annotations

import re
from datetime import datetime
from html import escape
from typing import Protocol

from terminal_shop import routes, rules
from terminal_shop.formats import wib
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.notifications.content import Content
from terminal_shop.services.notifications.outbox import Mail


class Applicant(Protocol):
    email: str
    nama_lengkap: str
    nama_usaha: str
    rejection_reason: str | None


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


def email(to: str, content: Content) -> Mail:
    """The e-mail template: plain text and HTML from the same paragraphs, the link as a button."""
    foot_text, foot_html = _footer()
    text = [content.greeting, "", *[p + "\n" for p in content.lines if p]]
    html = [f"<p>{escape(content.greeting)}</p>", *[f"<p>{escape(p)}</p>" for p in content.lines if p]]
    if content.link:
        label, url = content.link
        text.append(f"{label}: {url}\n")
        html.append(f'<p><a href="{escape(url)}">{escape(label)}</a></p>')
    text.append(foot_text)
    html.append(foot_html)
    brand = escape(get_settings().brand_name)
    body = f'<!doctype html><html lang="id"><body style="font-family:sans-serif"><h2>{brand}</h2>{"".join(html)}</body></html>'
    return Mail(
        to, f"{get_settings().brand_name}: {content.title}", "\n".join(text), body,
        content.picture, content.document, content.document_name,
    )  # fmt: skip


def compose(to: str, subject: str, greeting: str, paragraphs: list[str], link: tuple[str, str] | None = None) -> Mail:
    """An e-mail an area sends itself (a code, an invitation): no notice, the same template."""
    return email(to, Content(subject, greeting, paragraphs, link))


def registration_fix_requested(reg: Applicant, fix_link: str) -> Mail:
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


def registration_status_link(reg: Applicant, link: str) -> Mail:
    return compose(
        reg.email,
        "Status pendaftaran merchant",
        f"Halo {typed(reg.nama_lengkap)},",
        [
            f"Anda (atau seseorang) meminta status pendaftaran {typed(reg.nama_usaha)}. Lihat statusnya lewat tautan di bawah ini."
        ],
        ("Lihat status pendaftaran", link),
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


def team_invitation(to: str, business: str, role_label: str, outlets: str, invited_by: str, link: str,
                    expires: datetime) -> Mail:  # fmt: skip
    """An owner's invitation to their team on /akun (issue 49.2): the one-time link."""
    return compose(
        to,
        f"Undangan tim {business}",
        "Halo,",
        [
            f"{invited_by} mengundang Anda bergabung di tim {business} sebagai {role_label} (outlet: {outlets}).",
            f"Buka tautan di bawah ini, lalu masuk dengan kode yang dikirim ke alamat email ini. "
            f"Tautan hanya bisa dipakai sekali dan berlaku sampai {wib(expires)}.",
            "Jika Anda tidak mengenal pengirimnya, abaikan email ini.",
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


def payout_account_code(to: str, business: str, account: str, code: str) -> Mail:
    """The code that confirms a request for a new payout account (registrations/payout_account.py)."""
    return compose(
        to,
        "Kode konfirmasi ganti rekening pencairan",  # not in the subject: the back office lists subjects
        "Halo,",
        [
            f"Ada permintaan mengganti rekening pencairan {typed(business)} ke {account}.",
            f"Kode konfirmasi: {code}",
            f"Masukkan kode ini di halaman Pencairan akun Anda. Kode berlaku "
            f"{rules.minutes(rules.ACCOUNT_CHANGE_CODE_VALID)}. Jangan berikan kode ini kepada siapa pun, termasuk "
            "yang mengaku dari tim kami.",
            'Bukan Anda? Jangan masukkan kode ini: buka halaman Pencairan dan pilih "Batalkan permintaan", lalu '
            "hubungi kami. Rekening Anda tidak berubah tanpa kode ini.",
        ],
        ("Buka halaman Pencairan", get_settings().public_url + routes.ACCOUNT_PAYOUTS),
    )
