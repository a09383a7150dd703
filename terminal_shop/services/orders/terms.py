"""An order's words: its statuses (the admin's and the buyer's), its shipping stages and
filters, the list's work queues, how it is paid, why one is refused."""

from __future__ import annotations

from terminal_shop.catalogue import MAX_QTY_PER_LINE
from terminal_shop.infra import rate_limits
from terminal_shop.services.validation import MAX_PHONE_DIGITS, MIN_ADDRESS_CHARS, MIN_PHONE_DIGITS, MSG_EMAIL_FORMAT
from terminal_shop.vocabulary import Term

# A proof of payment of another kind, from the checkout's form or a WhatsApp chat: (title, text).
PROOF_WRONG_TYPE = ("Format file tidak didukung", "Hanya file JPG, PNG, atau PDF yang diperbolehkan")


class OrderStatus(Term):
    PENDING = "pending", "Pending", "amber"
    PAID_REVIEW = "paid_review", "Menunggu Review", "blue"
    CONFIRMED = "confirmed", "Dikonfirmasi", "emerald"
    CANCELLED = "cancelled", "Dibatalkan", "red"


# What a buyer reads of their order's status (the admin's words are the labels above).
BUYER_ORDER_STATUS: dict[OrderStatus, str] = {
    OrderStatus.PENDING: "Menunggu Pembayaran",
    OrderStatus.PAID_REVIEW: "Menunggu Verifikasi",
    OrderStatus.CONFIRMED: "Dikonfirmasi",
    OrderStatus.CANCELLED: "Ditolak",
}


def buyer_status(status: str, fulfilment: str | None) -> str:
    """The one word a buyer reads for an order, wherever it is shown (its page, /akun, the
    lookup): once shipped, the parcel's stage ("Dikirim", "Diterima"), before that the
    payment's (issue 50.7: /akun said "Dikonfirmasi" of a delivered order)."""
    stage = Fulfilment.parse(fulfilment or "")
    if status == OrderStatus.CONFIRMED.value and stage in (Fulfilment.SHIPPED, Fulfilment.DELIVERED):
        return stage.label
    if status == OrderStatus.CONFIRMED.value and stage is Fulfilment.NOTHING:
        return "Lunas"  # a service bill: paid is all there is
    parsed = OrderStatus.parse(status)
    return BUYER_ORDER_STATUS[parsed] if parsed is not None else status


# The only changes an order's status may make (enforced by a conditional update).
ORDER_TRANSITIONS: dict[OrderStatus, tuple[OrderStatus, ...]] = {
    OrderStatus.PAID_REVIEW: (OrderStatus.CONFIRMED, OrderStatus.CANCELLED),
}


class Fulfilment(Term):
    """Where a confirmed order is on its way to the buyer (`orders.fulfilment`; '' = not yet
    packed). Its own field: the SPEC's four statuses keep their meaning."""

    NOT_STARTED = "", "Perlu dikemas", "amber"
    NOTHING = "tanpa-kirim", "Tanpa pengiriman", "slate"  # a service bill (bills.py): no step follows
    PACKED = "packed", "Dikemas", "blue"
    SHIPPED = "shipped", "Dikirim", "indigo"
    DELIVERED = "delivered", "Diterima", "emerald"


# Each step and the steps it may come from (enforced by a conditional update; packing may
# be skipped when the courier picks up at once, e.g. from a bulk upload of resi numbers).
FULFILMENT_FROM: dict[Fulfilment, tuple[Fulfilment, ...]] = {
    Fulfilment.PACKED: (Fulfilment.NOT_STARTED,),
    Fulfilment.SHIPPED: (Fulfilment.NOT_STARTED, Fulfilment.PACKED),
    Fulfilment.DELIVERED: (Fulfilment.SHIPPED,),
}


class FulfilmentFilter(Term):
    """The admin list's shipping filter (?pengiriman=): what is left to do."""

    TO_PACK = "perlu-dikemas", "Perlu dikemas"
    TO_SHIP = "perlu-dikirim", "Perlu dikirim"
    ON_THE_WAY = "dalam-pengiriman", "Dalam pengiriman"
    DELIVERED = "diterima", "Diterima"


FULFILMENT_OF_FILTER: dict[FulfilmentFilter, Fulfilment] = {
    FulfilmentFilter.TO_PACK: Fulfilment.NOT_STARTED,
    FulfilmentFilter.TO_SHIP: Fulfilment.PACKED,
    FulfilmentFilter.ON_THE_WAY: Fulfilment.SHIPPED,
    FulfilmentFilter.DELIVERED: Fulfilment.DELIVERED,
}


class OrderQueue(Term):
    """The orders list's work queues: what waits, and for whom. Each is a filter of the list
    (QUEUE_FILTERS), counted by the same function as the overview's cards."""

    TO_VERIFY = "perlu-diverifikasi", "Perlu diverifikasi"
    TO_PACK = "perlu-dikemas", "Perlu dikemas"
    TO_SHIP = "perlu-dikirim", "Perlu dikirim"
    ON_THE_WAY = "dalam-pengiriman", "Dalam pengiriman"


# (status, shipping filter) of each queue
QUEUE_FILTERS: dict[OrderQueue, tuple[str, str]] = {
    OrderQueue.TO_VERIFY: (OrderStatus.PAID_REVIEW.value, ""),
    OrderQueue.TO_PACK: ("", FulfilmentFilter.TO_PACK.value),
    OrderQueue.TO_SHIP: ("", FulfilmentFilter.TO_SHIP.value),
    OrderQueue.ON_THE_WAY: ("", FulfilmentFilter.ON_THE_WAY.value),
}


class PaymentMethod(Term):
    TRANSFER_BCA = "TRANSFER_BCA", "Transfer Bank BCA"
    QRIS = "QRIS", "QRIS"


class OrderRefusal(Term):
    """Why an order was not made. The code travels (the route's answer, the failure page's
    link); the label is what the buyer reads. UNKNOWN is the SPEC's default reason."""

    UNKNOWN = "galat", "Terjadi kesalahan yang tidak diketahui"
    GENERIC = "umum", "Terjadi kesalahan"
    INVALID = "data", "Data pesanan belum lengkap atau tidak valid. Periksa kembali formulir Anda."
    EMPTY_CART = "keranjang", "Keranjang Anda masih kosong"
    UNKNOWN_PRODUCT = "produk", "Produk tidak dikenal"
    QTY_MIN = "qty", "Minimal qty adalah 1"
    QTY_MAX = "qty-maks", f"Maksimal {MAX_QTY_PER_LINE} unit per produk"
    UNKNOWN_METHOD = "metode", "Metode pembayaran tidak dikenal"
    QRIS_LIMIT = (
        "qris",
        "QRIS hanya untuk transaksi sampai Rp 10.000.000 (ketentuan Bank Indonesia). Silakan gunakan transfer BCA.",
    )
    PROOF_MISSING = "bukti", "Bukti pembayaran wajib diupload"
    # Sent before the confirm page had its attempt's key: without it a resend is a second order.
    NOT_READY = "belum-siap", "Halaman pembayaran belum selesai dimuat. Tunggu sebentar, lalu tekan Kirim Pesanan lagi."
    STORAGE = "simpan", "Gagal menyimpan bukti pembayaran. Silakan coba lagi."
    TOO_MANY = (
        "batas",
        "Terlalu banyak pesanan dengan email atau nomor HP ini dalam satu jam terakhir. "
        "Silakan coba lagi nanti atau hubungi kami.",
    )
    BILL_ALONE = "tagihan", "Tagihan servis dibayar tersendiri, tanpa produk lain di keranjang"
    BILL_TAKEN = "tagihan-lunas", "Tagihan servis ini sudah dibayar atau sedang diverifikasi. Lihat di akun Anda."
    BILL_GONE = "tagihan-berubah", "Tagihan servis ini sudah tidak berlaku. Buka halaman Servis di akun Anda."


class ProofFilter(Term):
    """The admin list's proof filter (?bukti=): orders whose proof of payment looks wrong."""

    SUSPECT = "mencurigakan", "Bukti mencurigakan"


class StepRefusal(Term):
    """Why a fulfilment step was refused; the label is what the admin reads."""

    UNKNOWN_ORDER = "pesanan", "Nomor pesanan tidak dikenal"
    NOT_CONFIRMED = "belum-dikonfirmasi", "Pesanan belum dikonfirmasi"
    WRONG_STEP = "langkah", "Langkah ini tidak berlaku untuk pesanan pada tahap sekarang"
    COURIER = "kurir", "Pilih kurir dari daftar"
    RESI = "resi", "Nomor resi harus 8-30 huruf atau angka"
    RESI_USED = "resi-dipakai", "Nomor resi sudah dipakai pesanan lain"
    SHORT_LINE = "baris", "Baris harus berisi nomor pesanan, kurir dan resi"
    NOT_PACKED = (
        "belum-dikemas",
        "Pesanan ini berisi perangkat: kemas dulu dengan memindai SN setiap unit (Tandai Dikemas)",
    )


class ChangeRefusal(Term):
    """Why a confirmation or cancellation was refused; the label is the admin's text."""

    NOT_WAITING = "tidak-menunggu", "Pesanan tidak lagi menunggu review"
    REASON_REQUIRED = "alasan", "Alasan penolakan harus diisi"


class PayloadRefusal(Term):
    """Why a QRIS payload (or the sticker it is read from) cannot be used; the label is the
    operator's text (`python -m terminal_shop.cli.qris check`, the log)."""

    TOO_LONG = "panjang", "tag {tag} lebih dari 99 karakter"
    BROKEN = "tlv", "struktur TLV rusak di posisi {at}"
    SHORT = "pendek", "tag {tag} lebih pendek dari panjang yang tertulis ({length})"
    EMPTY = "kosong", "payload kosong"
    FORMAT = "format", "tag 00 (format payload) harus '01' dan berada di awal"
    CRC_MISSING = "crc", "tag 63 (CRC) harus ada di akhir, 4 karakter"
    CRC_WRONG = "crc-salah", "CRC tidak cocok: tertulis {written}, seharusnya {expected}"
    NOT_STATIC = "statis", "tag 01 (point of initiation) harus 11 (QRIS statis)"
    NO_NAME = "nama", "tag 59 (nama merchant) tidak ada"
    NO_CITY = "kota", "tag 60 (kota merchant) tidak ada"
    AMOUNT = "jumlah", "jumlah harus minimal Rp 1"
    NOT_AN_IMAGE = "gambar", "{key} bukan gambar yang terbaca"
    NO_QR = "tanpa-qr", "tidak ada QR yang terbaca di gambar stiker"
    NO_STICKER = "stiker", "QRIS_PAYLOAD kosong dan {key} tidak ada di penyimpanan"


class BuyerRefusal(Term):
    """What is wrong with a field of the buyer form; the label is what the buyer reads."""

    NAME_MISSING = "nama", "Nama lengkap wajib diisi"
    PHONE_MISSING = "telepon", "Nomor telepon wajib diisi"
    PHONE_DIGITS = "telepon-angka", "Nomor telepon hanya boleh berisi angka"
    PHONE_SHORT = "telepon-pendek", f"Nomor telepon minimal {MIN_PHONE_DIGITS} digit"
    PHONE_LONG = "telepon-panjang", f"Nomor telepon maksimal {MAX_PHONE_DIGITS} digit"
    EMAIL_MISSING = "email", "Email wajib diisi"
    EMAIL_FORMAT = "format-email", MSG_EMAIL_FORMAT
    ADDRESS_MISSING = "alamat", "Alamat pengiriman wajib diisi"
    ADDRESS_SHORT = "alamat-pendek", f"Alamat minimal {MIN_ADDRESS_CHARS} karakter"
    TOO_LONG = "terlalu-panjang", "{label} maksimal {longest} karakter"


class LookupRefusal(Term):
    """Why a guest's lookup gets no answer; one code for a wrong e-mail and an unknown number."""

    NOT_FOUND = "tidak-ada", "Pesanan tidak ditemukan. Periksa nomor pesanan dan email yang Anda pakai saat memesan."
    ORDER_FIELDS = "isian-pesanan", "Nomor pesanan (8 karakter) dan email wajib diisi"
    REGISTRATION_FIELDS = "isian-pendaftaran", "Email dan nomor HP wajib diisi dengan benar"
    TOO_MANY = "terlalu-sering", rate_limits.TOO_MANY_TEXT
