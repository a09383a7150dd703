"""A PKP buyer's faktur pajak in Chromium (issue 61.1): a minimarket orders on a phone and asks for
a faktur with its NPWP and NITKU (a 15-digit NPWP refused in words), the finance staff export the
month for Coretax and record the NSFP it issued, and the buyer reads it on the order's page; and a
PKP merchant's owner gives its NPWP for its monthly MDR invoice, which finance takes to Coretax (61.2)."""

from __future__ import annotations

import csv
import io
import re
from datetime import date, datetime, timedelta

from playwright.sync_api import expect
from test_account_browser import open_section, sign_in_by_code

from terminal_shop.formats import WIB
from terminal_shop.infra.db import write_session
from terminal_shop.services.orders import transitions
from terminal_shop.services.orders.order_status import status_path
from terminal_shop.services.transactions.tables import FeeInvoice
from terminal_shop.tax import Tax

from support.factories import ADMIN, approved_merchant
from support.files import png
from support.steps import add, choose_proof, fill_buyer, orders_in_db, sign_in

OWNER = "pkp@example.com"


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
    expect(phone.get_by_test_id("return-terms")).to_contain_text("Retur dalam 7 hari setelah pesanan diterima")
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


def test_a_pkp_merchants_owner_gives_its_npwp_and_finance_takes_its_mdr_invoice_to_coretax(
    phone, page, admin, tmp_path, mailbox
):
    """Issue 61.2: the owner on a phone says the business is a PKP (a 15-digit NPWP refused in
    words); finance downloads the month's MDR invoices for Coretax and finds it, split as invoiced."""
    merchant_id = approved_merchant(tmp_path, email=OWNER, hp="0857-6262-6262")
    month = (date.today().replace(day=1) - timedelta(days=1)).replace(day=1)
    with write_session() as s:  # the monthly round's invoice (its own tests: test_fee_invoices_services)
        s.add(FeeInvoice(number="MDR/2026/000041", merchant_id=merchant_id, month=f"{month:%Y-%m}", total=111_000,
                         lines=[{"mid": "000885012345678", "count": 3, "gross": 15_000_000, "mdr": 111_000, "back": 0}],
                         issued_at=datetime.now(WIB)))  # fmt: skip

    sign_in_by_code(phone, mailbox, OWNER)
    open_section(phone, "Pencairan")
    card = phone.locator("#rekening")
    expect(card.get_by_test_id("pkp-line")).to_have_text("Faktur pajak invoice MDR: bukan PKP")
    card.get_by_role("button", name="Ubah data PKP").click()
    form = card.get_by_test_id("pkp-form")
    form.get_by_label("NPWP (16 digit) atau NIK").fill("09.254.294.3-407.000")
    form.get_by_label("NITKU (22 digit)").fill("0925429434070000000000")
    form.get_by_label("Nama sesuai NPWP").fill("CV Warung Maju")
    form.get_by_label("Alamat sesuai NPWP").fill("Jl. Kenjeran 10, Surabaya")
    form.get_by_role("button", name="Simpan").click()
    expect(form.get_by_test_id("pkp-error")).to_have_text("NPWP harus 16 angka (NPWP 16 digit atau NIK)")
    form.get_by_label("NPWP (16 digit) atau NIK").fill("0925.4294.3407.0000")
    form.get_by_role("button", name="Simpan").click()
    expect(card.get_by_test_id("pkp-line")).to_have_text(
        "Faktur pajak invoice MDR: PKP · NPWP/NIK 0925429434070000 · NITKU 0925429434070000000000 · CV Warung Maju"
    )

    sign_in(page)
    page.goto(page.base + "/admin/pembayaran")
    page.get_by_label("Bulan").fill(f"{month:%Y-%m}")
    page.get_by_label("Faktur untuk").select_option("mdr")
    with page.expect_download() as download:
        page.get_by_role("button", name="Unduh CSV Coretax").click()
    rows = list(csv.reader(io.StringIO(download.value.path().read_text(encoding="utf-8-sig"))))
    assert download.value.suggested_filename == f"coretax-mdr-{month:%Y-%m}.csv"
    tax = Tax.of(111_000)
    assert [r[2:6] + r[8:12] for r in rows[1:]] == [
        [
            "04",
            "0925429434070000",
            "0925429434070000000000",
            "CV Warung Maju",
            "MDR/2026/000041",
            str(tax.price),
            str(tax.base),
            str(tax.ppn),
        ]
    ]
