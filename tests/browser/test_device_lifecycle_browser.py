"""A terminal from the shelf to active at its merchant, in Chromium (issue 36): the product
page tells the stock; the admin packs an order by scanning its units (a wrong unit refused
beside the field), ships and delivers it; the merchant's page shows the device waiting for
TID/MID and the admin activates it; the buyer's order page shows the unit's way to "Aktif"
with its SN, TID and warranty; a stranger's /garansi lookup shows the model and the date only."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from pypdf import PdfReader

from terminal_shop import catalogue
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.backoffice import admin_merchants
from terminal_shop.services.devices import stock
from terminal_shop.services.orders import transitions
from terminal_shop.services.orders.order_status import status_path
from terminal_shop.services.registrations import admin_edit, registration_status
from terminal_shop.services.team import admin_auth

from support.factories import ADMIN, ONE_D210, checkout_order, make_merchant
from support.steps import EMAIL, PASSWORD, sign_in

IMEI = ("490154203237518", "356938035643809")
D210 = catalogue.product("D210")


def _pdf_text(path) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(path).pages)


def test_an_order_is_packed_by_scanning_activated_and_followed_by_its_buyer(page, browser, tmp_path, clean_db):
    admin_auth.create_admin(EMAIL, PASSWORD)
    page.goto(page.base + "/produk/d210")
    expect(page.get_by_test_id("stock-D210")).to_have_text("Pre-order, dikirim dalam 7 hari kerja")
    expect(page.get_by_test_id("sdppi")).to_have_text(D210.sdppi)  # its certificate, on its page (issue 61.6)
    for sn, imei in zip(("D2100001", "D2100002"), IMEI, strict=True):
        stock.receive(sn, "D210", ADMIN, imei=imei)
    stock.receive("A9200001", "A920", ADMIN)
    page.reload()
    expect(page.get_by_test_id("stock-D210")).to_have_text("Stok tersedia")

    order = checkout_order(buyer_name="Rahma Putri", lines=ONE_D210)  # one D210, rahma@example.com, 081234567890
    merchant_id = make_merchant(tmp_path, email="rahma@example.com", hp="081234567890", nama_usaha="Warung Rahma")
    form = admin_merchants.detail(str(merchant_id)).form
    admin_edit.save(str(merchant_id), {**form, "status": "approved"}, ADMIN)
    transitions.confirm(str(order.id), ADMIN)

    admin = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    admin.base = page.base
    sign_in(admin)
    admin.goto(f"{page.base}/admin/orders/{order.id}")
    expect(admin.get_by_test_id("units-needed")).to_have_text("1 D210 UnionPay")
    scan = admin.get_by_label("Pindai atau ketik SN, lalu Enter")
    scan.click()
    admin.keyboard.type("A9200001")  # the wrong box from the shelf
    admin.keyboard.press("Enter")
    expect(scan).to_have_value("")
    admin.get_by_role("button", name="Tandai Dikemas").click()
    expect(admin.get_by_test_id("pack-error")).to_have_text(
        "Perangkat A9200001 adalah PAX A920 Pro; pesanan ini memesan D210 UnionPay"
    )  # what it is and what the order wants (issue 46.13)
    admin.get_by_role("button", name="Hapus SN A9200001").click()
    scan.click()
    admin.keyboard.type("d210 0002")
    admin.keyboard.press("Enter")
    expect(admin.get_by_test_id("pack-serial-chip")).to_have_text(re.compile("D2100002"))
    admin.get_by_role("button", name="Tandai Dikemas").click()
    expect(admin.get_by_test_id("fulfilment")).to_have_text("Dikemas")
    expect(admin.get_by_test_id("admin-unit")).to_contain_text("SN D2100002")
    admin.get_by_label("Kurir").select_option("jne")
    admin.get_by_label("Nomor resi").fill("CGK0012345678")
    admin.get_by_role("button", name="Tandai Dikirim").click()
    expect(admin.get_by_test_id("fulfilment")).to_have_text("Dikirim")
    admin.get_by_role("button", name="Tandai Diterima").click()
    expect(admin.get_by_test_id("fulfilment")).to_have_text("Diterima")

    admin.goto(f"{page.base}/admin/merchants/{merchant_id}")
    device = admin.get_by_test_id("device")
    expect(device).to_contain_text("SN D2100002")
    expect(admin.get_by_test_id("device-waiting")).to_have_text("Menunggu TID/MID dari bank")
    expect(admin.get_by_test_id("linked-order")).to_contain_text(order.number)  # linked by e-mail and HP
    admin.get_by_label("Acquirer", exact=True).fill("BRI")
    admin.get_by_label("MID", exact=True).fill("000885012345678")
    admin.get_by_label("TID", exact=True).fill("12")
    admin.get_by_role("button", name="Aktifkan D2100002").click()
    expect(admin.get_by_test_id("activate-error")).to_have_text("TID harus 8 huruf atau angka")
    admin.get_by_label("TID", exact=True).fill("BRI00123")
    admin.get_by_role("button", name="Aktifkan D2100002").click()
    expect(admin.get_by_test_id("device-tid")).to_have_text("BRI00123")
    expect(admin.get_by_test_id("device-status")).to_have_text("Aktif")

    page.goto(page.base + status_path(order.id))
    mine = page.get_by_test_id("device")
    expect(mine).to_contain_text("D210 UnionPay")
    expect(page.get_by_test_id("device-serial")).to_have_text("D2100002")
    expect(page.get_by_test_id("device-tid")).to_have_text("BRI00123")
    expect(page.get_by_test_id("device-warranty")).to_contain_text("berlaku s.d.")
    expect(mine.get_by_role("link", name="Kartu garansi (PDF)")).to_be_visible()
    expect(mine.get_by_role("list", name="Perjalanan perangkat")).to_contain_text("Dikirim · resi CGK0012345678")
    expect(page.get_by_test_id("register-invitation")).to_have_count(0)  # linked: nothing to register
    registration_page = registration_status.status_link(merchant_id).removeprefix(get_settings().public_url)
    page.goto(page.base + registration_page)
    expect(page.get_by_test_id("device-serial")).to_have_text("D2100002")  # the registration's page lists it too

    stranger = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    stranger.goto(page.base + "/garansi")
    stranger.get_by_label("Nomor seri (SN)").fill("D2100002")
    stranger.get_by_role("button", name="Cek Garansi").click()
    answer = stranger.get_by_test_id("warranty-answer")
    expect(answer).to_contain_text("D210 UnionPay")
    expect(stranger.get_by_test_id("warranty-until")).to_have_text(re.compile(r"^\d{1,2} \w+ \d{4}$"))
    for private in ("Rahma", "Warung", "example.com", "0812", "BRI00123"):
        expect(stranger.locator("main")).not_to_contain_text(private)
    # Its warranty card (Permendag 38/2019), in Bahasa Indonesia, naming no owner either.
    with stranger.expect_download() as got:
        stranger.get_by_role("link", name="Unduh Kartu Garansi (PDF)").click()
    card = _pdf_text(got.value.path())
    until = stranger.get_by_test_id("warranty-until").inner_text()
    for said in (
        "KARTU GARANSI",
        "D210 UnionPay",
        "D2100002",
        D210.sdppi,
        D210.warranty_card_no,
        f"Garansi berakhir {until}",
        "Layanan servis",
        get_settings().seller_address,
    ):
        assert said in card, f"{said!r} not on the card:\n{card}"
    assert not any(private in card for private in ("Rahma", "Warung", "rahma@", "0812", "BRI00123"))
    stranger.get_by_label("Nomor seri (SN)").fill("D2100001")  # still on the shelf: nobody's yet
    stranger.get_by_role("button", name="Cek Garansi").click()
    expect(stranger.get_by_test_id("warranty-error")).to_contain_text("Nomor seri tidak ditemukan")
    expect(answer).to_have_count(0)


def test_the_owner_sets_a_merchants_agreed_mdr_on_its_page(page, tmp_path, clean_db):
    """Issue 37 point 4: the rates a merchant agreed, set on the merchant; a wrong one refused."""
    admin_auth.create_admin(EMAIL, PASSWORD)
    merchant_id = make_merchant(tmp_path, email="rahma@example.com", hp="081234567890", nama_usaha="Warung Rahma")
    sign_in(page)
    page.goto(f"{page.base}/admin/merchants/{merchant_id}")
    card = page.get_by_role("form", name="MDR yang disepakati")
    expect(page.get_by_text("Belum ada: tarif umum berlaku.")).to_be_visible()
    card.get_by_label("Kanal").select_option("QRIS")
    card.get_by_label("MDR (%)").fill("abc")
    card.get_by_label("Berlaku mulai").fill("2026-12-01")
    card.get_by_role("button", name="Tetapkan MDR").click()
    expect(card.get_by_text("Isi persen 0 sampai 10, contoh 0,5")).to_be_visible()
    card.get_by_label("MDR (%)").fill("0,25")
    card.get_by_role("button", name="Tetapkan MDR").click()
    expect(page.get_by_test_id("agreed-rate")).to_have_text(f"QRIS: 0,25% mulai 1 Des 2026 · {EMAIL}")
