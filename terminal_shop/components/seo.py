"""The head tags a page gives search engines and link previews (facts from structured_data)."""

from __future__ import annotations

import reflex as rx

from terminal_shop import asset_links, share_cards, structured_data
from terminal_shop.infra.settings import get_settings


def share_image(route: str) -> str:
    """The absolute address of the page's link-preview picture (share_cards)."""
    return structured_data.absolute(asset_links.url(share_cards.for_route(route).path))


def head(route: str, title: str, description: str, indexable: bool) -> list:
    """Open Graph and card tags for every page; a canonical address and JSON-LD for the
    pages search may show, `noindex` for the rest (a person's own order, admin pages)."""
    card = share_cards.for_route(route)
    image = share_image(route)
    tags: list = [  # og:image itself is Reflex's own tag (add_page's `image`)
        {"property": "og:type", "content": "product" if structured_data.is_product_page(route) else "website"},
        {"property": "og:title", "content": title},
        {"property": "og:description", "content": description},
        {"property": "og:locale", "content": "id_ID"},
        {"property": "og:site_name", "content": get_settings().brand_name},
        {"property": "og:image:type", "content": "image/png"},
        {"property": "og:image:width", "content": str(share_cards.WIDTH)},
        {"property": "og:image:height", "content": str(share_cards.HEIGHT)},
        {"property": "og:image:alt", "content": card.alt},
        {"name": "twitter:card", "content": "summary_large_image"},
        {"name": "twitter:title", "content": title},
        {"name": "twitter:description", "content": description},
        {"name": "twitter:image", "content": image},
    ]
    if not indexable:
        return [*tags, {"name": "robots", "content": "noindex, nofollow"}]
    url = structured_data.absolute(route)
    return [
        *tags,
        {"property": "og:url", "content": url},
        rx.el.link(rel="canonical", href=url),
        *[
            rx.el.script(structured_data.as_script_text(block), type="application/ld+json")
            for block in structured_data.for_route(route)
        ],
    ]
