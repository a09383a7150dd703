"""Fixed marketing texts of the public pages (the catalogue holds product facts)."""

from __future__ import annotations

from terminal_shop import routes, rules
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.transactions import mdr

BRAND = get_settings().brand_name

HERO_SLIDES: tuple[dict[str, str], ...] = (
    {
        "title": "EDC Premium untuk Merchant Profesional",
        "text": "PAX A920 Pro: terminal Android dengan printer thermal untuk kartu, tap dan QRIS.",
        "link": routes.LEGACY_PRODUCT.format(slug="a920"),
        "image": "/products/a920.svg",
        "image_alt": "Terminal EDC PAX A920 Pro",
    },
    {
        "title": "Kemudahan Transaksi UnionPay di Tangan Anda",
        "text": "D210 UnionPay: terminal kartu 4G yang ringkas, siap dibawa ke mana saja.",
        "link": routes.LEGACY_PRODUCT.format(slug="d210"),
        "image": "/products/d210.svg",
        "image_alt": "Terminal EDC D210 UnionPay",
    },
    {
        "title": "Notifikasi Pembayaran Otomatis, Langsung di Kasir Anda",
        "text": "Soundbox mengumumkan setiap pembayaran QRIS dengan suara, tanpa biaya langganan.",
        "link": routes.LEGACY_PRODUCT.format(slug="soundbox"),
        "image": "/products/soundbox.svg",
        "image_alt": "Soundbox QRIS",
    },
    {
        "title": f"Pengajuan EDC & QRIS Mudah, Cepat, dan Aman bersama {BRAND}",
        "text": f"Daftar 100% online dalam tiga langkah. Tim kami memverifikasi dalam {rules.REGISTRATION_REVIEW}.",
        "link": routes.REGISTER,
        "image": "/products/a920.svg",
        "image_alt": "Terminal EDC PAX A920 Pro",
    },
)

BENEFITS: tuple[tuple[str, str, str], ...] = (
    ("layout-dashboard", "Dashboard Real Time", "Pantau setiap transaksi saat itu juga, dari ponsel atau komputer."),
    ("receipt-text", "MDR Transparan", "Biaya per transaksi jelas sejak awal. Tanpa biaya langganan tersembunyi."),
    ("zap", "Pengajuan Cepat", "Pengajuan 100% online: isi data, unggah dokumen, selesai."),
    ("calendar-check", "Settlement H+1", "Dana masuk ke rekening Anda pada hari kerja berikutnya."),
)

# Pricing terms, made from the MDR table (services/transactions/mdr.py): QRIS 0% / 0,3% applies
# to micro merchants (docs/decisions.md, Catalogue).
FEES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "PAX A920 Pro",
        (
            f"Kartu debit sampai {mdr.rupiah_text(mdr.A920_DEBIT_UP_TO.up_to or 0)}: biaya admin {mdr.rate_text(mdr.A920_DEBIT_UP_TO)}",
            f"Kartu debit di atas {mdr.rupiah_text(mdr.A920_DEBIT_UP_TO.up_to or 0)}: {mdr.rate_text(mdr.A920_DEBIT_ABOVE)}",
            f"Kartu kredit: MDR flat {mdr.rate_text(mdr.A920_CREDIT)} tanpa batas nominal",
            f"Aktivasi gratis dan garansi perangkat {rules.warranty(get_settings().warranty_months)}",
        ),
    ),
    ("D210 UnionPay", (f"Semua transaksi kartu: MDR flat {mdr.rate_text(mdr.D210_CARDS)}", "Aktivasi gratis")),
    (
        "QRIS (Soundbox dan semua terminal)",
        (
            f"Transaksi sampai {mdr.rupiah_text(mdr.QRIS_MICRO_UP_TO.up_to or 0)}: MDR {mdr.rate_text(mdr.QRIS_MICRO_UP_TO)} untuk usaha mikro",
            f"Transaksi di atas {mdr.rupiah_text(mdr.QRIS_MICRO_UP_TO.up_to or 0)}: MDR {mdr.rate_text(mdr.QRIS_MICRO_ABOVE)} untuk usaha mikro",
            "Tanpa biaya langganan bulanan",
        ),
    ),
)  # fmt: skip

SETTLEMENT_NOTE = "Settlement H+1 hari kerja. Sabtu, Minggu dan hari libur nasional bukan hari kerja."

FAQ: tuple[tuple[str, str], ...] = (
    (
        "Apa saja syarat pendaftaran merchant?",
        "Foto KTP, foto selfie dengan KTP, dan foto usaha/toko. Foto KK dan foto barang dagangan "
        "membantu verifikasi tetapi tidak wajib. NIB atau NPWP boleh dikosongkan.",
    ),
    (
        "Berapa lama proses verifikasi?",
        f"Tim kami memverifikasi pendaftaran dalam {rules.REGISTRATION_REVIEW} dan menghubungi Anda lewat email "
        "atau WhatsApp.",
    ),
    (
        "Kapan dana transaksi masuk ke rekening?",
        "Settlement H+1: dana masuk pada hari kerja berikutnya. Transaksi hari Jumat masuk hari Senin.",
    ),
    (
        "Apakah ada biaya bulanan?",
        "Tidak ada biaya langganan. Anda hanya membayar MDR per transaksi sesuai tabel biaya di atas.",
    ),
    (
        "Bagaimana cara membayar pesanan perangkat?",
        "Transfer ke rekening BCA kami atau bayar dengan QRIS, lalu unggah bukti pembayaran. " + rules.PAYMENT_PROMISE,
    ),
    ("Bisakah perangkat dikembalikan?", rules.RETURN_TERMS),
)

HOME_DESCRIPTION = (
    f"{BRAND}: mesin EDC PAX A920 Pro, D210 UnionPay dan Soundbox QRIS untuk merchant Indonesia. "
    "Daftar online, MDR transparan, settlement H+1."
)
