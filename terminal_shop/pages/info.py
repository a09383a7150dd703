"""Short company pages, the dashboard placeholder and the not-found page."""

from __future__ import annotations

import reflex as rx

from terminal_shop import privacy_policy, routes
from terminal_shop.components.layout import site_page
from terminal_shop.components.ui import BTN_PRIMARY, anchor, container, icon, link_button
from terminal_shop.content import BRAND
from terminal_shop.infra.settings import get_settings
from terminal_shop.pages.home import faq_list
from terminal_shop.site_pages import Page


def _article(title: str, *children) -> rx.Component:
    return site_page(
        container(
            rx.el.article(
                rx.el.h1(title, class_name="text-3xl font-bold tracking-tight"),
                *children,
                class_name="prose-site mx-auto max-w-3xl py-14",
            )
        )
    )


def _p(text: str) -> rx.Component:
    return rx.el.p(text, class_name="mt-4 text-slate-700")


def _h2(text: str) -> rx.Component:
    return rx.el.h2(text, class_name="mt-8 text-xl font-semibold")


def about() -> rx.Component:
    return _article(
        f"Tentang {BRAND}",
        _p(
            f"{BRAND} membantu usaha kecil dan menengah di Indonesia menerima pembayaran kartu dan QRIS. "
            "Kami menyediakan mesin EDC PAX A920 Pro, D210 UnionPay dan Soundbox QRIS, dengan pendaftaran merchant yang sepenuhnya online."
        ),
        _p(
            "Kami percaya biaya harus jelas sejak awal: MDR per transaksi, tanpa biaya langganan, dan settlement H+1 hari kerja."
        ),
    )


def careers() -> rx.Component:
    s = get_settings()
    return _article(
        "Karier",
        _p(
            "Kami sedang tumbuh dan selalu mencari orang yang ingin membantu merchant Indonesia berkembang: "
            "tim penjualan lapangan, dukungan pelanggan, dan engineering."
        ),
        _p(
            "Saat ini belum ada lowongan terbuka. Kirim CV Anda ke email di bawah; kami akan menghubungi Anda saat ada posisi yang cocok."
        ),
        anchor(
            s.support_email,
            href=f"mailto:{s.support_email}",
            class_name="mt-4 inline-block font-semibold text-blue-700 underline",
        ),
    )


def contact() -> rx.Component:
    s = get_settings()
    return _article(
        "Kontak",
        _p("Tim kami siap membantu pada hari kerja, Senin sampai Jumat, pukul 08.00-17.00 WIB."),
        rx.el.ul(
            rx.el.li(
                icon("message-circle"),
                anchor(
                    f"WhatsApp {s.whatsapp_display}",
                    href=s.whatsapp_url,
                    class_name="text-blue-700 underline",
                    target="_blank",
                    rel="noopener",
                ),
                class_name="flex items-center gap-2",
            ),
            rx.el.li(
                icon("mail"),
                anchor(s.support_email, href=f"mailto:{s.support_email}", class_name="text-blue-700 underline"),
                class_name="flex items-center gap-2",
            ),
            class_name="mt-6 flex flex-col gap-3",
        ),
    )


def faq() -> rx.Component:
    return _article("Pertanyaan yang Sering Diajukan", faq_list())


def docs() -> rx.Component:
    return _article(
        "Dokumentasi",
        _h2("Memulai"),
        _p(
            "1. Pesan perangkat di halaman Pesan dan unggah bukti pembayaran. 2. Daftarkan usaha Anda di halaman Daftar. "
            "3. Setelah pendaftaran disetujui, tim kami mengaktifkan perangkat dan menghubungkannya ke rekening Anda."
        ),
        _h2("Settlement"),
        _p(
            "Dana transaksi masuk pada hari kerja berikutnya (H+1). Sabtu, Minggu dan hari libur nasional bukan hari kerja."
        ),
        _h2("Bantuan"),
        _p("Video tutorial ada di halaman utama. Untuk pertanyaan lain, hubungi kami lewat halaman Kontak."),
    )


def privacy() -> rx.Component:
    """The text lives in privacy_policy.py: its version is what a registration's consent names."""
    body = []
    for heading, text in privacy_policy.sections():
        body += [_h2(heading), _p(text)] if heading else [_p(text)]
    return _article(
        "Kebijakan Privasi",
        rx.el.p(
            f"Versi {privacy_policy.VERSION}, berlaku sejak {privacy_policy.UPDATED}",
            class_name="mt-2 text-sm text-slate-500",
            data_testid="privacy-version",
        ),
        *body,
    )


def not_found() -> rx.Component:
    """The SPEC's 404 text inside the site's own frame, so the visitor can go on from here."""
    return site_page(
        rx.el.div(
            rx.el.h1("404", class_name="text-6xl font-extrabold text-blue-700"),
            rx.el.p("Oops! Page not found", class_name="mt-4 text-xl text-slate-700"),
            link_button("Return to Home", "/", BTN_PRIMARY + " mt-8"),
            class_name="flex flex-col items-center justify-center px-4 py-24 text-center",
            on_mount=rx.call_script(
                "console.error('404 Error: User attempted to access non-existent route:', window.location.pathname)"
            ),
        )
    )


def redirect_to(target: str):
    """A page that only replaces itself with another route (no history entry)."""

    def page() -> rx.Component:
        return rx.el.div(
            rx.el.p("Mengalihkan...", class_name="p-8 text-center text-slate-500"),
            rx.el.noscript(rx.el.a("Lanjutkan", href=target)),
            on_mount=rx.redirect(target, replace=True),
        )

    return page


PAGES = (
    Page(routes.ABOUT, "Tentang Kami", about,
         f"{BRAND} menyediakan mesin EDC dan QRIS untuk warung, toko dan restoran di seluruh Indonesia.", indexable=True),
    Page(routes.CAREERS, "Karier", careers,
         f"Lowongan kerja di {BRAND}: bantu merchant Indonesia menerima pembayaran digital.", indexable=True),
    Page(routes.CONTACT, "Kontak", contact,
         f"Hubungi tim {BRAND} lewat WhatsApp atau e-mail untuk pertanyaan pesanan dan pendaftaran merchant.", indexable=True),
    Page(routes.FAQ, "FAQ", faq,
         "Jawaban seputar biaya, MDR, pengiriman perangkat, verifikasi dan pencairan dana merchant EDC dan QRIS.", indexable=True),
    Page(routes.DOCS, "Dokumentasi", docs,
         "Panduan memasang dan memakai mesin EDC dan Soundbox QRIS, dari pengaturan awal sampai settlement.", indexable=True),
    Page(routes.PRIVACY, "Kebijakan Privasi", privacy,
         f"Data pribadi apa yang dikumpulkan {BRAND}, untuk apa, berapa lama dan siapa yang melihatnya.", indexable=True),
    Page(routes.CHECKOUT, "Pesan", redirect_to(routes.CHECKOUT_PRODUCTS)),
    Page("404", "Halaman tidak ditemukan", not_found, "Halaman tidak ditemukan."),
)  # fmt: skip
