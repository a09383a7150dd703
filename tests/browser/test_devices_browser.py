"""Stock by serial number in Chromium (issue 36, point 1): a shipping clerk opens "Perangkat",
receives three units with the keyboard as a barcode scanner types (the SN, then Enter; the
field is emptied and keeps the focus), is told why a unit is refused, imports a CSV whose
refused lines are named, finds a unit by its SN and downloads the list as CSV."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from terminal_shop.services.devices.stock import in_stock
from terminal_shop.services.team import admin_auth
from terminal_shop.services.team.terms import AdminRole

from support.steps import EMAIL, PASSWORD

IMEI = "490154203237518"


def test_a_clerk_receives_units_by_scanning_and_from_a_csv(page, tmp_path, clean_db):
    admin_auth.create_admin(EMAIL, PASSWORD, AdminRole.SHIPPING)
    page.goto(page.base + "/admin/login")
    page.locator("#email").fill(EMAIL)
    page.locator("#password").fill(PASSWORD)
    page.get_by_role("button", name="Masuk sebagai Admin").click()
    page.wait_for_url(re.compile(r"/admin/orders"))  # a shipping clerk's first page
    page.get_by_role("link", name="Perangkat").first.click()
    page.wait_for_url(re.compile(r"/admin/perangkat/?$"))
    expect(page.get_by_role("heading", name="Perangkat", level=1)).to_be_visible()

    page.get_by_label("Model", exact=True).select_option("A920")
    serial = page.get_by_label("Nomor seri (SN)")
    serial.click()  # then only the scanner: after each unit the field has the focus again
    for sn in ("0820000001", "0820000002", "0820000003"):
        expect(serial).to_be_focused()
        page.keyboard.type(sn)  # as a scanner does: the characters, then Enter
        page.keyboard.press("Enter")
        expect(page.get_by_test_id("received-now")).to_contain_text(f"A920 SN {sn}")
        expect(serial).to_have_value("")
    expect(page.get_by_test_id("stock")).to_contain_text("3 A920 Pro")
    assert in_stock()["A920"] == 3

    page.keyboard.type("0820000002")  # scanned twice
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("receive-error")).to_have_text("Nomor seri 0820000002 sudah terdaftar")
    page.get_by_label("Model", exact=True).select_option("D210")
    serial.fill("D210000001")
    serial.press("Enter")
    expect(page.get_by_test_id("receive-error")).to_have_text("IMEI wajib diisi untuk D210 (perangkat 4G)")
    # A refusal puts the cursor back in the SN field for the scanner: the clerk moves on from there
    # (filled before it lands, the IMEI went into the SN field).
    expect(serial).to_be_focused()
    page.get_by_label("IMEI", exact=True).fill(IMEI)
    serial.press("Enter")
    expect(page.get_by_test_id("received-now")).to_contain_text("D210 SN D210000001")

    csv_file = tmp_path / "stok.csv"
    csv_file.write_text("SN,Model,IMEI,ICCID\nSB00000001,SOUNDBOX,,\nSB00000002,SOUNDBOX,,\n0820000001,A920,,\n")
    page.locator("#devices_csv input[type=file]").set_input_files(str(csv_file))
    results = page.get_by_test_id("csv-results")
    expect(page.get_by_test_id("csv-note")).to_have_text("3 baris: 2 berhasil, 1 ditolak")
    expect(results).to_contain_text("Baris 2: SB00000001 — Diterima")
    expect(results).to_contain_text("Baris 4: 0820000001 — Nomor seri 0820000001 sudah terdaftar")
    expect(page.get_by_test_id("stock")).to_contain_text("2 Soundbox")

    page.get_by_label("Cari perangkat").fill("0820000003")
    page.get_by_role("button", name="Cari").click()
    expect(page.get_by_test_id("device-row")).to_have_count(1)
    expect(page.get_by_test_id("device-row")).to_contain_text("0820000003")
    with page.expect_download() as download:
        page.get_by_role("button", name="Ekspor CSV").click()  # the list as it is filtered: one unit
    text = download.value.path().read_text(encoding="utf-8-sig")
    assert text.startswith("Diterima,SN,Model,IMEI,ICCID,Status,TID,MID,Pesanan,Merchant")
    assert text.count("\n") == 2 and ",0820000003,A920,,,Stok," in text
    page.get_by_label("Cari perangkat").fill("")
    page.get_by_role("button", name="Cari").click()
    expect(page.get_by_test_id("device-total")).to_have_text("6 perangkat")
    with page.expect_download() as download:
        page.get_by_role("button", name="Ekspor CSV").click()
    text = download.value.path().read_text(encoding="utf-8-sig")
    assert text.count("\n") == 7 and f",D210000001,D210,{IMEI},,Stok," in text  # six units and the header


def test_an_order_names_its_merchant_and_the_devices_list_opens_both(page, tmp_path, clean_db):
    """Issue 50.5: the link between an order and a registration existed only in the data."""
    from terminal_shop.services.devices import linking, packing, stock
    from terminal_shop.services.orders import transitions

    from support.factories import ADMIN, ONE_D210, checkout_order, make_merchant
    from support.steps import sign_in

    admin_auth.create_admin(EMAIL, PASSWORD)
    order = checkout_order(buyer_name="Sri Pembeli", lines=ONE_D210)
    merchant_id = make_merchant(tmp_path, email="sri.toko@example.com", nama_usaha="Toko Sri Makmur")
    transitions.confirm(str(order.id), ADMIN)
    linking.link(str(order.id), str(merchant_id), ADMIN)
    stock.receive("D2106001", "D210", ADMIN, imei="490154203237518")
    packing.pack(str(order.id), ["D2106001"], ADMIN)
    sign_in(page)

    page.goto(f"{page.base}/admin/orders/{order.id}")
    page.get_by_test_id("order-merchant").get_by_role("link", name="Toko Sri Makmur").click()
    page.wait_for_url(re.compile(rf"/admin/merchants/{merchant_id}$"))
    page.get_by_test_id("linked-order").get_by_role("link", name=order.number).click()
    page.wait_for_url(re.compile(rf"/admin/orders/{order.id}$"))

    page.goto(page.base + "/admin/perangkat")
    row = page.get_by_test_id("device-row").filter(has_text="D2106001")
    row.get_by_role("link", name="Toko Sri Makmur").click()
    page.wait_for_url(re.compile(rf"/admin/merchants/{merchant_id}$"))
    page.go_back()
    page.get_by_test_id("device-row").filter(has_text="D2106001").get_by_role("link", name=order.number).click()
    page.wait_for_url(re.compile(rf"/admin/orders/{order.id}$"))
