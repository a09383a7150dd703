"""The committed link-preview pictures show what the catalogue says today."""

from __future__ import annotations

import dataclasses

from PIL import Image

from terminal_shop import asset_links, catalogue, routes, share_cards

REDRAW = "the catalogue, brand or a picture changed since it was drawn: run `make share-images`"


def test_every_card_is_a_1200_by_630_png_under_300_kb_drawn_from_todays_catalogue():
    for card in share_cards.cards():
        file = asset_links.ASSETS_DIR / card.path.lstrip("/")
        assert file.stat().st_size < 300 * 1024, card.path
        with Image.open(file) as image:
            assert (image.format, image.size) == ("PNG", (1200, 630)), card.path
            assert image.text.get(share_cards.FINGERPRINT_KEY) == card.fingerprint(), f"{card.path}: {REDRAW}"


def test_a_price_change_makes_the_product_picture_stale():
    a920 = catalogue.by_slug("a920")
    cheaper = share_cards.product_card(dataclasses.replace(a920, price=a920.price - 1))
    assert cheaper.fingerprint() != share_cards.product_card(a920).fingerprint()


def test_product_pages_share_their_product_and_other_pages_the_home_card():
    assert share_cards.for_route(catalogue.by_slug("d210").route).path == "/share/d210.png"
    assert share_cards.for_route(routes.FAQ).path == share_cards.for_route(routes.HOME).path == "/share/home.png"
