"""Product pages /produk/a920, /produk/d210 and /produk/soundbox."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes, rules
from terminal_shop.catalogue import Product, by_slug
from terminal_shop.components.layout import site_page
from terminal_shop.components.stock import stock_note
from terminal_shop.components.ui import (
    BTN_ACCENT,
    BTN_GHOST_LIGHT,
    CARD,
    anchor,
    container,
    icon,
    inline_svg,
    link_button,
    nav_link,
    section_title,
)
from terminal_shop.infra.settings import get_settings
from terminal_shop.pages.info import redirect_to
from terminal_shop.services.transactions import mdr
from terminal_shop.site_pages import Page
from terminal_shop.state.calendar import WorkingDayState
from terminal_shop.state.stock import StockState

WARRANTY = rules.warranty(get_settings().warranty_months)  # "1 tahun"

# Benefits per device (the fee terms stay in content.FEES).
_BENEFITS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "a920": (
        ("smartphone", "Android & layar sentuh", "Menu kasir yang mudah dipelajari, layar 5 inci yang jelas."),
        ("printer", "Printer thermal bawaan", "Struk langsung tercetak untuk setiap transaksi."),
        (
            "credit-card",
            "Debit, kredit, tap & QRIS",
            f"Debit sampai {mdr.rupiah_text(mdr.A920_DEBIT_UP_TO.up_to or 0)} biaya admin {mdr.rate_text(mdr.A920_DEBIT_UP_TO)}, "
            f"di atas itu {mdr.rate_text(mdr.A920_DEBIT_ABOVE)}; kredit MDR flat {mdr.rate_text(mdr.A920_CREDIT)}.",
        ),
        ("shield-check", f"Garansi {WARRANTY}", f"Aktivasi gratis dan garansi perangkat {WARRANTY}."),
    ),
    "d210": (
        ("signal", "Koneksi 4G", "Tetap online di mana pun ada sinyal seluler, tanpa Wi-Fi."),
        (
            "globe",
            "Kartu UnionPay",
            f"Terima kartu UnionPay, debit dan kredit dengan MDR flat {mdr.rate_text(mdr.D210_CARDS)}.",
        ),
        ("battery-charging", "Baterai tahan lama", "Cocok untuk usaha keliling dan pengantaran."),
        ("printer", "Struk langsung", "Printer bawaan untuk bukti transaksi pelanggan."),
    ),
}


def _hero(p: Product, lead: str, learn_more: rx.Component) -> rx.Component:
    return rx.el.section(
        container(
            rx.el.div(
                rx.el.div(
                    rx.el.p(p.tagline, class_name="text-sm font-semibold uppercase tracking-wide text-amber-300"),
                    rx.el.h1(p.name, class_name="mt-2 text-4xl font-extrabold text-white sm:text-5xl"),
                    rx.el.p(lead, class_name="mt-4 max-w-xl text-lg text-blue-100"),
                    rx.el.p(p.price_text, class_name="mt-6 text-3xl font-extrabold text-white"),
                    stock_note(p.sku, light=True),
                    rx.el.div(learn_more, class_name="mt-8 flex flex-wrap gap-3"),
                    class_name="flex-1",
                ),
                # The largest thing on a phone's first screen: drawn inline, so it paints with
                # the text instead of one slow round trip later.
                inline_svg(p.image, f"Foto {p.name}", "mx-auto flex h-64 justify-center drop-shadow-2xl sm:h-80"),
                class_name="flex flex-col items-center gap-10 py-14 md:flex-row sm:py-20",
            ),
        ),
        class_name="bg-gradient-to-br from-blue-800 via-blue-700 to-indigo-800",
    )


def _cards(items, cols: str = "lg:grid-cols-4") -> rx.Component:
    return rx.el.div(
        *[
            rx.el.div(
                rx.el.span(
                    icon(ic, "h-6 w-6 text-blue-700"),
                    class_name="flex h-12 w-12 items-center justify-center rounded-xl bg-blue-50",
                ),
                rx.el.h3(title, class_name="mt-4 text-lg font-semibold"),
                rx.el.p(text, class_name="mt-2 text-sm text-slate-600"),
                class_name=f"{CARD} p-6",
            )
            for ic, title, text in items
        ],
        class_name=f"mt-10 grid gap-5 sm:grid-cols-2 {cols}",
    )


def _settlement() -> rx.Component:
    """H+1 with the actual day: the next working day (weekends and national holidays skipped)."""
    return rx.el.section(
        container(
            rx.el.div(
                icon("calendar-check", "h-6 w-6 text-blue-700"),
                rx.el.p(
                    rx.el.strong("Settlement H+1: "),
                    "dana transaksi hari ini masuk ke rekening Anda pada hari kerja berikutnya",
                    rx.cond(
                        WorkingDayState.settlement_day != "",
                        rx.el.span(", ", rx.el.strong(WorkingDayState.settlement_day)),
                    ),
                    ". Sabtu, Minggu dan hari libur nasional bukan hari kerja.",
                    class_name="text-sm text-slate-700",
                    data_testid="settlement-day",
                ),
                class_name=f"{CARD} flex items-start gap-3 p-5",
            )
        ),
        class_name="pb-4",
    )


def _papers(p: Product) -> rx.Component:
    """What the unit carries by law: its SDPPI certificate and its registered warranty card
    (Permendag 38/2019), which /garansi hands out per serial number."""
    return rx.el.section(
        container(
            rx.el.dl(
                rx.el.div(
                    rx.el.dt("Sertifikat SDPPI", class_name="text-sm text-slate-600"),
                    rx.el.dd(p.sdppi, class_name="font-semibold", data_testid="sdppi"),
                ),
                rx.el.div(
                    rx.el.dt("Kartu garansi terdaftar", class_name="text-sm text-slate-600"),
                    rx.el.dd(p.warranty_card_no, class_name="font-semibold"),
                ),
                rx.el.div(
                    rx.el.dt("Kartu garansi Anda", class_name="text-sm text-slate-600"),
                    rx.el.dd(
                        nav_link(
                            "Unduh dengan nomor seri di Cek Garansi",
                            href=routes.WARRANTY,
                            class_name="inline-flex min-h-11 items-center font-semibold text-blue-700 underline",
                        )
                    ),
                ),
                class_name=f"{CARD} grid gap-4 p-6 sm:grid-cols-3",
            )
        ),
        class_name="pb-4",
    )


def _order_band(sku: str, label: str = "Pesan Sekarang") -> rx.Component:
    return rx.el.section(
        container(
            rx.el.div(
                rx.el.h2("Siap mulai menerima pembayaran?", class_name="text-2xl font-bold text-white"),
                rx.el.p("Pengiriman gratis. Aktivasi dibantu tim kami.", class_name="mt-2 text-blue-100"),
                rx.el.div(link_button(label, routes.buy(sku), BTN_ACCENT), class_name="mt-6"),
                class_name="rounded-3xl bg-blue-700 p-8 text-center sm:p-12",
            )
        ),
        class_name="py-16",
    )


def terminal_page(slug: str, lead: str) -> rx.Component:
    p = by_slug(slug)
    return site_page(
        _hero(
            p,
            lead,
            rx.fragment(
                link_button("Pesan Sekarang", routes.buy(p.sku), BTN_ACCENT),
                link_button("Daftar Merchant", routes.REGISTER, BTN_GHOST_LIGHT),
            ),
        ),
        rx.el.section(container(section_title(f"Keunggulan {p.name}"), _cards(_BENEFITS[slug])), class_name="py-16"),
        _settlement(),
        _papers(p),
        _order_band(p.sku),
    )


def a920() -> rx.Component:
    return terminal_page(
        "a920", "Terminal Android premium dengan printer thermal: kartu, tap dan QRIS dalam satu perangkat."
    )


def d210() -> rx.Component:
    return terminal_page(
        "d210", "Terminal kartu 4G yang ringkas untuk transaksi UnionPay, debit dan kredit di mana saja."
    )


SOUNDBOX_BENEFITS = (
    ("volume-2", "Notifikasi suara real-time", "Setiap pembayaran QRIS diumumkan dengan suara saat itu juga."),
    ("badge-percent", "Tanpa biaya langganan", "Cukup beli perangkatnya sekali, tanpa biaya bulanan."),
    (
        "receipt-text",
        "MDR kompetitif",
        f"Usaha mikro: MDR {mdr.rate_text(mdr.QRIS_MICRO_UP_TO)} sampai "
        f"{mdr.rupiah_text(mdr.QRIS_MICRO_UP_TO.up_to or 0)} dan {mdr.rate_text(mdr.QRIS_MICRO_ABOVE)} di atas itu.",
    ),
    ("layout-dashboard", "Dashboard real-time", "Lihat riwayat pembayaran kapan saja dari ponsel Anda."),
)
SOUNDBOX_SECTIONS = (
    (
        "circle-check-big",
        "Konfirmasi otomatis",
        "Kasir tidak perlu meminta pelanggan menunjukkan layar ponsel. Soundbox menyebutkan nominal yang diterima, jadi antrean tetap lancar.",
    ),
    (
        "shield-alert",
        "Lindungi dari penipuan dan salah transfer",
        "Bukti transfer palsu dan salah nominal langsung ketahuan: yang diumumkan hanya pembayaran yang benar-benar masuk.",
    ),
    ("timer", "Kasir lebih produktif", "Tidak ada lagi cek mutasi manual. Kasir fokus melayani pelanggan berikutnya."),
)
SOUNDBOX_FEATURES = (
    ("wifi", "4G & Wi-Fi", "Tetap tersambung di mana saja."),
    ("battery-full", "Baterai seharian", "Bisa dipakai tanpa colokan."),
    ("volume-2", "Suara jernih", "Terdengar di tempat ramai."),
    ("qr-code", "QRIS statis", "Satu kode untuk semua aplikasi pembayaran."),
    ("smartphone", "Semua e-wallet & m-banking", "Berlaku untuk semua aplikasi berlogo QRIS."),
    ("plug-zap", "Siap pakai", "Nyalakan, dan Soundbox siap bekerja."),
)


def soundbox() -> rx.Component:
    p = by_slug("soundbox")
    return site_page(
        _hero(
            p,
            "Setiap pembayaran QRIS diumumkan dengan suara, langsung di kasir Anda.",
            rx.fragment(
                link_button("Pesan Soundbox Sekarang", routes.buy("SOUNDBOX"), BTN_ACCENT),
                anchor("Pelajari selengkapnya", href="#fitur", class_name=BTN_GHOST_LIGHT),
            ),
        ),
        rx.el.section(container(section_title("Keunggulan Soundbox"), _cards(SOUNDBOX_BENEFITS)), class_name="py-16"),
        _settlement(),
        rx.el.section(
            container(
                rx.el.div(
                    *[
                        rx.el.div(
                            icon(ic, "h-8 w-8 text-blue-700"),
                            rx.el.div(
                                rx.el.h2(title, class_name="text-xl font-bold"),
                                rx.el.p(text, class_name="mt-2 text-slate-600"),
                            ),
                            class_name="flex gap-4",
                        )
                        for ic, title, text in SOUNDBOX_SECTIONS
                    ],
                    class_name="grid gap-10 md:grid-cols-3",
                )
            ),
            class_name="bg-white py-16",
        ),
        rx.el.section(
            container(section_title("Fitur Soundbox"), _cards(SOUNDBOX_FEATURES, "lg:grid-cols-3")),
            id="fitur",
            class_name="scroll-mt-20 py-16",
        ),
        _papers(p),
        _order_band("SOUNDBOX", "Order Sekarang"),
    )


PAGES = (
    Page(routes.product("a920"), "PAX A920 Pro", a920,
         "PAX A920 Pro: terminal Android dengan printer thermal untuk kartu, tap dan QRIS.",
         indexable=True, on_load=StockState.load_product_page),
    Page(routes.product("d210"), "D210 UnionPay", d210,
         f"D210 UnionPay: terminal kartu 4G yang ringkas dengan MDR flat {mdr.rate_text(mdr.D210_CARDS)}.",
         indexable=True, on_load=StockState.load_product_page),
    Page(routes.product("soundbox"), "Soundbox QRIS", soundbox,
         "Soundbox QRIS: notifikasi suara setiap pembayaran, tanpa biaya langganan.",
         indexable=True, on_load=StockState.load_product_page),
    # The hero's old links lead to the canonical product routes (docs/decisions.md).
    *(Page(routes.LEGACY_PRODUCT.format(slug=slug), "Mengalihkan", redirect_to(routes.product(slug)))
      for slug in ("a920", "d210", "soundbox")),
)  # fmt: skip
