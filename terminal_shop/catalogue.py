"""The single source of product facts: home cards, product pages, cart and orders read it.

Prices are whole rupiah and are what the cart charges (docs/decisions.md, Catalogue: one price per device).
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal_shop import routes
from terminal_shop.formats import rupiah

# Bank Indonesia's per-transaction QRIS limit (docs/decisions.md, Orders).
QRIS_MAX_TOTAL = 10_000_000
MAX_QTY_PER_LINE = 100
SHIPPING_FEE = 0


@dataclass(frozen=True)
class Product:
    sku: str
    slug: str
    name: str
    tagline: str
    description: str
    price: int
    image: str
    short_name: str
    badge: str = ""
    has_sim: bool = False  # a 4G terminal: each unit has an IMEI (and an ICCID when a SIM is fitted)
    fits: tuple[str, ...] = ()  # a supply: the terminals (SKUs) it is for
    # A terminal's certificate from SDPPI (Kominfo) for its radio, and the registration number
    # of its warranty card with Kemendag (Permendag 38/2019): the company's, per model (DEMO
    # values until the real ones are entered here; docs/decisions.md, Catalogue).
    sdppi: str = ""
    warranty_card_no: str = ""

    @property
    def route(self) -> str:
        return routes.product(self.slug)

    @property
    def price_text(self) -> str:
        return rupiah(self.price)


PRODUCTS: tuple[Product, ...] = (
    Product(
        sku="SOUNDBOX",
        slug="soundbox",
        name="Soundbox QRIS",
        tagline="Notifikasi Suara",
        description="Speaker kecil yang mengumumkan setiap pembayaran QRIS yang masuk, "
        "jadi kasir tahu uang sudah diterima tanpa membuka ponsel.",
        price=349_000,
        image="/products/soundbox.svg",
        short_name="Soundbox",
        sdppi="00000/SDPPI/2025 (DEMO)",
        warranty_card_no="P.00.KG.001.2025 (DEMO)",
    ),
    Product(
        sku="D210",
        slug="d210",
        name="D210 UnionPay",
        tagline="EDC Konvensional",
        description="Terminal kartu 4G yang ringkas untuk debit, kredit dan UnionPay, dengan printer struk bawaan.",
        price=2_499_000,
        image="/products/d210.svg",
        short_name="D210 UnionPay",
        badge="Populer",
        has_sim=True,
        sdppi="00001/SDPPI/2025 (DEMO)",
        warranty_card_no="P.00.KG.002.2025 (DEMO)",
    ),
    Product(
        sku="A920",
        slug="a920",
        name="PAX A920 Pro",
        tagline="Android EDC",
        description="Terminal Android layar sentuh dengan printer thermal, menerima kartu, "
        "tap dan QRIS dalam satu perangkat.",
        price=3_499_000,
        image="/products/a920.svg",
        short_name="A920 Pro",
        badge="Terlaris",
        sdppi="00002/SDPPI/2025 (DEMO)",
        warranty_card_no="P.00.KG.003.2025 (DEMO)",
    ),
)

# Supplies: sold from the cart ("Pesan kertas" on a merchant's device), no page of their own,
# no serial number (packing scans the terminals only).
SUPPLIES: tuple[Product, ...] = (
    Product(
        sku="KERTAS-57",
        slug="kertas-57",
        name="Kertas thermal 57 x 40 mm (isi 10 roll)",
        tagline="Perlengkapan",
        description="Gulungan kertas struk untuk printer PAX A920 Pro dan D210.",
        price=65_000,
        image="/products/kertas.svg",
        short_name="Kertas 57 mm",
        fits=("A920", "D210"),
    ),
)


def _fee(sku: str, name: str, model: str, price: int) -> Product:
    return Product(sku=sku, slug=sku.lower(), name=name, tagline="Servis", description=name, price=price,
                   image="/products/kertas.svg", short_name=name, fits=(model,))  # fmt: skip


# The service price table (issue 48.2): a repair out of warranty, and an old unit not returned
# within rules.SERVICE_RETURN_DAYS of its replacement (the unit's own price). Paid like an order.
SERVICE_FEES: tuple[Product, ...] = (
    _fee("SERVIS-A920", "Servis PAX A920 Pro di luar garansi", "A920", 850_000),
    _fee("SERVIS-D210", "Servis D210 UnionPay di luar garansi", "D210", 650_000),
    _fee("SERVIS-SOUNDBOX", "Servis Soundbox QRIS di luar garansi", "SOUNDBOX", 150_000),
    *(
        _fee(f"UNIT-{p.sku}", f"{p.name} lama tidak dikembalikan", p.sku, p.price) for p in PRODUCTS
    ),  # UNRETURNED_PREFIX
)

_BY_SKU = {p.sku: p for p in (*PRODUCTS, *SUPPLIES)}
_FEES = {p.sku: p for p in SERVICE_FEES}
_DEVICES = {p.sku for p in PRODUCTS}


def product(sku: str) -> Product | None:
    """A terminal or a supply: what a buyer may put in a cart. A service fee is none (issue
    63.1): it is billed to its case (services/orders/bills.py), never chosen."""
    return _BY_SKU.get(sku)


def fee(sku: str) -> Product | None:
    """A line of the service price table."""
    return _FEES.get(sku)


def is_device(sku: str) -> bool:
    """A terminal: each unit has a serial number, scanned at packing."""
    return sku in _DEVICES


REPAIR_PREFIX, UNRETURNED_PREFIX = "SERVIS-", "UNIT-"


def service_fee(model: str, unreturned: bool) -> Product | None:
    """The price table's line for a model: its repair out of warranty, or its unit not returned."""
    prefix = UNRETURNED_PREFIX if unreturned else REPAIR_PREFIX
    return next((p for p in SERVICE_FEES if p.sku.startswith(prefix) and model in p.fits), None)


def paper_for(model: str) -> Product | None:
    """The paper roll a terminal's printer takes (None: no printer, a Soundbox)."""
    return next((p for p in SUPPLIES if model in p.fits), None)


def summary(items: list[dict]) -> str:
    """An order's lines in a few words, as the admin's list shows them: '2× A920 Pro, 1× Soundbox'."""
    parts = []
    for line in items:
        found = product(str(line.get("sku", "")))
        parts.append(f"{line.get('qty', 0)}× {found.short_name if found else line.get('name', line.get('sku', ''))}")
    return ", ".join(parts)


def by_slug(slug: str) -> Product:
    return next(p for p in PRODUCTS if p.slug == slug)


# Menus list the flagship first.
MENU_ORDER: tuple[Product, ...] = tuple(by_slug(s) for s in ("a920", "d210", "soundbox"))


@dataclass(frozen=True)
class Video:
    video_id: str
    title: str
    description: str
    tags: tuple[tuple[str, str], ...]  # (label, colour name)

    @property
    def link(self) -> str:
        return f"https://www.youtube.com/watch?v={self.video_id}"

    @property
    def thumbnail(self) -> str:
        return f"https://i.ytimg.com/vi/{self.video_id}/hqdefault.jpg"


# The company's own tutorial videos; IDs are set when each video is published.
VIDEOS: tuple[Video, ...] = (
    Video(
        video_id="M7lc1UVf-VE",  # placeholder until the first tutorial is published
        title="Cara Menerima Pembayaran QRIS dengan Soundbox",
        description="Menyalakan Soundbox, menghubungkan ke jaringan, dan mendengar notifikasi pembayaran pertama Anda.",
        tags=(("Soundbox", "emerald"), ("QRIS", "sky")),
    ),
)
VIDEOS_COMING_SOON = ("PAX A920 Pro", "D210 UnionPay")


@dataclass(frozen=True)
class Testimonial:
    name: str
    business: str
    comment: str
    rating: int = 5


TESTIMONIALS: tuple[Testimonial, ...] = (
    Testimonial(
        "Ibu Sri Wahyuni",
        "Warung Makan Bu Sri, Surabaya",
        "Sejak pakai Soundbox, saya tidak perlu cek HP setiap ada pembeli bayar QRIS. Dana masuk keesokan harinya.",
    ),
    Testimonial(
        "Pak Andi Pratama",
        "Minimarket Berkah, Sidoarjo",
        "A920 Pro cepat dan struknya rapi. Pengajuannya online semua, tidak perlu antre.",
    ),
    Testimonial(
        "Rina Kartika",
        "Toko Online Rina Collection, Malang",
        "Biayanya jelas di depan, tidak ada biaya bulanan. Timnya juga responsif lewat WhatsApp.",
    ),
)
