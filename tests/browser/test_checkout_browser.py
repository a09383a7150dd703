"""Buying devices through the real site in Chromium, then checking what was stored."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image
from playwright.sync_api import expect

from terminal_shop import catalogue, rules
from terminal_shop.formats import rupiah
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage

from support.accessibility import to_payment_step
from support.files import big_png, fake_png, pdf, png
from support.steps import BUYER, add, choose_proof, fill_buyer, orders_in_db, rupiah_value, to_confirm
from support.storage import bucket_unavailable, publish_asset


@pytest.mark.parametrize("method, label, make", [("TRANSFER_BCA", "Transfer Bank BCA", png), ("QRIS", "QRIS", pdf)])
def test_full_purchase(page, tmp_path, method, label, make):
    before = {o.id for o in orders_in_db()}
    to_confirm(page, cart=(("A920", 2), ("SOUNDBOX", 1)))
    if method == "QRIS":
        page.get_by_text("Scan dengan aplikasi e-wallet").click()
        expect(page.get_by_role("img", name="QR Code QRIS pembayaran")).to_be_visible()
        page.get_by_role("button", name="Perbesar QR Code").click()
        expect(page.get_by_role("dialog", name="QR Code QRIS")).to_be_visible()
        page.get_by_role("button", name="Tutup").click()
        expect(page.get_by_role("dialog")).to_be_hidden()
    else:
        details = page.get_by_test_id("bank-details")
        expect(details).to_contain_text("BCA")
        expect(details).to_contain_text(get_settings().bca_account_number)
        # The exact amount: the cart's total less this checkout's kode unik (1 to 999 rupiah).
        expect(details.get_by_test_id("transfer-amount")).to_have_text(re.compile(r"Rp 7\.346\.\d{3}"))
        exact = rupiah_value(details.get_by_test_id("transfer-amount").inner_text())
        assert 7_346_001 <= exact <= 7_346_999
        expect(details).to_contain_text(f"Sudah dipotong kode unik Rp {7_347_000 - exact}.")
        expect(page.get_by_test_id("transfer-total")).to_have_text(
            details.get_by_test_id("transfer-amount").inner_text()
        )
    proof = make(tmp_path / ("bukti." + ("png" if make is png else "pdf")))
    choose_proof(page, proof)
    expect(page.get_by_test_id("proof-name")).to_have_text(proof.name)
    if make is png:
        expect(page.get_by_role("img", name="Pratinjau Bukti pembayaran")).to_be_visible()
    page.get_by_role("button", name="Kirim Pesanan").click()

    expect(page.get_by_text("Terima Kasih! Pesanan Anda telah kami terima")).to_be_visible()
    [order] = [o for o in orders_in_db() if o.id not in before]
    assert re.search(r"order_id=" + str(order.id), page.url)
    expect(page.get_by_test_id("order-number")).to_have_text(str(order.id)[:8].upper())
    total = 7_347_000 - order.unique_code
    expect(page.get_by_test_id("order-total")).to_have_text(f"Rp {total:,}".replace(",", "."))
    if method == "TRANSFER_BCA":  # the total is the amount the confirm page asked for
        assert total == exact
    # One story (issue 39.2): the proof is received; nothing asks to pay again; one promise.
    expect(page.get_by_test_id("proof-received")).to_have_text("Bukti pembayaran Anda sudah kami terima.")
    expect(page.get_by_test_id("promise")).to_have_text(rules.PAYMENT_PROMISE)
    expect(page.locator("main")).not_to_contain_text("Transfer tepat")
    expect(page.get_by_test_id("order-method")).to_have_text(label)
    expect(page.get_by_test_id("order-status")).to_have_text("Menunggu Verifikasi")
    expect(page.get_by_text("1x24 jam")).to_be_visible()
    expect(page.locator("main")).not_to_contain_text(BUYER["buyer_email"])

    assert (order.status, order.payment_method, order.total, order.shipping_fee) == ("paid_review", method, total, 0)
    assert (order.unique_code > 0) == (method == "TRANSFER_BCA")
    assert order.buyer_phone == "081234567890"
    assert order.payment_proof_url is None
    assert order.payment_proof_path.startswith(f"{order.id}/")
    stored = get_storage().get(get_settings().bucket_order_payments, order.payment_proof_path)
    if method == "QRIS":  # a PDF is kept as sent
        assert stored == proof.read_bytes()
    else:  # an image is re-encoded: the same picture, nothing hidden in or after it
        with Image.open(io.BytesIO(stored)) as got, Image.open(proof) as sent:
            assert (got.format, got.size, got.tobytes()) == ("PNG", sent.size, sent.convert("RGB").tobytes())

    # The cart and the buyer data are gone after success.
    page.get_by_role("link", name="Belanja Lagi").click()
    expect(page.get_by_text("Keranjang Anda masih kosong")).to_be_visible()
    page.goto(page.base + "/checkout/form")
    expect(page.get_by_text("Keranjang Kosong")).to_be_visible()


def test_cart_quantities(page):
    page.goto(page.base + "/checkout/products")
    expect(page.get_by_text("Keranjang Anda masih kosong")).to_be_visible()
    card = page.locator("[data-sku=D210]")
    card.get_by_role("spinbutton").fill("0")
    expect(page.get_by_text("Minimal qty adalah 1")).to_be_visible()
    expect(card.get_by_role("spinbutton")).to_have_value("1")
    card.get_by_role("button", name="Tambah jumlah D210 UnionPay").click()
    expect(card.get_by_role("spinbutton")).to_have_value("2")
    card.get_by_role("button", name="Tambah ke Keranjang").click()
    expect(page.get_by_text("D210 UnionPay ditambahkan ke keranjang")).to_be_visible()
    add(page, "D210")
    lines = page.get_by_test_id("cart-line")
    expect(lines).to_have_count(1)
    expect(lines.first.get_by_role("spinbutton")).to_have_value("3")
    expect(page.get_by_test_id("total")).to_have_text("Rp 7.497.000")
    add(page, "SOUNDBOX")
    expect(lines).to_have_count(2)
    # Three toasts within moments: only the newest shows (issue 63.8: they stacked over the cart).
    expect(page.get_by_text("Soundbox QRIS ditambahkan ke keranjang")).to_be_visible()
    expect(page.locator("[data-sonner-toast][data-visible=true]")).to_have_count(1)
    lines.first.get_by_role("spinbutton").fill("0")
    expect(lines).to_have_count(1)
    expect(page.get_by_test_id("subtotal")).to_have_text("Rp 349.000")
    expect(page.locator("aside")).to_contain_text("Rp 0")
    page.get_by_role("button", name="Hapus Soundbox QRIS").click()
    expect(page.get_by_text("Keranjang Anda masih kosong")).to_be_visible()


def test_quantities_typed_fast_keep_every_digit(page):
    """On a slow line a plain box lost digits: '25' typed fast became '5' or '15'."""
    page.goto(page.base + "/checkout/products")
    box = page.locator("[data-sku=D210]").get_by_role("spinbutton")
    box.select_text()
    box.press_sequentially("25")
    expect(box).to_have_value("25")
    page.locator("[data-sku=D210]").get_by_role("button", name="Tambah ke Keranjang").click()
    line_box = page.get_by_test_id("cart-line").first.get_by_role("spinbutton")
    expect(line_box).to_have_value("25")
    expect(page.get_by_test_id("subtotal")).to_have_text(rupiah(25 * catalogue.product("D210").price))
    expect(box).to_have_value("1")  # the card's box is back at 1 for the next order
    # Over the limit: the line holds the most one order may have, and says so each time.
    for _ in range(2):
        line_box.select_text()
        line_box.press_sequentially("150")
        expect(line_box).to_have_value(str(catalogue.MAX_QTY_PER_LINE))


def test_buyer_form_messages(page):
    page.goto(page.base + "/checkout/products")
    add(page, "SOUNDBOX")
    page.get_by_role("link", name="Lanjut Isi Data").click()
    page.get_by_role("button", name="Lanjut ke Pembayaran").click()
    expect(page.get_by_text("Data tidak lengkap")).to_be_visible()
    expect(page.get_by_text("Mohon lengkapi semua field yang wajib diisi")).to_be_visible()
    for text in (
        "Nama lengkap wajib diisi",
        "Nomor telepon wajib diisi",
        "Email wajib diisi",
        "Alamat pengiriman wajib diisi",
    ):
        expect(page.get_by_text(text)).to_be_visible()
    # The cursor lands on the first field in error; the buyer types from there (filled before it
    # lands, a field's text could go into that one).
    expect(page.locator("#buyer_name")).to_be_focused()
    fill_buyer(page, buyer_phone="0812-345", buyer_email="siti@", shipping_address="Jl. A")
    page.get_by_role("button", name="Lanjut ke Pembayaran").click()
    expect(page.get_by_text("Nomor telepon minimal 10 digit")).to_be_visible()
    expect(page.get_by_text("Format email tidak valid")).to_be_visible()
    expect(page.get_by_text("Alamat minimal 10 karakter")).to_be_visible()
    expect(page.get_by_text("Nama lengkap wajib diisi")).to_be_hidden()
    expect(page.locator("#buyer_phone")).to_be_focused()
    page.locator("#buyer_email").fill("siti@example.com")
    expect(page.get_by_text("Format email tidak valid")).to_be_hidden()  # cleared on edit
    assert "/checkout/form" in page.url


def test_refused_proof_files_keep_the_typed_data(page, tmp_path):
    before = len(orders_in_db())
    to_confirm(page)
    page.get_by_role("button", name="Kirim Pesanan").click()
    expect(
        page.locator("#main").get_by_role("alert").filter(has_text="Bukti pembayaran wajib diupload")
    ).to_be_visible()

    gif = tmp_path / "bukti.gif"
    gif.write_bytes(b"GIF89a" + b"\x00" * 100)
    choose_proof(page, gif)
    expect(page.get_by_text("Format file tidak didukung")).to_be_visible()
    expect(page.get_by_text("Hanya file JPG, PNG, atau PDF yang diperbolehkan")).to_be_visible()

    choose_proof(page, big_png(tmp_path / "besar.png", 11))
    expect(page.get_by_text("File terlalu besar")).to_be_visible()
    expect(page.get_by_text("Ukuran file maksimal 10MB")).to_be_visible()

    # Named .png, but not an image: the server looks at the content.
    choose_proof(page, fake_png(tmp_path / "palsu.png"))
    page.get_by_role("button", name="Kirim Pesanan").click()
    expect(page.get_by_text("Format file tidak didukung").last).to_be_visible()
    assert "/checkout/confirm" in page.url
    expect(page.locator("main")).to_contain_text(BUYER["buyer_name"])
    assert len(orders_in_db()) == before

    # Replacing the file with a good one then works (once the refused one is cleared, as a
    # person sees the picker empty again before choosing).
    expect(page.get_by_text("Pilih atau seret file ke sini")).to_be_visible()
    choose_proof(page, png(tmp_path / "benar.png"))
    expect(page.get_by_test_id("proof-name")).to_have_text("benar.png")
    page.get_by_role("button", name="Kirim Pesanan").click()
    expect(page.get_by_text("Terima Kasih! Pesanan Anda telah kami terima")).to_be_visible()
    assert len(orders_in_db()) == before + 1


def test_remove_chosen_proof(page, tmp_path):
    to_confirm(page)
    choose_proof(page, png(tmp_path / "a.png"))
    expect(page.get_by_test_id("proof-name")).to_have_text("a.png")
    page.get_by_role("button", name="Hapus").click()
    expect(page.get_by_test_id("proof-name")).to_be_hidden()


def test_double_click_creates_one_order(page, tmp_path):
    before = len(orders_in_db())
    to_confirm(page)
    choose_proof(page, png(tmp_path / "a.png"))
    page.get_by_role("button", name="Kirim Pesanan").dblclick()
    expect(page.get_by_text("Terima Kasih! Pesanan Anda telah kami terima")).to_be_visible()
    page.wait_for_timeout(1500)
    assert len(orders_in_db()) == before + 1


def test_qris_disabled_above_ten_million(page):
    to_confirm(page, cart=(("A920", 3),))  # Rp 10.497.000
    qris = page.locator("input[value=QRIS]")
    expect(qris).to_be_disabled()
    expect(page.get_by_text("QRIS hanya untuk total sampai Rp 10.000.000")).to_be_visible()
    page.goto(page.base + "/checkout/products")
    page.get_by_test_id("cart-line").first.get_by_role("spinbutton").fill("2")
    expect(page.get_by_test_id("total")).to_have_text("Rp 6.998.000")
    page.goto(page.base + "/checkout/confirm")
    expect(qris).to_be_enabled()
    page.get_by_text("Scan dengan aplikasi e-wallet").click()
    expect(qris).to_be_checked()
    expect(page.get_by_role("img", name="QR Code QRIS pembayaran")).to_be_visible()


def test_empty_and_incomplete_screens(page):
    page.goto(page.base + "/checkout/form")
    expect(page.get_by_text("Keranjang Kosong")).to_be_visible()
    expect(page.get_by_text("Silakan pilih produk terlebih dahulu")).to_be_visible()
    page.get_by_role("link", name="Pilih Produk").click()
    page.wait_for_url(re.compile("/checkout/products"))
    page.goto(page.base + "/checkout/confirm")
    expect(page.get_by_text("Data Tidak Lengkap")).to_be_visible()
    expect(page.get_by_text("Silakan lengkapi data pembelian terlebih dahulu")).to_be_visible()
    page.get_by_role("link", name="Kembali").click()
    page.wait_for_url(re.compile("/checkout/products"))


def test_failed_page_with_and_without_reason(page):
    page.goto(page.base + "/checkout/failed?reason=simpan")  # the site's own links carry a code
    expect(page.get_by_text("Pesanan Gagal Dibuat")).to_be_visible()
    expect(page.get_by_test_id("failed-reason")).to_have_text(
        "Alasan: Gagal menyimpan bukti pembayaran. Silakan coba lagi."
    )
    page.goto(page.base + "/checkout/failed?reason=Keranjang%20Anda%20masih%20kosong")  # one of its texts
    expect(page.get_by_test_id("failed-reason")).to_have_text("Alasan: Keranjang Anda masih kosong")
    # A link crafted to put a stranger's words on the shop's page shows the default reason.
    page.goto(page.base + "/checkout/failed?reason=Transfer%20ulang%20ke%20rekening%20BCA%200099887766")
    expect(page.get_by_test_id("failed-reason")).to_have_text("Alasan: Terjadi kesalahan yang tidak diketahui")
    assert "0099887766" not in page.content()
    page.goto(page.base + "/checkout/failed")
    expect(page.get_by_test_id("failed-reason")).to_have_text("Alasan: Terjadi kesalahan yang tidak diketahui")
    page.get_by_role("link", name="Coba Lagi").click()
    page.wait_for_url(re.compile("/checkout/confirm"))


@pytest.mark.parametrize("query", ["?order_id=00000000-0000-0000-0000-000000000000", "", "?order_id=bukan-id"])
def test_unknown_order_goes_home(page, query):
    page.goto(page.base + "/checkout/success" + query)
    page.wait_for_url(lambda url: url.rstrip("/") == page.base)


def test_storage_failure_reaches_failed_page_and_keeps_nothing(page, tmp_path):
    before = len(orders_in_db())
    to_confirm(page)
    choose_proof(page, png(tmp_path / "a.png"))
    with bucket_unavailable(get_settings().bucket_order_payments):
        page.get_by_role("button", name="Kirim Pesanan").click()
        expect(page.get_by_text("Gagal membuat pesanan")).to_be_visible()
        page.wait_for_url(re.compile("/checkout/failed"))
        expect(page.get_by_test_id("failed-reason")).to_contain_text("Gagal menyimpan bukti pembayaran")
    assert len(orders_in_db()) == before


def test_qris_image_from_the_assets_store_with_local_fallback(page, tmp_path):
    storage, bucket = get_storage(), get_settings().bucket_assets
    storage.delete(bucket, "qris/hausjo.png")
    to_confirm(page)
    page.get_by_text("Scan dengan aplikasi e-wallet").click()
    qr = page.get_by_role("img", name="QR Code QRIS pembayaran")
    expect(qr).to_have_attribute("src", "/qris-demo.png")  # the store has no image yet
    expect(page.get_by_test_id("qris-demo")).to_have_text("CONTOH QR (DEMO)")  # it says so on itself
    expect(page.get_by_text("Gagal memuat QR Code")).to_have_count(0)  # issue 50.10: no error beside a QR that works
    page.wait_for_function("document.querySelector('img[alt=\"QR Code QRIS pembayaran\"]').naturalWidth > 0")

    publish_asset(
        "qris/hausjo.png", png(tmp_path / "qris.png", size=(300, 300), color=(0, 0, 0)).read_bytes(), "image/png"
    )
    try:
        other = page.context.new_page()
        other.base = page.base
        to_confirm(other)
        other.get_by_text("Scan dengan aplikasi e-wallet").click()
        qr = other.get_by_role("img", name="QR Code QRIS pembayaran")
        expect(qr).to_have_attribute("src", storage.public_url(bucket, "qris/hausjo.png"))
        other.wait_for_function("document.querySelector('img[alt=\"QR Code QRIS pembayaran\"]').naturalWidth === 300")
        expect(other.get_by_text("Memuat QR Code...")).to_be_hidden()
        expect(other.get_by_text("Gagal memuat QR Code")).to_be_hidden()
        expect(other.get_by_test_id("qris-demo")).to_have_count(0)  # the shop's own sticker
    finally:
        storage.delete(bucket, "qris/hausjo.png")


def test_phone_keeps_the_cart_total_in_reach(phone):
    phone.goto(phone.base + "/checkout/products")
    bar = phone.get_by_test_id("phone-cart-bar")
    expect(bar).to_be_hidden()
    phone.locator("[data-sku=SOUNDBOX]").get_by_role("button", name="Tambah ke Keranjang").click()
    expect(bar).to_be_visible()
    expect(bar).to_contain_text("Rp 349.000")
    bar.get_by_role("link", name="Lanjut Isi Data").click()
    phone.wait_for_url(re.compile("/checkout/form"))
    for path in ("/checkout/form", "/checkout/products", "/pendaftaran", "/produk/soundbox"):
        phone.goto(phone.base + path)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360, path


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)])
def test_sending_without_a_proof_brings_the_field_into_view_with_its_message(browser, site, width, height, tmp_path):
    """Issue 39.2: no corner toast; the proof's field scrolls into view and says what is missing."""
    pg = browser.new_context(viewport={"width": width, "height": height}).new_page()
    pg.base = site
    to_payment_step(pg)
    expect(pg.get_by_test_id("step-1")).to_have_text("1Bayar dengan jumlah yang tertera")
    expect(pg.get_by_test_id("step-2")).to_have_text("2Unggah bukti pembayaran")
    expect(pg.get_by_test_id("step-3")).to_have_text("3Kirim pesanan")
    pg.get_by_role("button", name="Kirim Pesanan").click()
    field = pg.locator("#bukti-pembayaran")
    expect(field.get_by_role("alert")).to_have_text("Bukti pembayaran wajib diupload")
    expect(field).to_be_in_viewport(ratio=0.5)
    expect(pg.locator("[data-sonner-toast]")).to_have_count(0)
    choose_proof(pg, png(tmp_path / "bukti.png"))
    expect(field.get_by_role("alert")).to_have_text("")  # answered at once
    pg.context.close()


def test_toasts_stay_clear_of_the_cart_bar_and_end_with_their_page(browser, site):
    """Issue 39.2: a toast never covers the phone's "Lanjut Isi Data" bar, nor follows the
    buyer to the next page."""
    pg = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True).new_page()
    pg.base = site
    pg.goto(site + "/checkout/products")
    add(pg, "A920")
    shown = pg.locator("[data-sonner-toast]")
    expect(shown).to_have_count(1)
    bar = pg.get_by_test_id("phone-cart-bar")
    expect(bar).to_be_visible()
    t, b = shown.bounding_box(), bar.bounding_box()
    assert t and b and t["y"] + t["height"] <= b["y"]  # above the bar, not over it
    pg.wait_for_timeout(1_200)  # a toast under a second old is meant for the next page: this one is not
    bar.get_by_role("link", name="Lanjut Isi Data").click()
    expect(pg.get_by_role("heading", name="Data Pembeli", level=1)).to_be_visible()
    expect(shown).to_have_count(0)
    pg.context.close()


def test_the_cart_and_form_survive_a_new_tab_after_the_banking_app(phone, tmp_path):
    """Issue 50.3: a buyer who left to pay in the banking app and came back in a new tab found
    "Data Tidak Lengkap". The cart, the form and the amount to pay come back; the proof is
    still asked for before "Kirim Pesanan"."""
    before = len(orders_in_db())
    to_confirm(phone, cart=(("SOUNDBOX", 2),))
    amount = phone.get_by_test_id("transfer-amount").first.inner_text()
    phone.wait_for_function("(localStorage.getItem('pesanan_draft') || '').includes('SOUNDBOX')")
    back = phone.context.new_page()  # back from the banking app: a new tab
    back.base = phone.base
    back.goto(back.base + "/checkout/confirm")
    expect(back.get_by_role("heading", name="Metode Pembayaran")).to_be_visible()
    expect(back.get_by_text("Data Tidak Lengkap")).to_have_count(0)
    expect(back.get_by_test_id("transfer-amount").first).to_have_text(amount)  # the same kode unik
    expect(back.locator("main")).to_contain_text(BUYER["buyer_name"])
    back.get_by_role("button", name="Kirim Pesanan").click()
    expect(
        back.locator("#main").get_by_role("alert").filter(has_text="Bukti pembayaran wajib diupload")
    ).to_be_visible()
    choose_proof(back, png(tmp_path / "bukti.png"))
    back.get_by_role("button", name="Kirim Pesanan").click()
    expect(back.get_by_text("Terima Kasih! Pesanan Anda telah kami terima")).to_be_visible()
    after = orders_in_db()
    assert len(after) == before + 1
    newest = max(after, key=lambda o: o.created_at)
    assert [(i["sku"], i["qty"]) for i in newest.items] == [("SOUNDBOX", 2)]
    back.goto(back.base + "/checkout/products")  # the copy is cleared once the order is in
    expect(back.get_by_test_id("cart-line")).to_have_count(0)


def test_the_cart_and_confirm_page_say_per_line_what_ships_now(phone, clean_db):
    """Issue 50.4: stock words only on the product pages; the buyer decides in the cart."""
    from terminal_shop.services.devices import stock

    for serial in ("A9205001", "A9205002"):
        stock.receive(serial, "A920", "admin@terminalku.example")
    preorder = f"Pre-order, dikirim dalam {get_settings().preorder_working_days} hari kerja"
    to_confirm(phone, cart=(("A920", 2), ("SOUNDBOX", 1)))  # two on the shelf; no Soundbox
    lines = phone.get_by_test_id("summary-line")
    expect(lines.filter(has_text="A920")).to_contain_text("Stok tersedia")
    expect(lines.filter(has_text="Soundbox")).to_contain_text(preorder)
    phone.goto(phone.base + "/checkout/products")
    cart = phone.get_by_test_id("cart-line")
    expect(cart.filter(has_text="Soundbox").get_by_test_id("line-stock")).to_have_text(preorder)
    expect(cart.filter(has_text="A920").get_by_test_id("line-stock")).to_have_text("Stok tersedia")
    cart.filter(has_text="A920").get_by_role("spinbutton").fill("3")  # one more than the shelf holds
    expect(cart.filter(has_text="A920").get_by_test_id("line-stock")).to_have_text(preorder)
