"""A PKP buyer's faktur pajak in Chromium (issue 61.1): a minimarket orders on a phone and asks for
a faktur with its NPWP and NITKU (a 15-digit NPWP refused in words), the finance staff export the
month for Coretax and record the NSFP it issued, and the buyer reads it on the order's page."""

from __future__ import annotations

import csv
import io
import re
from datetime import datetime

from playwright.sync_api import expect

from terminal_shop.formats import WIB
from terminal_shop.services.orders import transitions
from terminal_shop.services.orders.order_status import status_path

from support.factories import ADMIN
from support.files import png
from support.steps import add, choose_proof, fill_buyer, orders_in_db, sign_in


def test_a_pkp_buyer_gets_its_faktur_from_the_order_to_coretax_and_back(phone, page, admin, tmp_path):
    phone.goto(phone.base + "/checkout/products")
    add(phone, "A920")
    phone.get_by_role("link", name="Lanjut Isi Data").first.click()
    expect(phone.get_by_role("heading", name="Data Pembeli", level=1)).to_be_visible()
    fill_buyer(phone)
    phone.get_by_test_id("pkp").click()  # the box shows what the server keeps: checked once it answers
    expect(phone.get_by_test_id("pkp")).to_be_checked()
    fields = phone.get_by_test_id("pkp-fields")
    expect(fields).to_be_visible()
    phone.locator("#tax_id").fill("09.254.294.3-407.000")  # the old 15-digit NPWP
    phone.locator("#tax_nitku").fill("0925 4294 3407 0000 000000")
    phone.locator("#tax_name").fill("PT Maju Bersama")
    phone.locator("#tax_address").fill("Jl. Pemuda 1, Semarang")
    phone.get_by_role("button", name="Lanjut ke Pembayaran").click()
    expect(phone.locator("#tax_id-error")).to_have_text("NPWP harus 16 angka (NPWP 16 digit atau NIK)")
    phone.locator("#tax_id").fill("0925.4294.3407.0000")
    phone.get_by_role("button", name="Lanjut ke Pembayaran").click()
    expect(phone.get_by_role("heading", name="Metode Pembayaran")).to_be_visible()
    expect(phone.get_by_text("PT Maju Bersama · NPWP 0925429434070000 · NITKU 0925429434070000000000")).to_be_visible()
    choose_proof(phone, png(tmp_path / "bukti.png"))
    phone.get_by_role("button", name="Kirim Pesanan").click()
    expect(phone.get_by_text("Terima Kasih! Pesanan Anda telah kami terima")).to_be_visible()
    [order] = orders_in_db()
    assert (order.tax_id, order.tax_nitku) == ("0925429434070000", "0925429434070000000000")
    transitions.confirm(str(order.id), ADMIN)  # the payment checked (its own journey: test_admin_browser)

    sign_in(page)
    page.goto(page.base + "/admin/pembayaran")
    page.get_by_label("Bulan").fill(datetime.now(WIB).strftime("%Y-%m"))
    with page.expect_download() as download:
        page.get_by_role("button", name="Unduh CSV Coretax").click()
    rows = list(csv.reader(io.StringIO(download.value.path().read_text(encoding="utf-8-sig"))))
    assert rows[0][3] == "NPWP/NIK Pembeli" and [r[3] for r in rows[1:]] == ["0925429434070000"] and rows[1][2] == "04"

    page.goto(page.base + f"/admin/orders/{order.id}")
    expect(page.get_by_test_id("order-tax-identity")).to_have_text(
        "PT Maju Bersama · NPWP/NIK 0925429434070000 · NITKU 0925429434070000000000"
    )
    page.get_by_label("NSFP dari Coretax (17 digit)").fill("0100002512345678")
    page.get_by_role("button", name="Simpan NSFP").click()
    expect(page.get_by_text("NSFP harus 17 angka").first).to_be_visible()
    page.get_by_label("NSFP dari Coretax (17 digit)").fill("01000025123456789")
    page.get_by_role("button", name="Simpan NSFP").click()
    expect(page.get_by_text("NSFP disimpan")).to_be_visible()
    expect(page.get_by_test_id("order-nsfp")).to_have_text("NSFP 01000025123456789")

    phone.goto(phone.base + status_path(order.id))
    expect(phone.get_by_test_id("faktur")).to_have_text("Faktur pajak NSFP 01000025123456789")
    expect(phone.get_by_test_id("invoice-link")).to_have_text(re.compile(r"Unduh invoice INV/"))
