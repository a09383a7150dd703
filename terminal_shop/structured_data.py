"""What search engines and link previews read of a page: JSON-LD built from the catalogue
and the marketing texts (one place for every fact: a price change changes these too),
and the list of private paths robots are asked to leave alone."""

from __future__ import annotations

import json

from terminal_shop import catalogue, content, routes
from terminal_shop.infra.settings import get_settings

# Pages that are nobody's search result: a person's own order, application or admin work.
PRIVATE_PREFIXES = (
    routes.ADMIN_PREFIX,
    routes.API_PREFIX,
    routes.FILES_PREFIX,
    routes.CHECKOUT_FORM,
    routes.CHECKOUT_CONFIRM,
    routes.CHECKOUT_SUCCESS,
    routes.CHECKOUT_FAILED,
    routes.REGISTER_SUCCESS,
    routes.REGISTER_FAILED,
    routes.with_id(routes.REGISTRATION_STATUS, ""),
    routes.with_id(routes.REGISTRATION_FIX, ""),
    routes.with_id(routes.ORDER_STATUS, ""),
    routes.ACCOUNT,  # the account's pages: a person's own, and their scripts preloaded (web/paint_first.py)
    routes.TEAM_INVITATION,
)


def absolute(path: str) -> str:
    return get_settings().public_url + path


def robots_txt() -> str:
    lines = ["User-agent: *", *(f"Disallow: {p}" for p in PRIVATE_PREFIXES), f"Sitemap: {absolute(routes.SITEMAP)}"]
    return "\n".join(lines) + "\n"


def organization() -> dict:
    s = get_settings()
    return {
        "@context": "https://schema.org",
        "@type": "Organization",
        "name": s.brand_name,
        "url": absolute(routes.HOME),
        "logo": absolute("/favicon.ico"),
        "contactPoint": {
            "@type": "ContactPoint",
            "contactType": "customer service",
            "email": s.support_email,
            "telephone": f"+{s.whatsapp_number}",
            "availableLanguage": "id",
        },
    }


def website() -> dict:
    return {
        "@context": "https://schema.org",
        "@type": "WebSite",
        "name": get_settings().brand_name,
        "url": absolute("/"),
    }


def faq_page() -> dict:
    return {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        "mainEntity": [
            {"@type": "Question", "name": q, "acceptedAnswer": {"@type": "Answer", "text": a}} for q, a in content.FAQ
        ],
    }


def product(p: catalogue.Product) -> dict:
    return {
        "@context": "https://schema.org",
        "@type": "Product",
        "name": p.name,
        "description": p.description,
        "sku": p.sku,
        "image": absolute(p.image),
        "brand": {"@type": "Brand", "name": get_settings().brand_name},
        "offers": {
            "@type": "Offer",
            "url": absolute(p.route),
            "price": str(p.price),
            "priceCurrency": "IDR",
            "availability": "https://schema.org/InStock",
            "seller": {"@type": "Organization", "name": get_settings().brand_name},
        },
    }


def breadcrumb(*trail: tuple[str, str]) -> dict:
    """(name, path) from the home page down to this page."""
    return {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": [
            {"@type": "ListItem", "position": i, "name": name, "item": absolute(path)}
            for i, (name, path) in enumerate(trail, 1)
        ],
    }


def is_product_page(route: str) -> bool:
    return any(route == p.route for p in catalogue.PRODUCTS)


def for_route(route: str) -> list[dict]:
    """The JSON-LD blocks of one page."""
    if route == routes.HOME:
        return [organization(), website(), faq_page()]
    for p in catalogue.PRODUCTS:
        if route == p.route:
            return [product(p), breadcrumb(("Beranda", routes.HOME), (p.name, p.route))]
    return []


def as_script_text(block: dict) -> str:
    """JSON safe inside a <script> element."""
    return json.dumps(block, ensure_ascii=False).replace("</", "<\\/")
