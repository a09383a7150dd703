"""The 1200 x 630 pictures a shared link shows (WhatsApp, Facebook, X): one for the home
page (every other public page shares it) and one per product, with its name and price.

`make share-images` draws them from the catalogue in Chromium (tools/draw_share_cards.py)
into assets/share/, each stamped with the fingerprint of what it shows. A unit test fails
when the catalogue, the brand or a product picture changed since: a price in a picture
cannot go stale unnoticed.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from terminal_shop import asset_links, catalogue
from terminal_shop.infra.settings import get_settings

WIDTH, HEIGHT = 1200, 630
FOLDER = "/share"
FINGERPRINT_KEY = "made-from"  # the PNG text chunk that holds it
LAYOUT_VERSION = 1  # raise it when the drawing changes (tools/draw_share_cards.py)


@dataclass(frozen=True)
class Card:
    name: str
    title: str
    text: str
    price_text: str
    pictures: tuple[str, ...]

    @property
    def path(self) -> str:
        return f"{FOLDER}/{self.name}.png"

    @property
    def alt(self) -> str:
        return f"{self.title}, {self.price_text}" if self.price_text else self.title

    def fingerprint(self) -> str:
        shown = [LAYOUT_VERSION, get_settings().brand_name, self.title, self.text, self.price_text]
        shown += [asset_links.version(p) for p in self.pictures]
        return hashlib.sha256(json.dumps(shown).encode()).hexdigest()[:16]


def home_card() -> Card:
    return Card(
        name="home",
        title="Mesin EDC & QRIS untuk Usaha Anda",
        text="Pesan online, bayar transfer atau QRIS, daftar merchant dalam tiga langkah.",
        price_text="",
        pictures=tuple(p.image for p in reversed(catalogue.PRODUCTS)),
    )


def product_card(p: catalogue.Product) -> Card:
    return Card(name=p.slug, title=p.name, text=p.tagline, price_text=p.price_text, pictures=(p.image,))


def cards() -> list[Card]:
    return [home_card(), *(product_card(p) for p in catalogue.PRODUCTS)]


def for_route(route: str) -> Card:
    """A product page shares its product's picture; every other page the home page's."""
    for p in catalogue.PRODUCTS:
        if route == p.route:
            return product_card(p)
    return home_card()
