"""The site by keyboard: skip link, focus on each new page, menus, dialogs and the carousel."""

from __future__ import annotations

from playwright.sync_api import expect

from terminal_shop.services.team import admin_auth

from support.accessibility import to_payment_step
from support.factories import ONE_D210, checkout_order, make_merchant
from support.steps import (
    EMAIL,
    PASSWORD,
    sign_in,
)


def focus_inside(pg, selector: str) -> bool:
    return pg.evaluate(f"document.querySelector({selector!r}).contains(document.activeElement)")


def test_dialogs_take_keep_and_return_focus(page, tmp_path):
    """The dialog pattern by keyboard alone: focus in, Tab kept inside, Escape, focus back."""
    to_payment_step(page)
    page.get_by_text("Scan dengan aplikasi e-wallet").click()
    opener = page.get_by_role("button", name="Perbesar QR Code")
    opener.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("dialog")).to_be_visible()
    assert focus_inside(page, "[role=dialog]")
    for key in ("Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"):
        page.keyboard.press(key)
        assert focus_inside(page, "[role=dialog]"), key
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_be_hidden()
    expect(opener).to_be_focused()


def test_phone_menu_by_keyboard(phone):
    phone.goto(phone.base + "/")
    button = phone.get_by_role("button", name="Buka menu")
    button.focus()
    phone.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-expanded", "true")
    phone.wait_for_function("document.querySelector('[data-mobile-menu]').contains(document.activeElement)")
    for _ in range(12):  # every link and back round: focus never leaves the open menu
        phone.keyboard.press("Tab")
        assert focus_inside(phone, "[data-mobile-menu]")
    phone.keyboard.press("Escape")
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(button).to_be_focused()


def test_skip_link_and_focus_on_each_new_page(page):
    page.goto(page.base + "/")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Langsung ke konten utama")
    expect(skip).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("main")).to_be_focused()
    # A page change inside the app puts focus on the new page's heading.
    page.goto(page.base + "/checkout/products")
    page.locator("[data-sku=A920]").get_by_role("button", name="Tambah ke Keranjang").click()
    page.get_by_role("link", name="Lanjut Isi Data").locator("visible=true").first.click()
    expect(page.get_by_role("heading", name="Data Pembeli", level=1)).to_be_focused()
    page.go_back()
    expect(page.get_by_role("heading", level=1).first).to_be_focused()


def test_product_dropdown_closes_with_escape(page):
    page.goto(page.base + "/")
    produk = page.locator("header nav").first.get_by_text("Produk", exact=True)
    produk.click()
    link = page.locator("header nav").first.get_by_role("link", name="D210 UnionPay")
    expect(link).to_be_visible()
    link.focus()
    page.keyboard.press("Escape")
    expect(link).to_be_hidden()
    expect(produk).to_be_focused()


def slide(pg) -> str:
    return pg.evaluate("document.querySelector('[data-carousel] .slide-active').dataset.slide")


def test_carousel_stops_when_asked_and_for_reduced_motion(browser, site):
    for reduced in (False, True):
        context = browser.new_context(reduced_motion="reduce" if reduced else "no-preference")
        pg = context.new_page()
        pg.goto(site + "/")
        if not reduced:
            pause = pg.get_by_role("button", name="Hentikan putar otomatis")
            pause.click()
            expect(pause).to_have_attribute("aria-pressed", "true")
            pg.mouse.move(0, 0)  # not pointing at it: only the pause holds it
            pg.evaluate("document.activeElement.blur()")
        pg.wait_for_timeout(6500)  # longer than one slide's 5 s
        assert slide(pg) == "0", f"reduced motion: {reduced}"
        context.close()


def walk_dialog(pg, opener) -> None:
    """Open by keyboard, Tab and Shift+Tab stay inside, Escape closes, focus comes back."""
    opener.focus()
    pg.keyboard.press("Enter")
    expect(pg.get_by_role("dialog")).to_be_visible()
    pg.wait_for_function("document.querySelector('[role=dialog]').contains(document.activeElement)")
    for key in ("Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"):
        pg.keyboard.press(key)
        assert focus_inside(pg, "[role=dialog]"), key
    pg.keyboard.press("Escape")
    expect(pg.get_by_role("dialog")).to_be_hidden()
    expect(opener).to_be_focused()


def test_admin_dialogs_by_keyboard(page, clean_db, tmp_path):
    admin_auth.create_admin(EMAIL, PASSWORD)
    order = checkout_order(buyer_name="Sari Pratiwi", lines=ONE_D210)
    mid = make_merchant(tmp_path)
    sign_in(page)
    page.goto(page.base + f"/admin/orders/{order.id}")
    walk_dialog(page, page.get_by_role("button", name="Lihat penuh"))
    page.goto(page.base + f"/admin/merchants/{mid}")
    walk_dialog(page, page.get_by_role("button", name="Lihat Foto KTP"))
