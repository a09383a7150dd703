"""Every page through axe-core (WCAG 2.0 / 2.1 / 2.2 A and AA) at 360 px and 1280 px, in
real Chromium, as a visitor, a buyer, an applicant and an admin reach them. A violation
fails the build with the rule, the elements and axe's advice."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import expect

from terminal_shop.formats import WIB
from terminal_shop.services.registrations import registration_status
from terminal_shop.services.team import admin_auth

from support.accessibility import axe, to_payment_step
from support.factories import ONE_D210, checkout_order, make_merchant, reject_with_link
from support.files import png
from support.steps import (
    EMAIL,
    PASSWORD,
    agree,
    choose,
    choose_proof,
    documents,
    fill_details,
    next_step,
    sign_in,
)

WIDTHS = {"phone": (360, 740), "desktop": (1280, 900)}
STATIC = ["/", "/produk/a920", "/produk/d210", "/produk/soundbox", "/about", "/careers", "/contact", "/faq"]
STATIC += ["/docs", "/privacy", "/dashboard", "/checkout/products", "/pendaftaran", "/tidak-ada-halaman-ini"]


@pytest.fixture(params=list(WIDTHS))
def tab(request, browser, site):
    width, height = WIDTHS[request.param]
    context = browser.new_context(viewport={"width": width, "height": height}, locale="id-ID")
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    pg.base = site
    yield pg
    context.close()


def test_public_pages(tab):
    for path in STATIC:
        tab.goto(tab.base + path)
        expect(tab.locator("h1").first).to_be_visible()
        axe(tab, path)


def test_checkout_steps_and_result_pages(tab, tmp_path):
    to_payment_step(tab)
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
    order = checkout_order(buyer_name="Sari Pratiwi", lines=ONE_D210)
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
        ("/admin/sesi", "session-row"),
    ):
        tab.goto(tab.base + path)
        expect(tab.get_by_test_id(ready).first).to_be_visible()
        axe(tab, path)
    tab.goto(tab.base + f"/admin/merchants/{mid}")
    tab.get_by_role("button", name="Lihat Foto KTP").click()
    expect(tab.get_by_role("dialog")).to_be_visible()
    axe(tab, "document viewer")
    tab.goto(tab.base + "/admin/pembayaran")
    statement = tmp_path / "mutasi.csv"
    statement.write_text(
        f"date,description,amount\n{order.created_at.astimezone(WIB):%Y-%m-%d},TRSF CR SARI,{order.total}\n"
    )
    tab.locator("#statement_file input[type=file]").set_input_files(str(statement))
    expect(tab.get_by_test_id("statement-line")).to_contain_text("Cocok")
    axe(tab, "statement import")


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
