"""The back office on a phone (issue 39.3 and 39.9): the orders list as cards with the action
on each, the work queues with the overview's counts, and an order confirmed, packed and
shipped at 390 px without the page ever scrolling sideways."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from terminal_shop.infra.db import read_session
from terminal_shop.services.devices import owned, stock
from terminal_shop.services.orders import transitions
from terminal_shop.services.team import admin_auth
from terminal_shop.services.transactions import signers

from support.camera import barcode_video
from support.environment import CHROMIUM, CHROMIUM_ARGS
from support.factories import ADMIN, ONE_D210, checkout_order, make_merchant, make_order
from support.files import bank_screenshot, encoded
from support.steps import EMAIL, PASSWORD, sign_in

SHOTS = os.environ.get("SCREENSHOTS_DIR", "")  # README's pictures: SCREENSHOTS_DIR=docs/screenshots


@pytest.fixture
def admin(clean_db):
    admin_auth.create_admin(EMAIL, PASSWORD)


def _at(browser, site, width: int, height: int):
    pg = browser.new_context(viewport={"width": width, "height": height}, has_touch=width < 768).new_page()
    pg.set_default_timeout(15_000)
    pg.base = site
    return pg


def _no_sideways_scroll(pg, width: int = 390) -> None:
    assert pg.evaluate("document.documentElement.scrollWidth") <= width


def _shot(pg, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        pg.screenshot(path=f"{SHOTS}/{name}.png", full_page=bool(os.environ.get("FULL_PAGE")))


def test_an_admin_confirms_packs_and_ships_an_order_on_a_phone(browser, page, admin, tmp_path):
    receipt = bank_screenshot(
        2_498_421, "FT2611A7C3D9", "TERMINALKU", "8720 123456", "26/11/2026 09:14 WIB", "09.14", 80
    )
    order = checkout_order(
        buyer_name="Wulan Sari", lines=ONE_D210, data=encoded(receipt.resize((540, 1200)), "JPEG", quality=80)
    )
    make_order("Lama", status="cancelled")
    phone = _at(browser, page.base, 390, 844)
    sign_in(phone)
    phone.goto(phone.base + "/admin/orders")
    card = phone.get_by_test_id("order-row").filter(has_text="Wulan Sari")
    expect(card.get_by_test_id("order-products")).to_have_text("1× D210 UnionPay")
    expect(phone.get_by_test_id("queue-perlu-diverifikasi")).to_contain_text("1")
    _no_sideways_scroll(phone)
    _shot(phone, "admin-orders-phone")
    review = card.get_by_role("link", name="Review")
    box = review.bounding_box()
    assert box and box["x"] + box["width"] <= 390 and box["height"] >= 44  # on the card, in reach of a thumb

    review.click()
    phone.wait_for_url(re.compile(rf"/admin/orders/{order.id}"))
    # The decision first: the amount expected and the proof above the buyer's details and the logs.
    expected = phone.get_by_test_id("expected-amount")
    expect(expected).to_contain_text(re.compile(r"Jumlah seharusnya: Rp \d"))
    konfirmasi = phone.get_by_role("button", name="Konfirmasi", exact=True)
    buyer = phone.get_by_role("heading", name="Pembeli")
    assert konfirmasi.bounding_box()["y"] < buyer.bounding_box()["y"]
    assert expected.bounding_box()["y"] < 844  # in the first screen
    _no_sideways_scroll(phone)
    _shot(phone, "admin-order-phone")

    konfirmasi.click()
    phone.get_by_role("button", name="Ya, tanpa mutasi").click()
    expect(phone.get_by_test_id("fulfilment")).to_have_text("Perlu dikemas")
    stock.receive("D2100001", "D210", ADMIN, imei="490154203237518")
    scan = phone.get_by_label("Pindai atau ketik SN, lalu Enter")
    scan.fill("D2100001")
    scan.press("Enter")
    phone.get_by_role("button", name="Tandai Dikemas").click()
    expect(phone.get_by_test_id("fulfilment")).to_have_text("Dikemas")
    _no_sideways_scroll(phone)
    phone.get_by_label("Kurir").select_option("jne")
    phone.get_by_label("Nomor resi").fill("CGK1234567890")
    phone.get_by_role("button", name="Tandai Dikirim").click()
    expect(phone.get_by_test_id("fulfilment")).to_have_text("Dikirim")
    _no_sideways_scroll(phone)

    phone.goto(phone.base + "/admin/orders")
    phone.get_by_test_id("queue-dalam-pengiriman").click()
    phone.wait_for_url(re.compile(r"pengiriman=dalam-pengiriman"))
    expect(phone.get_by_test_id("order-row")).to_have_count(1)
    expect(phone.get_by_test_id("order-row")).to_contain_text("Dikirim")
    expect(phone.get_by_test_id("queue-dalam-pengiriman")).to_have_attribute("aria-pressed", "true")
    _no_sideways_scroll(phone)


def test_the_queues_count_what_the_overview_counts(page, admin, tmp_path):
    """Issue 39.9: each queue's count on the list equals the overview's card for it."""
    for name in ("Ani", "Budi", "Citra"):
        make_order(name)
    for name, stage in (("Dodi", ""), ("Eka", ""), ("Fajar", "packed"), ("Gita", "shipped")):
        make_order(name, status="confirmed", fulfilment=stage)
    sign_in(page)
    page.goto(page.base + "/admin/ringkasan")
    cards = {
        label: page.get_by_test_id("waiting").filter(has_text=label).locator("p").nth(1)
        for label in ("Pembayaran menunggu review", "Perlu dikemas", "Perlu dikirim", "Dalam pengiriman")
    }
    overview = {label: cards[label].inner_text() for label in cards}
    assert overview == {
        "Pembayaran menunggu review": "3",
        "Perlu dikemas": "2",
        "Perlu dikirim": "1",
        "Dalam pengiriman": "1",
    }
    page.goto(page.base + "/admin/orders")
    for queue, label in (
        ("perlu-diverifikasi", "Pembayaran menunggu review"),
        ("perlu-dikemas", "Perlu dikemas"),
        ("perlu-dikirim", "Perlu dikirim"),
        ("dalam-pengiriman", "Dalam pengiriman"),
    ):
        tab = page.get_by_test_id(f"queue-{queue}")
        expect(tab).to_contain_text(overview[label])
        tab.click()
        expect(tab).to_have_attribute("aria-pressed", "true")
        expect(page.get_by_test_id("order-row")).to_have_count(int(overview[label]))
    # The overview's card opens the same queue, oldest first.
    page.goto(page.base + "/admin/ringkasan")
    page.get_by_test_id("waiting").filter(has_text="Perlu dikemas").click()
    page.wait_for_url(re.compile(r"/admin/orders\?.*pengiriman=perlu-dikemas"))
    expect(page.get_by_test_id("order-row")).to_have_count(2)
    expect(page.get_by_test_id("order-row").first).to_contain_text("Dodi")
    expect(page.get_by_test_id("order-row").first).to_contain_text("Perlu dikemas")


def test_the_registrations_list_is_cards_with_their_actions_on_a_phone(browser, page, admin, tmp_path):
    mid = make_merchant(tmp_path)
    phone = _at(browser, page.base, 390, 844)
    sign_in(phone)  # the registrations list is the back office's first page
    card = phone.get_by_test_id("merchant-row")
    expect(card).to_contain_text("Warung Bu Sri")
    owner = card.locator("td[data-label='Nama Pemilik']")
    expect(owner).to_have_text("Sri Wahyuni")
    assert (
        owner.evaluate("td => getComputedStyle(td, '::before').content") == '"Nama Pemilik"'
    )  # its column's name beside it
    _no_sideways_scroll(phone)
    see = card.get_by_role("link", name="Lihat")
    box = see.bounding_box()
    assert box and box["x"] + box["width"] <= 390 and box["height"] >= 44
    see.click()
    phone.wait_for_url(re.compile(rf"/admin/merchants/{mid}"))
    expect(phone.get_by_role("button", name="Setujui")).to_be_visible()


def test_staff_on_a_phone_act_from_the_first_screen(browser, page, admin, tmp_path):
    """Issue 50.8: the header took a third of a phone's first screen; a confirmed order opened on
    its buyer, not on "Kemas"; the devices and acquirers tables scrolled sideways."""
    from terminal_shop.services.devices import stock
    from terminal_shop.services.orders import transitions

    order = checkout_order(buyer_name="Rina Kemas", lines=ONE_D210)
    transitions.confirm(str(order.id), "admin@terminalku.example")
    stock.receive("D2108001", "D210", "admin@terminalku.example", imei="490154203237518")
    signers.add_acquirer("bri", "Bank BRI")
    phone = _at(browser, page.base, 390, 844)
    sign_in(phone)
    header = phone.get_by_role("banner")
    assert header.bounding_box()["height"] <= 64  # one compact row
    expect(header.get_by_role("link", name="Perangkat", exact=True)).to_have_count(0)  # behind "Menu"
    header.get_by_text("Menu").click()
    header.get_by_role("link", name="Perangkat", exact=True).click()
    phone.wait_for_url(re.compile(r"/admin/perangkat"))
    unit = phone.get_by_test_id("device-row").filter(has_text="D2108001")
    assert unit.evaluate("e => getComputedStyle(e).display") == "block"  # a card: each value beside its label
    assert unit.locator("td").first.get_attribute("data-label") == "SN"
    _no_sideways_scroll(phone)
    phone.goto(phone.base + "/admin/transaksi")
    assert phone.get_by_test_id("acquirer-health").evaluate("e => getComputedStyle(e).display") == "block"
    _no_sideways_scroll(phone)

    phone.goto(f"{phone.base}/admin/orders/{order.id}")  # confirmed: it opens on packing, the SN field ready
    scan = phone.get_by_label("Pindai atau ketik SN, lalu Enter")
    expect(scan).to_be_focused()
    expect(scan).to_be_in_viewport()
    phone.keyboard.type("D2108001")
    phone.keyboard.press("Enter")
    phone.get_by_role("button", name="Tandai Dikemas").click()
    expect(phone.get_by_test_id("fulfilment")).to_have_text("Dikemas")


def test_the_phones_camera_reads_the_sn_when_receiving_and_packing(playwright_driver, page, admin, tmp_path):
    """Issue 50.8: staff on a phone point its camera at the unit's barcode instead of typing the
    SN. This Chromium has no BarcodeDetector of its own (Linux): the npm fallback reads it."""
    order = checkout_order(buyer_name="Rina Kamera", lines=ONE_D210)
    transitions.confirm(str(order.id), ADMIN)
    camera = playwright_driver.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS + barcode_video("D2109001", tmp_path / "sn.y4m")
    )
    context = camera.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    phone = context.new_page()
    wasm: list[str] = []
    phone.on("request", lambda r: wasm.append(r.url) if ".wasm" in r.url else None)
    phone.set_default_timeout(15_000)
    phone.base = page.base
    sign_in(phone)

    # Receiving: the SN is read in, the IMEI asked next (a D210 has a SIM).
    phone.goto(phone.base + "/admin/perangkat")
    phone.get_by_label("Model", exact=True).select_option("D210")
    phone.get_by_role("button", name="Pindai dengan kamera").click()
    expect(phone.get_by_label("Nomor seri (SN)")).to_have_value("D2109001", timeout=20_000)
    expect(phone.get_by_label("IMEI")).to_be_focused()
    phone.keyboard.type("490154203237518")
    phone.get_by_role("button", name="Terima").click()
    expect(phone.get_by_test_id("received-now")).to_contain_text("D2109001")

    # Packing: read and sent at once, as a handheld scanner's Enter.
    phone.goto(f"{phone.base}/admin/orders/{order.id}")
    phone.get_by_role("button", name="Pindai dengan kamera").click()
    expect(phone.get_by_test_id("pack-serial-chip")).to_have_text(re.compile("D2109001"), timeout=20_000)
    expect(phone.get_by_role("button", name="Pindai dengan kamera")).to_be_visible()  # the camera closed
    phone.get_by_role("button", name="Tandai Dikemas").click()
    expect(phone.get_by_test_id("fulfilment")).to_have_text("Dikemas")
    with read_session() as s:
        assert owned.serials_of(s, order.id) == ["D2109001"]
    assert wasm and all(url.startswith(phone.base) for url in wasm)  # the reader from this site, not a CDN
    camera.close()
