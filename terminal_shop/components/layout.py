"""Site header, mobile menu and footer around every public page."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.catalogue import MENU_ORDER
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, anchor, container, icon, link_button, nav_link
from terminal_shop.infra.settings import get_settings
from terminal_shop.reflex_compat import toasts_end_with_their_page

NAV_LINKS: tuple[tuple[str, str], ...] = (
    ("Home", routes.HOME),
    ("Daftar", routes.REGISTER),
    ("Status", routes.DASHBOARD),
    ("Biaya", "/#mdr"),
    ("FAQ", "/#faq"),
)
PRODUCT_LINKS: tuple[tuple[str, str], ...] = tuple((p.short_name, p.route) for p in MENU_ORDER)

NAV_ITEM = "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-blue-800"


def _nav_item(label: str, href: str, class_name: str = NAV_ITEM) -> rx.Component:
    # Anchors are plain links so the browser scrolls (smoothly, see CSS) to them.
    if "#" in href:
        return anchor(label, href=href, class_name=class_name)
    return nav_link(label, href=href, class_name=class_name)


def _account_links(class_name: str) -> rx.Component:
    """ "Masuk", or "Akun Saya" once signed in (site.js reads the hint cookie; the CSS shows one)."""
    return rx.fragment(
        nav_link("Masuk", href=routes.SIGN_IN, class_name=f"{class_name} when-signed-out"),
        nav_link("Akun Saya", href=routes.ACCOUNT, class_name=f"{class_name} when-signed-in"),
    )


def _logo() -> rx.Component:
    brand = get_settings().brand_name
    return nav_link(
        rx.el.span(
            icon("credit-card", "h-5 w-5 text-white"),
            class_name="flex h-8 w-8 items-center justify-center rounded-lg bg-blue-700",
        ),
        rx.el.span(brand, class_name="text-lg font-bold text-slate-900"),
        href=routes.HOME,
        class_name="flex min-h-11 items-center gap-2",
        aria_label=f"{brand} - Beranda",
    )


def _products_dropdown() -> rx.Component:
    return rx.el.details(
        rx.el.summary(
            "Produk",
            icon("chevron-down", "h-4 w-4"),
            class_name=f"{NAV_ITEM} flex cursor-pointer list-none items-center gap-1",
        ),
        rx.el.div(
            *[
                nav_link(
                    label,
                    href=href,
                    class_name="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-blue-50 hover:text-blue-800",
                )
                for label, href in PRODUCT_LINKS
            ],
            class_name="absolute left-0 z-50 mt-2 w-52 rounded-xl border border-slate-200 bg-white p-2 shadow-lg",
        ),
        class_name="relative",
        data_dropdown="",
    )


def _mobile_menu() -> rx.Component:
    item = "block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100"
    return rx.el.div(
        rx.el.div(
            _logo(),
            rx.el.button(
                icon("x", "h-6 w-6"),
                type="button",
                aria_label="Tutup menu",
                data_menu_close="",
                class_name="rounded-md p-2 text-slate-700 hover:bg-slate-100",
            ),
            class_name="flex items-center justify-between border-b border-slate-200 px-4 py-3",
        ),
        rx.el.nav(
            *[_nav_item(label, href, item) for label, href in NAV_LINKS],
            _account_links(item),
            rx.el.details(
                rx.el.summary(
                    "Produk",
                    icon("chevron-down", "h-4 w-4"),
                    class_name=f"{item} flex cursor-pointer list-none items-center justify-between",
                ),
                rx.el.div(
                    *[
                        nav_link(
                            label,
                            href=href,
                            class_name="block rounded-lg px-3 py-2.5 text-base text-slate-700 hover:bg-blue-50",
                        )
                        for label, href in PRODUCT_LINKS
                    ],
                    class_name="ml-3 border-l border-slate-200 pl-2",
                ),
                data_mobile_products="",
            ),
            rx.el.div(
                link_button("Pesan", routes.CHECKOUT, BTN_PRIMARY + " w-full"),
                link_button("Tracking", routes.DASHBOARD, BTN_OUTLINE + " w-full"),
                class_name="mt-6 grid grid-cols-2 gap-3",
            ),
            class_name="flex flex-col gap-1 overflow-y-auto px-4 py-4",
            aria_label="Menu utama",
        ),
        id="mobile-menu",
        data_mobile_menu="",
        aria_hidden="true",
        custom_attrs={"inert": True},  # closed: nothing in it can be focused (site.js lifts it)
        class_name="mobile-menu fixed inset-0 z-[60] flex flex-col bg-white lg:hidden",
    )


def header() -> rx.Component:
    return rx.el.header(
        container(
            _logo(),
            rx.el.nav(
                *[_nav_item(label, href) for label, href in NAV_LINKS[:3]],
                _products_dropdown(),
                *[_nav_item(label, href) for label, href in NAV_LINKS[3:]],
                class_name="hidden items-center gap-1 lg:flex",
                aria_label="Menu utama",
            ),
            rx.el.div(
                _account_links(NAV_ITEM),
                link_button("Pesan", routes.CHECKOUT, BTN_PRIMARY + " py-2"),
                link_button("Tracking", routes.DASHBOARD, BTN_OUTLINE + " py-2"),
                class_name="hidden items-center gap-2 lg:flex",
            ),
            rx.el.button(
                icon("menu", "h-6 w-6"),
                type="button",
                aria_label="Buka menu",
                aria_controls="mobile-menu",
                aria_expanded="false",
                data_menu_open="",
                class_name="flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden",
            ),
            class_name="flex h-16 items-center justify-between",
        ),
        data_site_header="",
        class_name="site-header sticky top-0 z-50 border-b border-slate-200 bg-white/95 backdrop-blur",
    )


FOOTER_LINK = "flex min-h-11 items-center text-sm text-slate-300 hover:text-white sm:min-h-0"  # 44 px on a phone


def _footer_column(title: str, *links) -> rx.Component:
    return rx.el.div(
        rx.el.p(title, class_name="text-sm font-semibold text-white"), *links, class_name="flex flex-col sm:gap-2"
    )


def _contacts() -> rx.Component:
    s = get_settings()
    outside = {"class_name": FOOTER_LINK, "target": "_blank", "rel": "noopener"}
    return _footer_column(
        "Hubungi Kami",
        anchor(
            rx.el.span(
                icon("message-circle", "h-4 w-4"),
                f"WhatsApp {s.whatsapp_display}",
                class_name="flex items-center gap-2",
            ),
            href=s.whatsapp_url,
            **outside,
        ),
        anchor(
            rx.el.span(icon("camera", "h-4 w-4"), "Instagram", class_name="flex items-center gap-2"),
            href=s.instagram_url,
            **outside,
        ),
        anchor(
            rx.el.span(icon("mail", "h-4 w-4"), s.support_email, class_name="flex items-center gap-2"),
            href=f"mailto:{s.support_email}",
            class_name=FOOTER_LINK,
        ),
    )


def footer() -> rx.Component:
    s = get_settings()
    pages = lambda *pairs: [nav_link(t, href=h, class_name=FOOTER_LINK) for t, h in pairs]  # noqa: E731
    return rx.el.footer(
        container(
            rx.el.div(
                rx.el.div(
                    rx.el.p(s.brand_name, class_name="text-lg font-bold text-white"),
                    rx.el.p(
                        "Mesin EDC dan QRIS untuk merchant Indonesia: daftar online, MDR transparan, settlement H+1.",
                        class_name="mt-2 max-w-xs text-sm text-slate-400",
                    ),
                ),
                _footer_column(
                    "Perusahaan",
                    *pages(("Tentang Kami", routes.ABOUT), ("Karier", routes.CAREERS), ("Kontak", routes.CONTACT)),
                ),
                _footer_column(
                    "Bantuan",
                    _account_links(FOOTER_LINK),
                    *pages(
                        ("FAQ", routes.FAQ),
                        ("Dokumentasi", routes.DOCS),
                        ("Cek Garansi", routes.WARRANTY),
                        ("Kebijakan Privasi", routes.PRIVACY),
                    ),
                ),
                _contacts(),
                class_name="grid gap-8 py-10 sm:grid-cols-2 lg:grid-cols-4",
            ),
            rx.el.p(
                f"© 2025 {s.brand_name}. Hak cipta dilindungi.",
                class_name="border-t border-slate-800 py-6 text-center text-xs text-slate-400",
            ),
        ),
        class_name="bg-slate-900",
    )


def skip_link() -> rx.Component:
    """The first Tab on every page: straight past the navigation to the page's content."""
    return rx.el.a(
        "Langsung ke konten utama",
        href="#main",
        class_name="skip-link rounded-lg bg-white px-4 py-2 text-sm font-semibold text-blue-800 shadow ring-2 ring-blue-600",
    )


def site_page(*children) -> rx.Component:
    """Header, the page's own content and footer."""
    return rx.el.div(
        skip_link(),
        header(),
        _mobile_menu(),  # outside the header: its backdrop filter would trap a fixed child
        rx.el.main(*children, id="main", tab_index=-1, class_name="flex-1 outline-none"),
        footer(),
        toasts_end_with_their_page(),
        class_name="flex min-h-screen flex-col bg-slate-50 text-slate-900",
    )
