"""The shop's words: every status, method and kind a record can hold.

Each is a StrEnum whose value is what the database stores (so rows read back
unchanged) and whose `label` is the Indonesian text people read. Statuses also carry
the `tone` of their badge. No other module spells one of these values as a bare
string. What each status means and how it may change: docs/decisions.md.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Self

from terminal_shop import moved_names
from terminal_shop.catalogue import MAX_QTY_PER_LINE


class Term(StrEnum):
    """A stored value with the label shown for it (and a badge tone for statuses)."""

    label: str
    tone: str

    def __new__(cls, value: str, label: str | None = None, tone: str = "slate") -> Self:
        member = str.__new__(cls, value)
        member._value_ = value
        member.label = label or value
        member.tone = tone
        return member

    @classmethod
    def parse(cls, value: object) -> Self | None:
        """The member for a value from outside (URL, form, websocket), or None."""
        try:
            return cls(str(value))
        except ValueError:
            return None

    @classmethod
    def labels(cls) -> dict[str, str]:
        """value -> label, in declaration order: for selects and filters."""
        return {m.value: m.label for m in cls}

    @classmethod
    def from_link(cls, given: str, default: Self) -> Self:
        """What a failure page's `reason` may show: a code's text, or one of these texts as
        it is (the SPEC's links carry the text); anything else, `default` (never the link's
        own words: they would be a stranger's message on the shop's page)."""
        found = cls.parse(given)
        return found if found is not None else next((m for m in cls if m.label == given), default)

    @classmethod
    def label_of(cls, value: str) -> str:
        """The label of a stored value; an unknown value is shown as it is."""
        member = cls.parse(value)
        return member.label if member is not None else value  # a member may be "" (Fulfilment)


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


class RegistrationStatus(Term):
    PENDING = "pending", "Pending", "amber"
    APPROVED = "approved", "Approved", "emerald"
    REJECTED = "rejected", "Rejected", "red"


class MailStatus(Term):
    """An outbox message (services/notifications/outbox.py)."""

    PENDING = "pending", "Menunggu", "amber"
    SENT = "sent", "Terkirim", "emerald"
    FAILED = "failed", "Gagal", "red"
    HELD = "held", "Ditahan", "slate"  # its record is restricted on its owner's request: never sent (again)


class PaymentMethod(Term):
    TRANSFER_BCA = "TRANSFER_BCA", "Transfer Bank BCA"
    QRIS = "QRIS", "QRIS"


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


class AdminRole(Term):
    """What an admin account may do (services/team/permissions.py holds the table)."""

    OWNER = "pemilik", "Pemilik"
    FINANCE = "keuangan", "Keuangan"
    VERIFIER = "verifikator", "Verifikator"
    SHIPPING = "pengiriman", "Pengiriman"


class DataRequestKind(Term):
    """What a data subject asked for (services/privacy/requests.py)."""

    ACCESS = "akses", "Minta salinan data"
    ERASURE = "hapus", "Minta penghapusan data"


# Moved to their area: still answered here for tab state stored before (moved_names.py).
_PAYMENTS, _LISTS = "terminal_shop.services.payments.terms", "terminal_shop.services.backoffice.terms"
_MOVED = {
    "ProofFilter": _PAYMENTS,
    "StatementSource": _PAYMENTS,
    "MatchKind": _PAYMENTS,
    "Period": _LISTS,
    "SortField": _LISTS,
    "AccessAction": _LISTS,
}

__getattr__ = moved_names.finder(_MOVED)
