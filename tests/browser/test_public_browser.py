"""The public face of the site, driven in real Chromium against the production build."""

from __future__ import annotations

import re
import time
from urllib.parse import urljoin, urlparse, urlsplit

import pytest
from playwright.sync_api import expect

from terminal_shop import catalogue
from terminal_shop.services import working_days


def path_of(url: str) -> str:
    p = urlparse(url)
    return (p.path.rstrip("/") or "/") + (f"#{p.fragment}" if p.fragment else "")


def wait_path(pg, expected: str) -> None:
    pg.wait_for_function("(p) => (location.pathname.replace(/\\/$/, '') || '/') + location.hash === p", arg=expected)


def test_home_shows_brand_sections_and_prices(page):
    page.goto(page.base + "/")
    expect(page).to_have_title(re.compile("TerminalKu"))
    assert page.locator("html").get_attribute("lang") == "id"
    expect(page.get_by_role("heading", name="EDC Premium untuk Merchant Profesional")).to_be_visible()
    expect(page.locator("#keunggulan")).to_contain_text("Keuntungan Bergabung dengan TerminalKu")
    for title in ("Dashboard Real Time", "MDR Transparan", "Pengajuan Cepat", "Settlement H+1"):
        expect(page.locator("#keunggulan")).to_contain_text(title)
    catalogue = page.locator("#produk")
    expect(catalogue).to_contain_text("Rp 3.499.000")
    expect(catalogue).to_contain_text("Rp 2.499.000")
    expect(catalogue).to_contain_text("Rp 349.000")
    expect(catalogue).to_contain_text("Terlaris")
    expect(catalogue).to_contain_text("Populer")
    assert "2.999.000" not in page.content()  # one price per device
    expect(page.locator("#mdr")).to_contain_text("flat Rp 7.500")
    expect(page.locator("#mdr")).to_contain_text("usaha mikro")
    expect(page.locator("#faq")).to_be_attached()
    expect(page.get_by_text("sedang kami siapkan")).to_be_visible()
    footer = page.locator("footer")
    expect(footer).to_contain_text("© 2025")
    assert footer.locator("a[href^='mailto:']").count() == 1
    assert footer.locator("a[href^='https://wa.me/']").count() == 1
    assert footer.locator("a[href*='instagram.com']").count() == 1
    # Every image says what it shows; thumbnails wait until scrolled to.
    for img in page.locator("img").all():
        described = (img.get_attribute("alt") or "").strip()
        decorative = img.get_attribute("aria-hidden") == "true" or img.get_attribute("role") == "presentation"
        assert described or decorative, img.evaluate("e => e.outerHTML")
    assert page.locator("#tutorial img").first.get_attribute("loading") == "lazy"


def test_marketing_text_is_in_the_prerendered_html(site):
    import urllib.request

    html = urllib.request.urlopen(site + "/").read().decode()
    assert "EDC Premium untuk Merchant Profesional" in html
    assert "Rp 3.499.000" in html
    assert 'lang="id"' in html
    product = urllib.request.urlopen(site + "/produk/a920").read().decode()
    assert "PAX A920 Pro" in product and 'aria-label="Foto PAX A920 Pro"' in product and "<svg" in product
    # Nothing needed to use the page comes from another host (its canonical address is its own).
    hosts = {urlsplit(u).netloc for u in re.findall(r'<(?:script|link)[^>]+(?:src|href)="(https?://[^"]+)"', html)}
    assert hosts <= {urlsplit(site).netloc}


@pytest.mark.parametrize(
    "label, expected",
    [
        ("Home", "/"),
        ("Daftar", "/pendaftaran"),
        ("Status", "/dashboard"),
        ("Pesan", "/checkout/products"),
        ("Tracking", "/dashboard"),
    ],
)
def test_header_links(page, label, expected):
    page.goto(page.base + "/about")
    page.locator("header").get_by_role("link", name=label, exact=True).first.click()
    wait_path(page, expected)


@pytest.mark.parametrize("label, anchor", [("Biaya", "mdr"), ("FAQ", "faq")])
def test_header_anchors_scroll_to_sections(page, label, anchor):
    page.emulate_media(reduced_motion="no-preference")  # as most visitors browse: the section glides into view
    page.goto(page.base + "/")
    page.locator("header nav").get_by_role("link", name=label, exact=True).first.click()
    wait_path(page, f"/#{anchor}")
    # Scrolled so the section starts in the upper half of the screen.
    page.wait_for_function(
        f"(() => {{ const r = document.getElementById('{anchor}').getBoundingClientRect();"
        " return window.scrollY > 0 && r.top >= -5 && r.top < window.innerHeight / 2; })()"
    )
    assert page.evaluate("getComputedStyle(document.documentElement).scrollBehavior") == "smooth"


def test_products_dropdown(page):
    page.goto(page.base + "/")
    nav = page.locator("header nav").first
    dropdown_link = nav.get_by_role("link", name="D210 UnionPay")
    expect(dropdown_link).to_be_hidden()
    nav.get_by_text("Produk", exact=True).click()
    for name in ("A920 Pro", "D210 UnionPay", "Soundbox"):
        expect(nav.get_by_role("link", name=name, exact=True)).to_be_visible()
    dropdown_link.click()
    wait_path(page, "/produk/d210")
    expect(page.get_by_role("heading", name="D210 UnionPay", level=1)).to_be_visible()
    expect(nav.get_by_role("link", name="A920 Pro", exact=True)).to_be_hidden()


def test_header_shadow_after_scrolling(page):
    page.goto(page.base + "/")
    header = page.locator("header[data-site-header]")
    expect(header).not_to_have_class(re.compile("header-scrolled"))
    page.mouse.wheel(0, 400)
    expect(header).to_have_class(re.compile("header-scrolled"))
    page.wait_for_function("getComputedStyle(document.querySelector('[data-site-header]')).boxShadow.includes('24px')")
    page.evaluate("window.scrollTo(0, 5)")
    expect(header).not_to_have_class(re.compile("header-scrolled"))


def _active_slide(page) -> int:
    return int(page.locator("[data-carousel] [data-slide].slide-active").get_attribute("data-slide"))


def test_carousel_autoplay_buttons_dots_and_wrap(page):
    page.emulate_media(reduced_motion="no-preference")  # it plays by itself for those who did not ask for less motion
    page.goto(page.base + "/")
    carousel = page.locator("[data-carousel]")
    assert _active_slide(page) == 0
    expect(carousel.get_by_role("link", name="Pelajari Selengkapnya").first).to_have_attribute("href", "/product-a920")
    started = time.monotonic()
    page.wait_for_function(
        "document.querySelector('[data-carousel] .slide-active').dataset.slide === '1'", timeout=9000
    )
    assert 3.5 < time.monotonic() - started < 8  # every 5 seconds, not at once
    expect(carousel.locator(".slide-active")).to_contain_text("Kemudahan Transaksi UnionPay di Tangan Anda")
    carousel.get_by_role("button", name="Slide berikutnya").click()
    assert _active_slide(page) == 2
    carousel.get_by_role("button", name="Slide sebelumnya").click()
    assert _active_slide(page) == 1
    carousel.get_by_role("button", name="Ke slide 4").click()
    assert _active_slide(page) == 3
    expect(carousel.locator(".slide-active")).to_contain_text(
        "Pengajuan EDC & QRIS Mudah, Cepat, dan Aman bersama TerminalKu"
    )
    carousel.get_by_role("button", name="Slide berikutnya").click()
    assert _active_slide(page) == 0  # wraps forward
    carousel.get_by_role("button", name="Slide sebelumnya").click()
    assert _active_slide(page) == 3  # wraps backward
    assert carousel.locator("[data-dot='3']").get_attribute("aria-current") == "true"


def test_mobile_menu_opens_collapses_products_and_closes_on_choice(phone):
    phone.goto(phone.base + "/")
    menu = phone.locator("[data-mobile-menu]")
    expect(menu).to_be_hidden()
    expect(menu).to_have_attribute("inert", "")  # closed, nothing in it takes keyboard focus
    for _ in range(12):
        phone.keyboard.press("Tab")
        assert phone.evaluate("!!document.activeElement.closest('[data-mobile-menu]')") is False
    phone.get_by_role("button", name="Buka menu").click()
    expect(menu).to_be_visible()
    expect(menu.get_by_role("link", name="Pesan")).to_be_visible()
    expect(menu.get_by_role("link", name="Tracking")).to_be_visible()
    expect(menu.get_by_role("link", name="Soundbox")).to_be_hidden()
    menu.get_by_text("Produk", exact=True).click()
    expect(menu.get_by_role("link", name="Soundbox")).to_be_visible()
    menu.get_by_role("link", name="Soundbox").click()
    wait_path(phone, "/produk/soundbox")
    expect(menu).to_be_hidden()
    # Anchors close it too.
    phone.get_by_role("button", name="Buka menu").click()
    menu.get_by_role("link", name="FAQ").click()
    expect(menu).to_be_hidden()
    # Nothing overflows sideways at 360 px.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("route", ["/produk/a920", "/produk/d210", "/produk/soundbox"])
def test_product_page_order_buttons_go_to_checkout(page, route):
    page.goto(page.base + route)
    # The device's picture is drawn in the page itself, named for screen readers.
    name = next(p.name for p in catalogue.PRODUCTS if p.route == route)
    picture = page.locator("main").get_by_role("img", name=f"Foto {name}")
    expect(picture).to_be_visible()
    assert picture.bounding_box()["height"] >= 200
    next_day = working_days.spoken(working_days.add_working_days(working_days.today_wib(), 1))
    expect(page.get_by_test_id("settlement-day")).to_contain_text(f"hari kerja berikutnya, {next_day}")
    product = next(p for p in catalogue.PRODUCTS if p.route == route)
    order_links = page.locator(f"main a[href='/checkout/products?beli={product.sku}']")
    assert order_links.count() >= 2
    order_links.first.click()  # issue 39.1: "Beli langsung": the product is in the cart
    wait_path(page, "/checkout/products")
    line = page.get_by_test_id("cart-line")
    expect(line).to_have_count(1)
    expect(line).to_contain_text(product.name)
    expect(line.get_by_role("spinbutton")).to_have_value("1")
    page.goto(page.base + route)
    order_links.last.click()  # again: +1, not a second line
    wait_path(page, "/checkout/products")
    expect(line.get_by_role("spinbutton")).to_have_value("2")
    page.wait_for_url(re.compile(r"/checkout/products$"))  # the request is dropped from the address
    page.reload()  # so a reload adds nothing more
    expect(line.get_by_role("spinbutton")).to_have_value("2")


def test_a_home_cards_order_button_puts_its_product_in_the_cart_in_view_on_a_phone(phone):
    phone.goto(phone.base + "/")
    phone.locator("#produk").get_by_role("link", name="Pesan").nth(2).click()
    wait_path(phone, "/checkout/products")
    line = phone.get_by_test_id("cart-line")
    expect(line).to_have_count(1)
    expect(line).to_be_in_viewport()


def test_soundbox_page_content(page):
    page.goto(page.base + "/produk/soundbox")
    main = page.locator("main")
    for text in (
        "Pesan Soundbox Sekarang",
        "Notifikasi suara real-time",
        "Tanpa biaya langganan",
        "0% sampai Rp 500.000",
        "0,3%",
        "Konfirmasi otomatis",
        "penipuan",
        "produktif",
        "Order Sekarang",
    ):
        expect(main).to_contain_text(text)
    main.get_by_role("link", name="Pelajari selengkapnya").click()
    page.wait_for_function("Math.abs(document.getElementById('fitur').getBoundingClientRect().top) < 120")


@pytest.mark.parametrize(
    "old, new",
    [
        ("/product-a920", "/produk/a920"),
        ("/product-d210", "/produk/d210"),
        ("/product-soundbox", "/produk/soundbox"),
        ("/checkout", "/checkout/products"),
    ],
)
def test_redirects_replace_history(page, old, new):
    page.goto(page.base + "/about")
    page.evaluate(f"window.history.pushState({{}}, '', '{old}'); window.dispatchEvent(new PopStateEvent('popstate'))")
    page.goto(page.base + old)
    wait_path(page, new)
    page.go_back()
    page.wait_for_function("!location.pathname.startsWith('/product-') && location.pathname !== '/checkout'")


def test_hero_learn_more_leads_to_canonical_product_page(page):
    page.goto(page.base + "/")
    page.locator("[data-carousel] .slide-active").get_by_role("link", name="Pelajari Selengkapnya").click()
    wait_path(page, "/produk/a920")


def test_not_found_page(page):
    page.goto(page.base + "/tidak-ada-halaman-ini")
    expect(page.get_by_text("404", exact=True)).to_be_visible()
    expect(page.get_by_text("Oops! Page not found")).to_be_visible()
    page.wait_for_function("true")
    page.wait_for_timeout(500)
    assert any("/tidak-ada-halaman-ini" in t for t in page.console_log.texts())
    page.get_by_role("link", name="Return to Home").click()
    wait_path(page, "/")


@pytest.mark.parametrize("route", ["/about", "/careers", "/contact", "/faq", "/docs", "/privacy", "/dashboard"])
def test_info_pages_exist_with_titles(page, route):
    page.goto(page.base + route)
    expect(page.locator("main h1")).to_be_visible()
    assert "TerminalKu" in page.title()
    assert page.locator("meta[name='description']").get_attribute("content")


def test_privacy_page_names_the_data_and_the_law(page):
    page.goto(page.base + "/privacy")
    for text in (
        "KTP",
        "selfie",
        "Kartu Keluarga",
        "rekening",
        "27 Tahun 2022",
        "Berapa lama disimpan",
        "Siapa yang dapat melihatnya",
    ):
        expect(page.locator("main")).to_contain_text(text)


def test_no_internal_link_leads_to_not_found(page):
    """Crawls every internal link reachable from the home page."""
    seen: set[str] = set()
    queue = ["/"]
    while queue:
        path = queue.pop()
        if path in seen:
            continue
        seen.add(path)
        page.goto(page.base + path)
        page.wait_for_load_state("networkidle")
        assert "Oops! Page not found" not in page.content(), f"{path} is a not-found page"
        for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.getAttribute('href'))"):
            url = urlparse(urljoin(page.base + path, href))
            if url.netloc != urlparse(page.base).netloc or url.scheme not in ("http", "https"):
                continue
            target = url.path.rstrip("/") or "/"
            if target.startswith("/files/"):
                continue
            if target not in seen:
                queue.append(target)
    assert {"/", "/pendaftaran", "/checkout/products", "/privacy", "/produk/soundbox", "/dashboard"} <= seen


def test_the_fee_estimator_prices_a_month_of_sales_on_a_phone(phone):
    """Issue 37 point 4: "MDR Transparan" as a figure the visitor computes for their shop."""
    phone.goto(phone.base + "/#mdr")
    box = phone.locator("#hitung-biaya")
    box.get_by_role("button", name="Hitung").click()
    expect(box.get_by_role("alert")).to_have_text("Isi penjualan sebulan, contoh 15.000.000")
    box.get_by_label("Perangkat").select_option("A920 Pro")
    box.get_by_label("Penjualan QRIS sebulan (Rp)").fill("15.000.000")
    box.get_by_label("Penjualan Kartu debit sebulan (Rp)").fill("2.000.000")
    box.get_by_role("button", name="Hitung").click()
    expect(box.get_by_test_id("estimate-total")).to_have_text("Rp 20.000")  # QRIS 0% + 1% of 2 juta
    expect(box.get_by_role("status")).to_contain_text("20 transaksi")
    box.get_by_label("Usaha mikro (omzet sampai Rp 2 miliar setahun)").uncheck()
    box.get_by_role("button", name="Hitung").click()
    expect(box.get_by_test_id("estimate-total")).to_have_text("Rp 125.000")  # + 0,7% of 15 juta
