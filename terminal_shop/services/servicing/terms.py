"""The servicing area's words: what is wrong, where a case is, why an act is refused."""

from __future__ import annotations

from terminal_shop.vocabulary import Term


class Problem(Term):
    DEAD = "tidak-menyala", "Tidak menyala"
    OFFLINE = "tidak-terhubung", "Tidak terhubung"
    PRINTER = "kertas", "Kertas/printer"
    CARDS = "kartu", "Kartu ditolak"
    SCREEN = "layar", "Layar/tombol"
    OTHER = "lainnya", "Lainnya"


class CaseStep(Term):
    """(value, what the merchant reads, badge colour)."""

    OPEN = "dilaporkan", "Dilaporkan", "amber"
    CHECKED = "diperiksa", "Diperiksa", "blue"
    SENT = "pengganti-dikirim", "Pengganti dikirim", "indigo"
    PICKED_UP = "unit-lama-dijemput", "Unit lama dijemput", "indigo"
    RECEIVED = "diterima-gudang", "Diterima gudang", "blue"
    DONE = "selesai", "Selesai", "emerald"


OPEN_STEPS = tuple(s.value for s in CaseStep if s is not CaseStep.DONE)

# The courier's collection windows the merchant is offered (WIB), as they read them.
PICKUP_WINDOWS = ("09.00-12.00", "13.00-17.00")
PICKUP_DAYS_AHEAD = 14  # a pickup is booked at most this many days ahead


class ServiceRefusal(Term):
    NOT_FOUND = "tidak-ada", "Perangkat atau kasus tidak ditemukan"
    NOT_SERVICEABLE = "status", "Laporan hanya untuk perangkat yang aktif atau ditangguhkan (status: {status})"
    ALREADY_OPEN = "sudah-ada", "Perangkat ini sudah punya laporan {number} yang sedang ditangani"
    PROBLEM = "masalah", "Pilih masalahnya"
    TEXT = "keterangan", "Ceritakan masalahnya (maksimal 1000 karakter)"
    MEDIA = "media", "Maksimal 3 foto atau 1 video per laporan"
    STEP = "langkah", "Kasus berstatus {step} tidak dapat {act}"
    NOTE = "catatan", "Tulis catatan pemeriksaan"
    COURIER = "kurir", "Pilih kurir dan isi nomor resi"
    CLOSED = "selesai", "Kasus ini sudah selesai"
    NO_BILL = "tanpa-tagihan", "Tagihan tidak ditemukan"
    BILL_PAID = "tagihan-dibayar", "Tagihan ini sudah dibayar atau sedang diverifikasi"
    NOT_DELIVERED = "belum-diterima", "Aktifkan setelah unit pengganti diterima merchant"
    PICKUP = "jemput", "Pilih tanggal (hari kerja, paling lambat 14 hari lagi) dan jam penjemputan"
    UNPAID = "belum-lunas", "Tagihan servis belum lunas: unit pengganti dikirim setelah pembayarannya terverifikasi"
