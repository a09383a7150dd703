"""Draws the link-preview pictures (terminal_shop/share_cards.py) into assets/share/.

    make share-images

Each card is laid out in HTML with the product's own SVG picture and the brand's colours,
photographed by Chromium at 1200 x 630, and saved as an optimised PNG that carries the
fingerprint of what it shows (the unit test compares it with the catalogue).
"""

from __future__ import annotations

import html
import io
import sys
from pathlib import Path

from PIL import Image, PngImagePlugin
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from terminal_shop import asset_links, share_cards  # noqa: E402
from terminal_shop.infra.settings import get_settings  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
MAX_BYTES = 300 * 1024
PAGE = """<!doctype html><html lang="id"><head><meta charset="utf-8"><style>
* {{ margin: 0; box-sizing: border-box; }}
body {{ width: 1200px; height: 630px; overflow: hidden; font-family: "DejaVu Sans", Arial, sans-serif;
  background: linear-gradient(135deg, #1e3a8a 0%, #1d4ed8 60%, #2563eb 100%); color: #fff;
  display: flex; align-items: center; padding: 64px 72px; gap: 40px; }}
.words {{ flex: 1 1 0; min-width: 0; }}
.brand {{ font-size: 34px; font-weight: 700; letter-spacing: .5px; color: #bfdbfe; }}
h1 {{ margin-top: 28px; font-size: {title_size}px; line-height: 1.1; font-weight: 800; }}
p {{ margin-top: 24px; font-size: 30px; line-height: 1.35; color: #dbeafe; }}
.price {{ display: inline-block; margin-top: 36px; padding: 14px 28px; border-radius: 18px;
  background: #fbbf24; color: #0f172a; font-size: 52px; font-weight: 800; }}
.pictures {{ flex: 0 0 auto; display: flex; align-items: flex-end; gap: 4px; }}
.pictures svg {{ height: {picture_height}px; width: auto; filter: drop-shadow(0 24px 32px rgba(15, 23, 42, .45)); }}
</style></head><body>
<div class="words"><div class="brand">{brand}</div><h1>{title}</h1><p>{text}</p>{price}</div>
<div class="pictures">{pictures}</div>
</body></html>"""


def page_for(card: share_cards.Card) -> str:
    pictures = "".join((asset_links.ASSETS_DIR / p.lstrip("/")).read_text() for p in card.pictures)
    return PAGE.format(
        brand=html.escape(get_settings().brand_name),
        title=html.escape(card.title),
        text=html.escape(card.text),
        price=f'<div class="price">{html.escape(card.price_text)}</div>' if card.price_text else "",
        pictures=pictures,
        title_size=72 if card.price_text else 60,
        picture_height=470 if len(card.pictures) == 1 else 250,
    )


def save(card: share_cards.Card, screenshot: bytes) -> int:
    image = Image.open(io.BytesIO(screenshot)).convert("RGB")
    assert image.size == (share_cards.WIDTH, share_cards.HEIGHT), image.size
    info = PngImagePlugin.PngInfo()
    info.add_text(share_cards.FINGERPRINT_KEY, card.fingerprint())
    out = asset_links.ASSETS_DIR / card.path.lstrip("/")
    out.parent.mkdir(parents=True, exist_ok=True)
    image.quantize(colors=256, dither=Image.Dither.NONE).save(out, optimize=True, pnginfo=info)
    size = out.stat().st_size
    assert size < MAX_BYTES, f"{out} is {size} bytes"
    return size


def main() -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": share_cards.WIDTH, "height": share_cards.HEIGHT})
        for card in share_cards.cards():
            page.set_content(page_for(card))
            size = save(card, page.screenshot(type="png"))
            print(f"{card.path}: {size // 1024} KB")
        browser.close()


if __name__ == "__main__":
    main()
