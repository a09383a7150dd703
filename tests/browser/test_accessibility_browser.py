"""Every page through axe-core (WCAG 2.0 / 2.1 / 2.2 A and AA) at 360 px and 1280 px, in
real Chromium, as a visitor, a buyer, an applicant and an admin reach them. A violation
fails the build with the rule, the elements and axe's advice."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import expect

from terminal_shop.services.backoffice import admin_auth
from terminal_shop.services.registrations import registration_status

from support.environment import ROOT
from support.factories import make_merchant, reject_with_link
from support.files import png
from support.steps import (
    BUYER,
    EMAIL,
    PASSWORD,
    agree,
    choose,
    choose_proof,
    documents,
    fill_details,
    next_step,
    real_order,
    sign_in,
)

AXE = ROOT / ".tools/node_modules/axe-core/axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
WIDTHS = {"phone": (360, 740), "desktop": (1280, 900)}
STATIC = ["/", "/produk/a920", "/produk/d210", "/produk/soundbox", "/about", "/careers", "/contact", "/faq"]
STATIC += ["/docs", "/privacy", "/dashboard", "/checkout/products", "/pendaftaran", "/tidak-ada-halaman-ini"]


def to_confirm(pg) -> None:
    """The checkout up to the payment step, at any width (phones have a second cart bar)."""
    pg.goto(pg.base + "/checkout/products")
    pg.locator("[data-sku=A920]").get_by_role("button", name="Tambah ke Keranjang").click()
    pg.get_by_role("link", name="Lanjut Isi Data").locator("visible=true").first.click()
    expect(pg.get_by_role("heading", name="Data Pembeli", level=1)).to_be_visible()
    axe(pg, "checkout form")
    for name, value in BUYER.items():
        pg.locator(f"#{name}").fill(value)
    pg.get_by_role("button", name="Lanjut ke Pembayaran").click()
    expect(pg.get_by_role("heading", name="Metode Pembayaran")).to_be_visible()


@pytest.fixture(params=list(WIDTHS))
def tab(request, browser, site):
    width, height = WIDTHS[request.param]
    context = browser.new_context(viewport={"width": width, "height": height}, locale="id-ID")
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    pg.base = site
    yield pg
    context.close()


def axe(pg, where: str) -> None:
    """No violation of the WCAG A/AA rules on what the page shows now."""
    pg.wait_for_function("document.readyState === 'complete'")
    # Toasts and dialogs fading in would be measured half transparent: wait until they end.
    pg.wait_for_function(
        "document.getAnimations().every(a => a.playState !== 'running' || !isFinite(a.effect.getComputedTiming().endTime))"
    )
    if not pg.evaluate("typeof window.axe !== 'undefined'"):
        pg.add_script_tag(path=str(AXE))
    found = pg.evaluate(
        """async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags}})).violations
            .map(v => `${v.id} (${v.impact}): ${v.help}\\n` + v.nodes.slice(0, 4)
                .map(n => `    ${n.target.join(' ')}: ${(n.failureSummary || '').split('\\n')[1] || ''}`).join('\\n'))""",
        TAGS,
    )
    width = pg.viewport_size["width"]
    assert not found, f"{where} at {width}px:\n" + "\n".join(found)


def test_public_pages(tab):
    for path in STATIC:
        tab.goto(tab.base + path)
        expect(tab.locator("h1").first).to_be_visible()
        axe(tab, path)


def test_checkout_steps_and_result_pages(tab, tmp_path):
    to_confirm(tab)
    axe(tab, "checkout confirm")
    tab.get_by_text("Scan dengan aplikasi e-wallet").click()
    tab.get_by_role("button", name="Perbesar QR Code").click()
    expect(tab.get_by_role("dialog")).to_be_visible()
    axe(tab, "QR dialog")
    tab.get_by_role("button", name="Tutup").click()
    choose_proof(tab, png(tmp_path / "bukti.png"))
    axe(tab, "checkout confirm with a proof")
    tab.get_by_role("button", name="Kirim Pesanan").click()
    expect(tab.get_by_text("Terima Kasih! Pesanan Anda telah kami terima")).to_be_visible()
    axe(tab, "checkout success")
    tab.get_by_role("link", name=re.compile("Lihat status pesanan", re.I)).first.click()
    expect(tab.get_by_role("heading", level=1)).to_be_visible()
    axe(tab, "order status page")
    tab.goto(tab.base + "/checkout/form")
    axe(tab, "checkout form (empty cart)")
    tab.goto(tab.base + "/checkout/failed?reason=upload")
    axe(tab, "checkout failed")


def test_checkout_form_with_errors(tab):
    tab.goto(tab.base + "/checkout/products")
    tab.locator("[data-sku=A920]").get_by_role("button", name="Tambah ke Keranjang").click()
    axe(tab, "cart with a product")
    tab.get_by_role("link", name="Lanjut Isi Data").locator("visible=true").first.click()
    expect(tab.get_by_role("heading", name="Data Pembeli", level=1)).to_be_visible()
    tab.get_by_role("button", name="Lanjut ke Pembayaran").click()
    expect(tab.get_by_text("Nama lengkap wajib diisi").first).to_be_visible()
    expect(tab.locator("#buyer_name")).to_be_focused()
    tab.locator("#buyer_name").fill("Siti Rahayu")
    tab.get_by_role("button", name="Lanjut ke Pembayaran").click()
    expect(tab.locator("#buyer_phone")).to_be_focused()  # now the first one left
    axe(tab, "checkout form with errors")


def test_registration_wizard_and_result(tab, tmp_path):
    tab.goto(tab.base + "/pendaftaran")
    next_step(tab)
    expect(tab.locator("#nama_lengkap")).to_be_focused()  # the first field in error, its message read with it
    expect(tab.locator("#nama_lengkap")).to_have_attribute("aria-invalid", "true")
    axe(tab, "wizard step 1 with errors")
    fill_details(tab, email=f"axe-{uuid.uuid4().hex[:8]}@example.com", nomor_hp=f"0812{uuid.uuid4().int % 10**8:08d}")
    next_step(tab)
    axe(tab, "wizard step 2 (documents)")
    for doc, path in documents(tmp_path, all_five=False).items():
        choose(tab, doc, path)
    axe(tab, "wizard step 2 with documents")
    next_step(tab)
    agree(tab)
    axe(tab, "wizard step 3")
    tab.get_by_role("button", name="Kirim Pendaftaran").click()
    tab.wait_for_url(re.compile(r"/pendaftaran/(sukses|berhasil|success)"))
    axe(tab, "registration success")


def test_admin_pages(tab, clean_db, tmp_path):
    admin_auth.create_admin(EMAIL, PASSWORD)
    mid = make_merchant(tmp_path)
    order = real_order(tmp_path, "Sari Pratiwi")
    tab.goto(tab.base + "/admin/login")
    axe(tab, "admin sign-in")
    sign_in(tab)
    axe(tab, "admin registrations")
    for path, ready in (
        ("/admin/orders", "order-row"),
        (f"/admin/orders/{order.id}", "totals"),
        (f"/admin/merchants/{mid}", "doc-ktp"),
        ("/admin/ringkasan", "orders"),
        ("/admin/orders?q=tidak-ada", "empty"),
    ):
        tab.goto(tab.base + path)
        expect(tab.get_by_test_id(ready).first).to_be_visible()
        axe(tab, path)
    tab.goto(tab.base + f"/admin/merchants/{mid}")
    tab.get_by_role("button", name="Lihat Foto KTP").click()
    expect(tab.get_by_role("dialog")).to_be_visible()
    axe(tab, "document viewer")


def focus_inside(pg, selector: str) -> bool:
    return pg.evaluate(f"document.querySelector({selector!r}).contains(document.activeElement)")


def test_dialogs_take_keep_and_return_focus(page, tmp_path):
    """The dialog pattern by keyboard alone: focus in, Tab kept inside, Escape, focus back."""
    to_confirm(page)
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


def path_of(link: str) -> str:
    return re.sub(r"^https?://[^/]+", "", link)


def test_applicant_and_first_admin_pages(tab, clean_db, tmp_path):
    mid = make_merchant(tmp_path)
    tab.goto(tab.base + path_of(registration_status.status_link(mid)))
    expect(tab.get_by_role("heading", level=1)).to_be_visible()
    axe(tab, "registration status")
    tab.goto(tab.base + path_of(reject_with_link(mid, ["ktp", "data-bank"])))
    expect(tab.get_by_role("heading", level=1)).to_be_visible()
    axe(tab, "correction page")
    tab.goto(tab.base + "/pendaftaran/gagal?reason=upload")
    expect(tab.get_by_role("heading", level=1)).to_be_visible()
    axe(tab, "registration failed")

    email, one_time = admin_auth.create_admin(EMAIL)  # as `make run` creates the first admin
    tab.goto(tab.base + "/admin/login")
    tab.locator("#email").fill(email)
    tab.locator("#password").fill(one_time)
    tab.get_by_role("button", name="Masuk sebagai Admin").click()
    tab.wait_for_url(re.compile(r"/admin/password/?$"))
    tab.get_by_role("button", name="Simpan Password").click()
    axe(tab, "first admin's new password")


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
    order = real_order(tmp_path, "Sari Pratiwi")
    mid = make_merchant(tmp_path)
    sign_in(page)
    page.goto(page.base + f"/admin/orders/{order.id}")
    walk_dialog(page, page.get_by_role("button", name="Lihat penuh"))
    page.goto(page.base + f"/admin/merchants/{mid}")
    walk_dialog(page, page.get_by_role("button", name="Lihat Foto KTP"))
