"""A return's words: its steps, why a buyer returns, what they want back, why one is refused."""

from __future__ import annotations

from terminal_shop import rules
from terminal_shop.infra import rate_limits
from terminal_shop.vocabulary import Term


class ReturnStep(Term):
    ASKED = "diajukan", "Diajukan", "amber"
    APPROVED = "disetujui", "Disetujui: menunggu penjemputan", "blue"
    REFUSED = "ditolak", "Ditolak", "red"
    RECEIVED = "diterima", "Unit diterima", "indigo"
    REFUNDED = "dana-kembali", "Dana dikembalikan", "emerald"
    EXCHANGED = "ditukar", "Unit pengganti dikirim", "emerald"


OPEN_STEPS = (ReturnStep.ASKED.value, ReturnStep.APPROVED.value, ReturnStep.RECEIVED.value)
# What the buyer reads next, at each step (the order page and every message say it).
NEXT: dict[ReturnStep, str] = {
    ReturnStep.ASKED: "Tim kami memeriksa permintaan Anda dalam 1 hari kerja.",
    ReturnStep.APPROVED: "Kurir menjemput unit di alamat pengiriman. Kemas unit beserta kelengkapannya.",
    ReturnStep.REFUSED: "Ada pertanyaan? Balas email ini atau hubungi kami lewat WhatsApp.",
    ReturnStep.RECEIVED: "Kami memproses pengembalian dana atau unit pengganti dalam 2 hari kerja.",
    ReturnStep.REFUNDED: "Dana ditransfer ke rekening yang Anda berikan; nota kredit ada di halaman pesanan.",
    ReturnStep.EXCHANGED: "Unit pengganti dalam perjalanan: lacak dengan nomor resi di halaman pesanan.",
}


class ReturnReason(Term):
    DAMAGED = "rusak", "Rusak saat diterima"
    WRONG = "tidak-sesuai", "Tidak sesuai pesanan"
    CHANGED_MIND = "berubah-pikiran", "Berubah pikiran (unit belum dipakai)"


class Resolution(Term):
    REFUND = "dana", "Uang kembali"
    EXCHANGE = "tukar", "Tukar unit"


class Destination(Term):
    """Where a unit received back goes."""

    STOCK = "stok", "Kembali ke stok"
    REPAIR = "perbaikan", "Perlu perbaikan"


class ReturnRefusal(Term):
    NOT_FOUND = "retur-tidak-ada", "Permintaan retur tidak ditemukan"
    NOT_DELIVERED = "belum-diterima", "Retur dapat diajukan setelah pesanan diterima"
    WINDOW = "lewat-batas", f"Batas pengajuan retur {rules.RETURN_WINDOW} setelah pesanan diterima sudah lewat"
    REASON = "alasan-retur", "Pilih alasan retur"
    UNITS = "unit-retur", "Pilih unit (SN) yang dikembalikan"
    UNIT_TAKEN = "unit-diretur", "Unit {serial} sudah diajukan retur"
    USED = (
        "unit-aktif",
        "Unit {serial} sudah aktif dipakai: retur karena berubah pikiran hanya untuk unit yang belum dipakai",
    )
    CHANGED_MIND_REFUND = "berubah-pikiran-tukar", "Retur karena berubah pikiran hanya dengan uang kembali"
    RESOLUTION = "penyelesaian", "Pilih uang kembali atau tukar unit"
    BANK = "bank-retur", "Pilih bank tujuan pengembalian dana"
    ACCOUNT = "rekening-retur", "Nomor rekening harus 6-20 angka"
    HOLDER = "pemilik-retur", "Nama pemilik rekening wajib diisi"
    PHOTOS = "foto-retur", f"Lampirkan 1-{rules.RETURN_PHOTOS} foto unit (JPG atau PNG)"
    STEP = "langkah-retur", "Retur berstatus {step} tidak dapat {to}"
    WHY = "alasan-tolak", "Tulis alasan penolakan (dibaca pembeli)"
    COURIER = "kurir-retur", "Pilih kurir penjemputan"
    RESI = "resi-retur", "Nomor resi harus 8-30 huruf atau angka"
    SERIAL = "sn-retur", "SN {serial} bukan unit retur ini"
    SERIAL_AGAIN = "sn-retur-ganda", "Unit {serial} sudah diterima"
    REFERENCE = "referensi-transfer", "Isi nomor referensi transfer pengembalian dana"
    EXCHANGE_COUNT = "jumlah-pengganti", "Isi {wanted} SN pengganti dari stok"
    TOO_MANY = "retur-terlalu-sering", rate_limits.TOO_MANY_TEXT
