"""From confirmed to delivered, in real Chromium: the admin confirms, packs and ships an
order; the buyer's e-mail carries the resi and the tracking page; the order page and the
/dashboard lookup show Dikirim with the resi; the invoice downloads from the order page."""

from __future__ import annotations

import io
import re

from playwright.sync_api import expect
from pypdf import PdfReader

from terminal_shop.infra.db import write_session
from terminal_shop.services.devices import packing, stock
from terminal_shop.services.orders import transitions
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.team import admin_auth

from support.factories import ADMIN, make_order
from support.files import png
from support.steps import BUYER, EMAIL, PASSWORD, choose_proof, orders_in_db, sign_in, to_confirm, wait_for_mail


def test_the_admin_confirms_packs_and_ships_and_the_buyer_follows_the_parcel(
    page, browser, tmp_path, mailbox, clean_db
):
    admin_auth.create_admin(EMAIL, PASSWORD)
    to_confirm(page, cart=(("A920", 2),))
    choose_proof(page, png(tmp_path / "bukti.png"))
    page.get_by_role("button", name="Kirim Pesanan").click()
    # Not a registered merchant: the thank-you page says when the devices work, and where to register
    expect(page.get_by_test_id("register-invitation")).to_contain_text(
        "Perangkat Anda aktif setelah pendaftaran merchant disetujui"
    )
    page.get_by_role("link", name="Lihat Status Pesanan").click()
    page.wait_for_url(re.compile(r"/pesanan/"))
    order_page = page.url
    [order] = orders_in_db()

    admin = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    admin.base = page.base
    sign_in(admin)
    admin.goto(f"{page.base}/admin/orders/{order.id}")
    admin.get_by_role("button", name="Konfirmasi").click()
    admin.get_by_role("button", name="Ya, tanpa mutasi").click()  # no statement line yet: asked once (issue 39.4)
    expect(admin.get_by_test_id("fulfilment")).to_have_text("Perlu dikemas")
    expect(admin.get_by_test_id("admin-invoice")).to_contain_text("INV/")
    expect(admin.get_by_role("button", name="Tandai Dikirim")).to_have_count(0)  # packing by SN comes first
    stock.receive("A9200001", "A920", ADMIN)
    stock.receive("A9200002", "A920", ADMIN)
    for serial in ("A9200001", "A9200002"):  # as a scanner types: the SN, then Enter
        admin.get_by_label("Pindai atau ketik SN, lalu Enter").fill(serial)
        admin.get_by_label("Pindai atau ketik SN, lalu Enter").press("Enter")
        expect(admin.get_by_text(serial, exact=True)).to_be_visible()
        expect(admin.get_by_label("Pindai atau ketik SN, lalu Enter")).to_have_value("")  # ready for the next
    admin.get_by_role("button", name="Tandai Dikemas").click()
    expect(admin.get_by_test_id("fulfilment")).to_have_text("Dikemas")
    admin.get_by_label("Nomor resi").fill("12")
    admin.get_by_label("Kurir").select_option("jnt")
    admin.get_by_role("button", name="Tandai Dikirim").click()
    expect(admin.get_by_role("alert").filter(has_text="8-30")).to_be_visible()  # refused, form kept
    admin.get_by_label("Nomor resi").fill("jp 0012 3456 78")
    admin.get_by_role("button", name="Tandai Dikirim").click()
    expect(admin.get_by_test_id("fulfilment")).to_have_text("Dikirim")
    expect(admin.get_by_test_id("admin-resi")).to_have_text("JP0012345678")

    [shipped] = wait_for_mail(mailbox, "dikirim")
    body = shipped.get_body(("plain",)).get_content()
    assert "JP0012345678" in body and "J&T Express" in body and "https://jet.co.id/track" in body
    [confirmed] = wait_for_mail(mailbox, "dikonfirmasi")
    [attachment] = [p for p in confirmed.iter_attachments() if p.get_content_type() == "application/pdf"]
    assert attachment.get_filename().startswith("INV-")

    page.goto(order_page)
    expect(page.get_by_test_id("order-status")).to_have_text("Dikirim")
    expect(page.get_by_test_id("resi")).to_have_text("JP0012345678")
    expect(page.get_by_test_id("courier")).to_have_text("J&T Express")
    expect(page.get_by_test_id("tracking-link")).to_have_attribute("href", "https://jet.co.id/track")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.get_by_role("button", name="Salin nomor resi").click()
    assert page.evaluate("navigator.clipboard.readText()") == "JP0012345678"
    timeline = page.get_by_test_id("timeline")
    expect(timeline).to_contain_text(re.compile(r"Dikemas\s*\d+ \w+ \d{4} \d{2}\.\d{2} WIB"))  # each step with its time
    expect(timeline).to_contain_text("J&T Express · resi JP0012345678")
    href = page.get_by_test_id("invoice-link").get_attribute("href")
    probe = page.request.get(page.base + href)
    assert probe.status == 200, (href, probe.status, probe.text()[:200])
    with page.expect_download() as download:
        page.get_by_test_id("invoice-link").click()
    pdf = download.value.path().read_bytes()
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert pdf.startswith(b"%PDF") and "LUNAS" in text and BUYER["buyer_name"] in text and "Rp 6.998.000" in text

    page.goto(page.base + "/dashboard")
    page.locator("#number").fill(order.number)
    page.locator("#email").fill(BUYER["buyer_email"])
    page.get_by_role("button", name="Lacak").click()
    page.wait_for_url(re.compile(r"/pesanan/"))
    expect(page.get_by_test_id("order-status")).to_have_text("Dikirim")
    expect(page.get_by_test_id("resi")).to_have_text("JP0012345678")

    admin.get_by_role("button", name="Tandai Diterima").click()
    expect(admin.get_by_test_id("fulfilment")).to_have_text("Diterima")
    wait_for_mail(mailbox, "diterima")
    page.reload()
    expect(page.get_by_test_id("order-status")).to_have_text("Diterima")
    expect(page.get_by_test_id("device-warranty")).to_have_count(2)  # each unit's warranty starts today

    # Not a merchant yet: the order page's invitation opens the wizard with what the order knows
    page.get_by_test_id("register-invitation").get_by_role("link", name="Daftar sebagai merchant").click()
    page.wait_for_url(re.compile(r"/pendaftaran\?pesanan="))
    expect(page.locator("#nama_lengkap")).to_have_value(BUYER["buyer_name"])
    expect(page.locator("#email")).to_have_value(BUYER["buyer_email"])


def test_bulk_csv_ships_and_delivers_line_by_line_and_the_filter_counts_follow(page, tmp_path, clean_db):
    admin_auth.create_admin(EMAIL, PASSWORD)
    first, second, unpacked = make_order(name="Satu"), make_order(name="Dua"), make_order(name="Empat")
    waiting = make_order(name="Tiga")
    for order, serial in ((first, "SBX10001"), (second, "SBX10002"), (unpacked, "")):
        transitions.confirm(str(order.id), ADMIN)
        if serial:  # packed by scanning: shipping may follow
            stock.receive(serial, "SOUNDBOX", ADMIN)
            packing.pack(str(order.id), [serial], ADMIN)
    sign_in(page)
    page.goto(page.base + "/admin/orders?pengiriman=perlu-dikemas")
    expect(page.get_by_test_id("order-row")).to_have_count(1)
    expect(page.get_by_role("combobox", name="pengiriman")).to_contain_text("Perlu dikemas (1)")
    page.get_by_text("Kirim atau tandai diterima secara massal").click()
    resi = tmp_path / "resi.csv"
    resi.write_text(
        f"No Pesanan,Kurir,Resi\n{first.number},JNE,CGK0000000001\n{waiting.number},JNE,CGK0000000002\n"
        f"{second.number},JNE,12\n{unpacked.number},JNE,CGK0000000004\n"
    )
    page.locator("#bulk_ship input[type=file]").set_input_files(str(resi))
    lines = page.get_by_test_id("bulk-line")
    expect(lines).to_have_count(4)
    expect(page.get_by_test_id("bulk-note")).to_have_text("4 baris: 1 berhasil, 3 ditolak")
    expect(lines.nth(0)).to_contain_text("Dikirim")
    expect(lines.nth(1)).to_contain_text("Pesanan belum dikonfirmasi")
    expect(lines.nth(2)).to_contain_text("8-30 huruf atau angka")
    expect(lines.nth(3)).to_contain_text("kemas dulu dengan memindai SN")  # issue 46.13
    page.goto(page.base + "/admin/orders?pengiriman=dalam-pengiriman")
    expect(page.get_by_test_id("order-row")).to_have_count(1)
    expect(page.get_by_test_id("order-row")).to_contain_text("Satu")

    page.get_by_text("Kirim atau tandai diterima secara massal").click()
    delivered = tmp_path / "diterima.csv"
    delivered.write_text(f"{first.number}\n{second.number}\n")
    page.locator("#bulk_deliver input[type=file]").set_input_files(str(delivered))
    expect(page.get_by_test_id("bulk-line").nth(0)).to_contain_text("Diterima")
    expect(page.get_by_test_id("bulk-line").nth(1)).to_contain_text("tidak berlaku")
    page.goto(page.base + "/admin/orders?pengiriman=diterima")
    expect(page.get_by_test_id("order-row")).to_have_count(1)


def test_an_order_sent_without_serial_numbers_gets_them_recorded_from_its_page(phone, clean_db):
    """Issue 46.13: orders shipped before packing required SNs are counted on the overview and
    get "Catat SN" on their page, with the packing's checks."""
    admin_auth.create_admin(EMAIL, PASSWORD)
    legacy = make_order(name="Lama", total=349_000)  # one Soundbox
    transitions.confirm(str(legacy.id), ADMIN)
    with write_session() as s:
        row = s.get(Order, legacy.id)
        row.fulfilment = "shipped"
        s.add(row)
    stock.receive("SBX77001", "SOUNDBOX", ADMIN)
    stock.receive("A9207701", "A920", ADMIN)
    sign_in(phone)
    phone.goto(phone.base + "/admin/ringkasan")
    expect(phone.get_by_test_id("orders-without-serial")).to_have_text("1")
    phone.goto(f"{phone.base}/admin/orders/{legacy.id}")
    expect(phone.get_by_text("Pesanan ini dikirim tanpa SN")).to_be_visible()
    scan = phone.get_by_label("Pindai atau ketik SN, lalu Enter")
    scan.fill("A9207701")  # the wrong box
    scan.press("Enter")
    phone.get_by_role("button", name="Catat SN").click()
    expect(phone.get_by_test_id("pack-error")).to_have_text(
        "Perangkat A9207701 adalah PAX A920 Pro; pesanan ini memesan Soundbox QRIS"
    )
    phone.get_by_role("button", name="Hapus SN A9207701").click()
    scan.fill("SBX77001")
    scan.press("Enter")
    phone.get_by_role("button", name="Catat SN").click()
    expect(phone.get_by_test_id("admin-unit")).to_contain_text("SN SBX77001")
    expect(phone.get_by_role("button", name="Catat SN")).to_have_count(0)
    phone.goto(phone.base + "/admin/ringkasan")
    expect(phone.get_by_test_id("devices-waiting-approval")).to_be_visible()
    expect(phone.get_by_test_id("orders-without-serial")).to_have_count(0)
