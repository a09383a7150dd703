"""An order's words: its statuses (the admin's and the buyer's), its shipping stages and
filters, the list's work queues, how it is paid, why one is refused."""

from __future__ import annotations

from terminal_shop.catalogue import MAX_QTY_PER_LINE
from terminal_shop.vocabulary import Term


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
    STORAGE = "simpan", "Gagal menyimpan bukti pembayaran. Silakan coba lagi."
    TOO_MANY = (
        "batas",
        "Terlalu banyak pesanan dengan email atau nomor HP ini dalam satu jam terakhir. "
        "Silakan coba lagi nanti atau hubungi kami.",
    )


class ProofFilter(Term):
    """The admin list's proof filter (?bukti=): orders whose proof of payment looks wrong."""

    SUSPECT = "mencurigakan", "Bukti mencurigakan"
