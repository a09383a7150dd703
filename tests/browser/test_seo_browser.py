"""What a crawler or a link preview reads of the built site, fetched without running scripts:
robots.txt, the sitemap of indexable pages, noindex on private ones, canonical addresses,
Open Graph tags and JSON-LD built from the catalogue."""

from __future__ import annotations

import io
import json
import re
import urllib.request
import uuid
from urllib.parse import urlsplit

from PIL import Image

from terminal_shop import catalogue, content

INDEXABLE = {
    "/",
    "/produk/a920",
    "/produk/d210",
    "/produk/soundbox",
    "/about",
    "/careers",
    "/contact",
    "/faq",
    "/docs",
    "/privacy",
    "/dashboard",
    "/garansi",
    "/pendaftaran",
    "/checkout/products",
}
PRIVATE = ["/checkout/form", "/checkout/confirm", "/pendaftaran/success", "/admin/login", f"/pesanan/{uuid.uuid4()}"]


def fetch(url: str) -> str:
    return fetch_with_headers(url)[0]


def fetch_with_headers(url: str) -> tuple[str, dict[str, str]]:
    with urllib.request.urlopen(url, timeout=30) as r:
        return r.read().decode(), {k.lower(): v for k, v in r.headers.items()}


def path_of(url: str) -> str:
    return urlsplit(url).path.rstrip("/") or "/"


def meta(html: str, key: str) -> list[str]:
    found = []
    for tag in re.findall(r"<meta [^>]*>", html):
        if f'"{key}"' in tag:
            found += re.findall(r'content="([^"]*)"', tag)
    return found


def json_ld(html: str) -> list[dict]:
    blocks = re.findall(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)
    return [json.loads(b) for b in blocks]


def test_robots_keeps_crawlers_out_of_private_areas_and_names_the_sitemap(site):
    robots = fetch(site + "/robots.txt")
    disallowed = set(re.findall(r"^Disallow: (\S+)$", robots, re.M))
    assert {"/admin", "/api/", "/files/", "/checkout/confirm", "/pesanan/", "/pendaftaran/perbaiki/"} <= disallowed
    assert re.search(r"^Sitemap: https?://\S+/sitemap\.xml$", robots, re.M)


def test_the_sitemap_lists_the_indexable_pages_only(site):
    sitemap = fetch(site + "/sitemap.xml")
    locs = re.findall(r"<loc>([^<]+)</loc>", sitemap)
    assert {path_of(loc) for loc in locs} == INDEXABLE
    assert all(loc.startswith("http") for loc in locs)
    assert sitemap.count("<lastmod>") == len(locs)


def test_private_pages_say_noindex_and_public_ones_do_not(site):
    for path in PRIVATE:  # in the page, or (a dynamic page's HTML is generic) in its headers
        html, headers = fetch_with_headers(site + path)
        assert "noindex" in " ".join(meta(html, "robots")) + headers.get("x-robots-tag", ""), path
    for path in ("/", "/produk/a920", "/pendaftaran"):
        html, headers = fetch_with_headers(site + path)
        assert meta(html, "robots") == [] and "x-robots-tag" not in headers, path


def test_each_indexable_page_has_its_own_title_a_canonical_address_and_preview_tags(site):
    titles, descriptions = set(), set()
    for path in sorted(INDEXABLE):
        html = fetch(site + path)
        titles.add(re.search(r"<title>([^<]*)</title>", html)[1])
        descriptions.add(meta(html, "description")[0])
        canonical = re.search(r'<link [^>]*rel="canonical"[^>]*>', html)[0]
        assert path_of(re.search(r'href="([^"]+)"', canonical)[1]) == path
        assert meta(html, "og:url") and path_of(meta(html, "og:url")[0]) == path
        assert meta(html, "og:locale") == ["id_ID"] and meta(html, "og:title") and meta(html, "og:description")
    assert len(titles) == len(descriptions) == len(INDEXABLE)


def picture_at(url: str) -> tuple[str, tuple[int, int]]:
    with urllib.request.urlopen(url, timeout=30) as r:
        assert r.status == 200 and r.headers["Content-Type"] == "image/png"
        with Image.open(io.BytesIO(r.read())) as image:
            return image.format, image.size


def test_a_shared_link_shows_a_large_picture_and_a_product_link_its_own(site):
    pictures = {}
    for path in ("/", "/faq", *(p.route for p in catalogue.PRODUCTS)):
        html = fetch(site + path)
        [image] = meta(html, "og:image")
        assert image.startswith(site + "/") and meta(html, "twitter:image") == [image], path  # absolute
        assert (meta(html, "og:image:width"), meta(html, "og:image:height")) == (["1200"], ["630"])
        assert meta(html, "twitter:card") == ["summary_large_image"]
        assert picture_at(image) == ("PNG", (1200, 630)), path
        pictures[path] = image
    assert pictures["/faq"] == pictures["/"]
    assert len({pictures[p.route] for p in catalogue.PRODUCTS} | {pictures["/"]}) == 1 + len(catalogue.PRODUCTS)


def test_product_pages_carry_the_catalogue_price_as_json_ld(site):
    for product in catalogue.PRODUCTS:
        blocks = json_ld(fetch(site + product.route))
        [offer] = [b["offers"] for b in blocks if b["@type"] == "Product"]
        assert (offer["price"], offer["priceCurrency"]) == (str(product.price), "IDR")
        [crumbs] = [b for b in blocks if b["@type"] == "BreadcrumbList"]
        assert [i["name"] for i in crumbs["itemListElement"]] == ["Beranda", product.name]
    home = {b["@type"]: b for b in json_ld(fetch(site + "/"))}
    assert {"Organization", "WebSite", "FAQPage"} <= set(home)
    assert len(home["FAQPage"]["mainEntity"]) == len(content.FAQ)
