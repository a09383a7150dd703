"""Dynamic QRIS in real Chromium: the QR drawn on the confirm page is read back from a
screenshot, as a buyer's banking app would read it."""

from __future__ import annotations

import io
import time

import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.orders import payment_qr, qris
from terminal_shop.services.team import admin_auth

from support.files import png
from support.qris_payloads import STATIC, sticker_png
from support.steps import EMAIL, PASSWORD, choose_proof, orders_in_db, sign_in, to_confirm
from support.storage import publish_asset


def one_qr(image, tries: int = 5):
    """The one QR code a picture on the page shows. zxing may report one symbol twice (kept
    once), and a screenshot taken while the picture is being replaced may hold a blend that
    reads as a second payload: the picture is read again then; two distinct payloads every
    time fail the test."""
    seen: set[str] = set()
    for _ in range(tries):
        with Image.open(io.BytesIO(image.screenshot())) as shot:
            found = {b.text: b for b in zxingcpp.read_barcodes(shot)}
        if len(found) == 1:
            return next(iter(found.values()))
        seen |= set(found)
        time.sleep(0.5)
    raise AssertionError(f"not exactly one QR code: {sorted(seen)}")


def test_the_drawn_qr_carries_the_total_and_the_order_number(page, clean_db, tmp_path):
    publish_asset(payment_qr.STICKER_KEY, sticker_png(STATIC), "image/png")  # the operator uploads the sticker
    time.sleep(payment_qr.MISSING_FOR)  # the site may remember "no sticker" this long
    try:
        before = {o.id for o in orders_in_db()}
        to_confirm(page, cart=(("A920", 2), ("SOUNDBOX", 1)))
        page.get_by_text("Scan dengan aplikasi e-wallet").click()
        drawn = page.get_by_role("img", name="QR Code QRIS pembayaran")
        expect(drawn).to_be_visible()
        expect(page.get_by_test_id("qris-amount")).to_have_text("Rp 7.347.000")
        expect(page.get_by_text("WARUNG BU SRI")).to_be_visible()
        expect(page.get_by_text("Berlaku untuk satu pembayaran")).to_be_visible()

        found = one_qr(drawn)
        tags = {f.tag: f.value for f in qris.parse(found.text)}
        assert tags["54"] == "7347000" and tags["01"] == "12"
        assert found.text[-4:] == qris.crc16(found.text[:-4])
        bill = qris.summarise(found.text).bill_number

        download = page.get_by_role("link", name="Unduh QR")
        expect(download).to_have_attribute("download", f"qris-{bill}.png")
        page.get_by_role("button", name="Perbesar QR Code").click()
        expect(page.get_by_role("dialog", name="QR Code QRIS")).to_be_visible()
        page.get_by_role("button", name="Tutup").click()

        choose_proof(page, png(tmp_path / "bukti.png"))
        page.get_by_role("button", name="Kirim Pesanan").click()
        expect(page.get_by_test_id("order-number")).to_have_text(bill)  # the QR's bill number is the order's
        [order] = [o for o in orders_in_db() if o.id not in before]
        assert order.qris_payload == found.text  # what the buyer saw is what the admin sees
        page.get_by_role("link", name="Lihat Status Pesanan").click()  # the order's page shows the same QR
        again = page.get_by_role("img", name="QR Code QRIS pembayaran")
        expect(again).to_be_visible()
        assert one_qr(again).text == found.text
        admin_auth.create_admin(EMAIL, PASSWORD)
        sign_in(page)
        page.goto(f"{page.base}/admin/orders/{order.id}")
        shown = page.get_by_test_id("qris-shown")
        expect(shown).to_contain_text(f"Rp 7.347.000 · tagihan {bill} · CRC {found.text[-4:]}")
    finally:
        get_storage().delete(get_settings().bucket_assets, payment_qr.STICKER_KEY)
