"""The home page: hero, benefits, catalogue, fees, videos, call to action, testimonials, FAQ."""

from __future__ import annotations

import reflex as rx

from terminal_shop import asset_links, content, routes, rules
from terminal_shop.catalogue import PRODUCTS, TESTIMONIALS, VIDEOS, VIDEOS_COMING_SOON, Product
from terminal_shop.components.fee_estimator import fee_estimator
from terminal_shop.components.hero import hero
from terminal_shop.components.layout import site_page
from terminal_shop.components.ui import (
    BTN_ACCENT,
    BTN_GHOST_LIGHT,
    BTN_PRIMARY,
    CARD,
    container,
    icon,
    link_button,
    section_title,
)
from terminal_shop.site_pages import Page


def benefits() -> rx.Component:
    return rx.el.section(
        container(
            section_title(
                f"Keuntungan Bergabung dengan {content.BRAND}",
                "Semua yang Anda perlukan untuk menerima pembayaran kartu dan QRIS.",
            ),
            rx.el.div(
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
                    for ic, title, text in content.BENEFITS
                ],
                class_name="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4",
            ),
        ),
        id="keunggulan",
        class_name="scroll-mt-20 py-16",
    )


def product_card(p: Product) -> rx.Component:
    badge_class = {"Terlaris": "bg-amber-400 text-slate-900", "Populer": "bg-blue-700 text-white"}
    return rx.el.article(
        rx.el.div(
            rx.el.img(
                src=asset_links.url(p.image),
                alt=f"Foto {p.name}",
                width="160",
                height="220",
                loading="lazy",
                class_name="h-44 w-auto",
            ),
            rx.el.span(
                p.badge,
                class_name=f"absolute left-3 top-3 rounded-full px-3 py-1 text-xs font-bold {badge_class[p.badge]}",
            )
            if p.badge
            else rx.fragment(),
            class_name="relative flex justify-center rounded-t-2xl bg-gradient-to-b from-slate-100 to-white py-6",
        ),
        rx.el.div(
            rx.el.p(p.tagline, class_name="text-xs font-semibold uppercase tracking-wide text-blue-700"),
            rx.el.h3(p.name, class_name="mt-1 text-lg font-bold"),
            rx.el.p(p.description, class_name="mt-2 flex-1 text-sm text-slate-600"),
            rx.el.p(p.price_text, class_name="mt-4 text-2xl font-extrabold text-slate-900"),
            rx.el.div(
                link_button("Pesan", routes.buy(p.sku), BTN_PRIMARY + " flex-1"),
                link_button(
                    "Detail",
                    p.route,
                    "inline-flex items-center justify-center rounded-lg border border-slate-300 px-4 py-3 text-sm font-semibold text-slate-800 hover:bg-slate-50",
                ),
                class_name="mt-5 flex gap-2",
            ),
            class_name="flex flex-1 flex-col p-5",
        ),
        class_name=f"{CARD} flex flex-col",
    )


def catalogue() -> rx.Component:
    return rx.el.section(
        container(
            section_title(
                "Pilih Perangkat Anda", "Harga sudah termasuk aktivasi. Ongkos kirim gratis ke seluruh Indonesia."
            ),
            rx.el.div(*[product_card(p) for p in PRODUCTS], class_name="mt-10 grid gap-6 md:grid-cols-3"),
        ),
        id="produk",
        class_name="scroll-mt-20 bg-white py-16",
    )


def fees() -> rx.Component:
    return rx.el.section(
        container(
            section_title("Biaya Transparan", "MDR per transaksi, tanpa biaya langganan bulanan."),
            rx.el.div(
                *[
                    rx.el.div(
                        rx.el.h3(title, class_name="text-lg font-semibold"),
                        rx.el.ul(
                            *[
                                rx.el.li(
                                    icon("check", "mt-0.5 h-4 w-4 shrink-0 text-emerald-600"),
                                    rx.el.span(line),
                                    class_name="flex gap-2 text-sm text-slate-700",
                                )
                                for line in lines
                            ],
                            class_name="mt-4 flex flex-col gap-2",
                        ),
                        class_name=f"{CARD} p-6",
                    )
                    for title, lines in content.FEES
                ],
                class_name="mt-10 grid gap-5 md:grid-cols-3",
            ),
            rx.el.p(content.SETTLEMENT_NOTE, class_name="mt-6 text-center text-sm text-slate-600"),
            fee_estimator(),
        ),
        id="mdr",
        class_name="scroll-mt-20 py-16",
    )


def videos() -> rx.Component:
    return rx.el.section(
        container(
            section_title("Video Tutorial", "Panduan singkat memakai perangkat Anda."),
            rx.el.div(
                *[
                    rx.el.a(
                        rx.el.div(
                            rx.el.img(
                                src=v.thumbnail,
                                alt=f"Thumbnail video: {v.title}",
                                loading="lazy",
                                width="480",
                                height="270",
                                class_name="aspect-video w-full rounded-t-2xl bg-slate-200 object-cover",
                            ),
                            rx.el.span(
                                icon("play", "h-6 w-6 text-white"),
                                class_name="absolute inset-0 m-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-600/90",
                            ),
                            class_name="relative",
                        ),
                        rx.el.div(
                            rx.el.div(
                                *[
                                    rx.el.span(
                                        label,
                                        class_name="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700",
                                    )
                                    for label, _ in v.tags
                                ],
                                class_name="flex gap-2",
                            ),
                            rx.el.h3(v.title, class_name="mt-3 font-semibold"),
                            rx.el.p(v.description, class_name="mt-1 text-sm text-slate-600"),
                            class_name="p-5",
                        ),
                        href=v.link,
                        target="_blank",
                        rel="noopener",
                        class_name=f"{CARD} block overflow-hidden hover:shadow-md",
                    )
                    for v in VIDEOS
                ],
                rx.el.div(
                    icon("clapperboard", "h-8 w-8 text-slate-400"),
                    rx.el.p("Segera hadir", class_name="mt-3 font-semibold"),
                    rx.el.p(
                        f"Video tutorial untuk {' dan '.join(VIDEOS_COMING_SOON)} sedang kami siapkan.",
                        class_name="mt-1 text-sm text-slate-600",
                    ),
                    class_name="flex flex-col items-center justify-center rounded-2xl border-2 border-dashed border-slate-300 p-8 text-center",
                ),
                class_name="mt-10 grid gap-6 md:grid-cols-2",
            ),
        ),
        id="tutorial",
        class_name="bg-white py-16",
    )


def cta_band() -> rx.Component:
    return rx.el.section(
        container(
            rx.el.div(
                rx.el.div(
                    rx.el.h2(
                        "Siap menerima pembayaran kartu dan QRIS?",
                        class_name="text-2xl font-bold text-white sm:text-3xl",
                    ),
                    rx.el.p(
                        f"Daftar online sekarang. Tim kami memverifikasi dalam {rules.REGISTRATION_REVIEW}.",
                        class_name="mt-2 text-blue-100",
                    ),
                ),
                rx.el.div(
                    link_button("Daftar Sekarang", routes.REGISTER, BTN_ACCENT),
                    link_button("Pesan Perangkat", routes.CHECKOUT_PRODUCTS, BTN_GHOST_LIGHT),
                    class_name="flex flex-wrap gap-3",
                ),
                class_name="flex flex-col items-start justify-between gap-6 rounded-3xl bg-blue-700 p-8 sm:p-12 lg:flex-row lg:items-center",
            ),
        ),
        class_name="py-16",
    )


def testimonials() -> rx.Component:
    return rx.el.section(
        container(
            section_title("Kata Merchant Kami"),
            rx.el.div(
                *[
                    rx.el.figure(
                        rx.el.div(
                            *[icon("star", "h-4 w-4 fill-amber-400 text-amber-400") for _ in range(t.rating)],
                            class_name="flex gap-0.5",
                            role="img",
                            aria_label=f"Rating {t.rating} dari 5",
                        ),
                        rx.el.blockquote(f"“{t.comment}”", class_name="mt-4 text-sm text-slate-700"),
                        rx.el.figcaption(
                            rx.el.p(t.name, class_name="font-semibold"),
                            rx.el.p(t.business, class_name="text-sm text-slate-500"),
                            class_name="mt-4",
                        ),
                        class_name=f"{CARD} p-6",
                    )
                    for t in TESTIMONIALS
                ],
                class_name="mt-10 grid gap-6 md:grid-cols-3",
            ),
        ),
        class_name="bg-white py-16",
    )


def faq_list() -> rx.Component:
    return rx.el.div(
        *[
            rx.el.details(
                rx.el.summary(
                    q,
                    icon("chevron-down", "h-5 w-5 shrink-0 text-slate-500"),
                    class_name="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold",
                ),
                rx.el.p(a, class_name="pb-4 text-sm text-slate-600"),
                class_name="border-b border-slate-200",
            )
            for q, a in content.FAQ
        ],
        class_name="mx-auto mt-10 max-w-3xl",
    )


def faq() -> rx.Component:
    return rx.el.section(
        container(section_title("Pertanyaan yang Sering Diajukan"), faq_list()),
        id="faq",
        class_name="scroll-mt-20 py-16",
    )


def index() -> rx.Component:
    return site_page(hero(), benefits(), catalogue(), fees(), videos(), cta_band(), testimonials(), faq())


PAGES = (Page(routes.HOME, f"{content.BRAND}: Mesin EDC & QRIS untuk Merchant Indonesia", index, indexable=True),)
