"""A merchant registration's words: its statuses, the wizard's choices (business types,
premises, banks), its documents, what a rejected applicant corrects, why one is refused."""

from __future__ import annotations

from terminal_shop import rules
from terminal_shop.infra import rate_limits
from terminal_shop.services.validation import MSG_EMAIL_FORMAT
from terminal_shop.vocabulary import Term


class RegistrationStatus(Term):
    PENDING = "pending", "Pending", "amber"
    APPROVED = "approved", "Approved", "emerald"
    REJECTED = "rejected", "Rejected", "red"


class BusinessType(Term):
    """Jenis usaha."""

    RETAIL = "retail", "Retail / Toko Kelontong"
    FNB = "fnb", "Makanan & Minuman (F&B)"
    MINIMARKET = "minimarket", "Minimarket"
    ONLINE_SHOP = "online-shop", "Toko Online"
    OTHER = "lainnya", "Lainnya"


class Premises(Term):
    """Tempat usaha."""

    OWNED = "milik-sendiri", "Milik Sendiri"
    RENTED = "sewa", "Sewa"


class Bank(Term):
    """Banks for the merchant's settlement account; stored as the name people read."""

    MANDIRI = "Bank Mandiri"
    BCA = "Bank BCA"
    BRI = "Bank BRI"
    BNI = "Bank BNI"
    CIMB_NIAGA = "Bank CIMB Niaga"
    DANAMON = "Bank Danamon"
    PERMATA = "Bank Permata"
    BTN = "Bank BTN"
    MAYBANK = "Bank Maybank"
    OCBC_NISP = "Bank OCBC NISP"
    OTHER = "Lainnya"


class DocumentKind(Term):
    """The registration's documents, in the order the wizard asks for them.

    The value is the folder in storage; the record keeps the key in `column`.
    """

    KTP = "ktp", "Foto KTP"
    SELFIE = "selfie", "Foto selfie dengan KTP"
    KK = "kk", "Foto Kartu Keluarga (KK)"
    SHOP = "usaha", "Foto usaha/toko"
    GOODS = "barang", "Foto barang dagangan"

    @property
    def column(self) -> str:
        return f"foto_{self.value}_url"

    @property
    def required(self) -> bool:
        return self in _REQUIRED_DOCUMENTS


class FixGroup(Term):
    """What a rejected applicant is asked to correct: a group of the wizard's fields."""

    PERSON = "data-diri", "Data Diri"
    BUSINESS = "data-usaha", "Data Usaha"
    BANK = "data-bank", "Data Bank"


class RegistrationRefusal(Term):
    """Why a registration was refused. The code travels (the route's answer, the failure
    page's link); the label is what the applicant reads."""

    UNKNOWN = "galat", "Terjadi kesalahan saat memproses pendaftaran Anda."
    INVALID = "data", "Data pendaftaran belum lengkap atau tidak valid. Periksa kembali formulir Anda."
    NO_CONSENT = (
        "persetujuan",
        "Persetujuan diperlukan: centang pernyataan bahwa data Anda benar dan Anda menyetujui Kebijakan Privasi.",
    )
    DUPLICATE = (
        "terdaftar",
        "Email atau nomor HP sudah terdaftar. Silakan gunakan email/nomor HP yang berbeda atau hubungi admin.",
    )
    REJECTED = (
        "ditolak",
        "Email dan nomor HP ini sudah pernah didaftarkan dan pendaftarannya ditolak. Data lama tidak diganti dari "
        "formulir baru: kami mengirim tautan perbaikan ke email yang terdaftar.",
    )
    FAILED = "gagal", "Gagal mengirim pendaftaran. Silakan coba lagi."


_REQUIRED_DOCUMENTS = frozenset({DocumentKind.KTP, DocumentKind.SELFIE, DocumentKind.SHOP})


class ChangeRefusal(Term):
    """Why a registration may not be changed; the label is the admin's text (issue 35.8)."""

    ERASED = "dihapus", "Data dihapus: catatan ini tidak dapat diubah lagi."
    RESTRICTED = (
        "dibatasi",
        "Data dibatasi atas permintaan pemiliknya: catatan ini tidak dapat diubah selama masa simpannya.",
    )
    UNKNOWN_STATUS = "status", "Status tidak dikenal"
    REASON_MISSING = "alasan", "Isi alasan penolakan: pemohon membacanya di email"
    ALREADY = "sudah", "Pendaftaran sudah {status}"
    KEPT_BY_LAW = (
        "wajib-disimpan",
        "Merchant yang sudah disetujui tidak dapat ditolak: identitasnya wajib disimpan sampai {years} "
        'setelah hubungan usaha berakhir. Gunakan "Tandai berhenti" bila hubungan usaha berakhir.',
    )


class DetailRefusal(Term):
    """What is wrong with a field of the wizard (and of the admin's edit form, which checks the
    same); the label is what the applicant reads. A required field left empty says the words
    written on its definition (registrations/fields.FIELDS: `missing`)."""

    MISSING = "kosong", "Wajib diisi"
    TOO_LONG = "terlalu-panjang", "{label} maksimal {longest} karakter"
    PHONE = "hp", "Nomor HP harus nomor ponsel Indonesia yang valid, contoh 0812-3456-7890"
    EMAIL = "email", MSG_EMAIL_FORMAT
    ACCOUNT = "rekening", "Nomor rekening hanya boleh berisi angka"
    DOCUMENT = "dokumen", "{label} wajib diupload"


class FixRefusal(Term):
    """Why a correction was refused; the label is what the applicant reads."""

    LINK = (
        "tautan",
        f"Tautan perbaikan tidak berlaku: sudah dipakai, sudah lewat {rules.days(rules.FIX_LINK_VALID)}, "
        "atau tidak lengkap.",
    )
    NO_CONSENT = RegistrationRefusal.NO_CONSENT.value, RegistrationRefusal.NO_CONSENT.label
    INVALID = RegistrationRefusal.INVALID.value, RegistrationRefusal.INVALID.label  # words: the field's own
    DOCUMENT = "dokumen", "{label} baru wajib diunggah"
    BUSY = "batas", rate_limits.TOO_MANY_TEXT
    STORAGE = "simpan", "Gagal menyimpan dokumen. Silakan coba lagi."


class AccountChangeStep(Term):
    """Where a request for a new payout account is (issue 61.4; registrations/payout_account.py)."""

    CODE = "kode", "Menunggu kode konfirmasi", "amber"
    REVIEW = "periksa", "Menunggu pemeriksaan tim", "amber"
    WAITING = "disetujui", "Disetujui, menunggu masa tunggu", "blue"
    APPLIED = "berlaku", "Berlaku", "emerald"
    REFUSED = "ditolak", "Ditolak", "red"
    CANCELLED = "batal", "Dibatalkan", "slate"


class AccountChangeRefusal(Term):
    """Why a payout account change was refused; the label is what the owner or the admin reads."""

    OPEN = (
        "berjalan",
        "Masih ada permintaan ganti rekening yang berjalan. Batalkan dulu bila ingin mengganti tujuannya.",
    )
    SAME = "sama", "Rekening ini sudah menjadi rekening pencairan."
    PROOF = (
        "bukti",
        "Unggah foto buku tabungan atau layar mobile banking yang menunjukkan nomor dan nama pemilik rekening.",
    )
    CODE = "kode", "Kode salah. Periksa email terakhir dari kami."
    CODE_EXPIRED = "kedaluwarsa", "Kode sudah tidak berlaku. Batalkan permintaan ini lalu ajukan lagi."
    NOT_FOUND = "tidak-ada", "Permintaan ganti rekening tidak ditemukan atau sudah selesai."
    NOT_APPROVED = "belum-disetujui", "Rekening pencairan hanya bisa diganti untuk merchant yang sudah disetujui."
    MISMATCH = (
        "nama-beda",
        "Nama pemilik rekening berbeda dengan nama di pendaftaran: tulis alasan Anda menyetujuinya.",
    )
    REASON = "alasan", "Tulis alasan penolakan: pemilik usaha membacanya."
    SELF = "sendiri", "Permintaan yang Anda ajukan sendiri diperiksa dan disetujui admin lain."
    INVALID = "data", "Periksa data rekening baru."  # said in the first wrong field's own words
    TOO_MANY = "batas", f"Sudah {rules.ACCOUNT_CHANGES_PER_DAY} permintaan dalam 24 jam. Coba lagi besok."
