"""The privacy policy's text (UU 27/2022), in one place: /privacy shows it, and the consent a
registration records names its version.

VERSION is a hash of the text as written here, so any change of wording gives a new
version; UPDATED is the day it took effect, and a unit test fails until a changed text's
new version and day are written into RECORDED (tests/unit/test_privacy_policy.py).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from terminal_shop import rules
from terminal_shop.infra.settings import get_settings

# (version, the day it took effect): written by hand when the text below changes.
RECORDED = ("43aa744ca3c0", "4 Desember 2026")

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        "",
        "Kebijakan ini menjelaskan data pribadi yang dikumpulkan {brand}, untuk apa, berapa lama disimpan, "
        "siapa yang dapat melihatnya, dan bagaimana Anda memakai hak Anda, sesuai Undang-Undang Nomor 27 "
        "Tahun 2022 tentang Pelindungan Data Pribadi.",
    ),
    (
        "Data yang kami kumpulkan",
        "Pendaftaran merchant: nama lengkap, nomor HP, email, data usaha, NIB/NPWP (jika diisi), data rekening "
        "bank, foto KTP, foto selfie dengan KTP (data pribadi yang bersifat spesifik), foto Kartu Keluarga (jika "
        "diunggah), foto usaha dan foto barang dagangan. Pemesanan perangkat: nama, nomor telepon, email, alamat "
        "pengiriman dan bukti pembayaran. Saat Anda mengirim pendaftaran kami mencatat waktu, alamat jaringan "
        "(IP) dan versi kebijakan ini yang Anda setujui.",
    ),
    (
        "Untuk apa data dipakai",
        "Untuk memverifikasi identitas dan usaha Anda (kewajiban mengenal nasabah dalam layanan pembayaran), "
        "menyalurkan dana settlement ke rekening Anda, memproses dan mengirim pesanan, serta menghubungi Anda "
        "tentang pendaftaran dan pesanan. Kami tidak menjual data Anda.",
    ),
    (
        "Berapa lama disimpan",
        "Dokumen dan data identitas pendaftaran yang ditolak dan tidak diperbaiki: {rejected_days} hari setelah "
        "penolakan. Percobaan pemesanan atau pendaftaran yang tidak dikirim: {abandoned_days} hari. Data "
        "identitas merchant: selama Anda menjadi merchant dan {ended_years} tahun setelah hubungan usaha "
        "berakhir (kewajiban anti pencucian uang). Pesanan dan bukti pembayaran: {records_years} tahun sebagai "
        "catatan keuangan perusahaan. Setelah masa itu, dokumen dihapus dan data pribadi dikosongkan; yang "
        "tersisa hanya angka dan tanggal tanpa identitas.",
    ),
    (
        "Siapa yang dapat melihatnya",
        "Hanya petugas admin kami yang memverifikasi pendaftaran dan pembayaran. Dokumen disimpan secara privat "
        "dan hanya dibuka lewat tautan sementara; setiap kali dokumen atau bukti dibuka, kami mencatat siapa dan "
        "kapan. Data dibagikan kepada bank atau prinsipal pembayaran hanya sejauh diperlukan untuk mengaktifkan "
        "layanan Anda.",
    ),
    (
        "Hak Anda",
        "Anda berhak mendapatkan salinan data Anda beserta riwayat pemrosesannya, memperbaikinya, meminta "
        f"penghapusannya, dan menarik persetujuan. Kami menjawab dalam {rules.working_days(rules.DATA_REQUEST_ANSWER)}. Jika ada kewajiban hukum untuk "
        "menyimpan data, data tersebut kami batasi (tidak diproses dan tidak ditampilkan) sampai kewajiban itu "
        "berakhir, lalu dihapus.",
    ),
    (
        "Cara memakai hak Anda",
        "Merchant dapat meminta dari halaman status pendaftarannya (tautan di email pendaftaran). Siapa pun dapat "
        "mengirim permintaan ke {support_email} dengan menyebut email dan nomor HP atau nomor pesanan yang "
        "dipakai.",
    ),
    (
        "Petugas pelindungan data dan insiden",
        "Pertanyaan tentang data pribadi Anda dijawab petugas pelindungan data kami: {dpo_name}, {dpo_email}. "
        "Jika terjadi kegagalan pelindungan data pribadi yang menyangkut data Anda, kami memberi tahu Anda "
        "secara tertulis paling lambat 3x24 jam sejak kami mengetahuinya: data yang terungkap, kapan dan "
        "bagaimana, dan upaya penanganan serta pemulihannya (Pasal 46).",
    ),
)

VERSION = hashlib.sha256(repr(SECTIONS).encode()).hexdigest()[:12]
UPDATED = RECORDED[1]


@dataclass(frozen=True)
class Consent:
    """An applicant's agreement as the server received it; None where it was not given."""

    address: str
    version: str = VERSION
    whatsapp: bool = False  # also ticked "Kirim info pesanan lewat WhatsApp" (services/notifications/consent.py)


def sections() -> list[tuple[str, str]]:
    """The text with this site's names and retention periods filled in."""
    s = get_settings()
    names = {
        "brand": s.brand_name,
        "support_email": s.support_email,
        "dpo_name": s.dpo_name,
        "dpo_email": s.dpo_email,
        "rejected_days": s.retention_rejected_days,
        "abandoned_days": s.retention_abandoned_days,
        "ended_years": s.retention_ended_years,
        "records_years": s.retention_records_years,
    }
    return [(heading, text.format(**names)) for heading, text in SECTIONS]
