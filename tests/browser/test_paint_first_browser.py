"""Public pages paint before the framework's scripts load (terminal_shop/paint_first.py),
and still work: links before the scripts arrive, everything after."""

from __future__ import annotations

import re
import urllib.request

from playwright.sync_api import expect


def html_of(url: str) -> str:
    with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})) as r:
        data = r.read()
        if r.headers.get("Content-Encoding") == "gzip":
            import gzip

            data = gzip.decompress(data)
        return data.decode()


def test_public_pages_ask_for_no_script_before_painting(site):
    for path in ("/", "/produk/a920", "/checkout/products"):
        html = html_of(site + path)
        assert "modulepreload" not in html and '"first-contentful-paint"' in html, path
    assert '"first-contentful-paint"' not in html_of(site + "/admin/login")  # the back office as Reflex builds it


def test_links_work_before_the_scripts_and_buttons_after(page):
    scripts = []
    page.route(re.compile(r"/assets/.*\.js$"), lambda route: (scripts.append(route.request.url), route.abort()))
    page.goto(page.base + "/", live=False)
    expect(page.get_by_role("heading", level=1).first).to_be_visible()  # painted from the HTML alone
    for _ in range(100):  # the scripts are asked for after the first paint (and refused here)
        if scripts:
            break
        page.wait_for_timeout(100)
    assert scripts
    page.locator("footer").get_by_role("link", name="FAQ").click()  # a plain link: it works without them
    page.wait_for_url(re.compile(r"/faq/?$"))
    page.unroute(re.compile(r"/assets/.*\.js$"))
    page.goto(page.base + "/checkout/products")
    page.locator("[data-sku=A920]").get_by_role("button", name="Tambah ke Keranjang").click()
    expect(page.get_by_role("link", name="Lanjut Isi Data").first).to_be_visible()
