"""After "Kirim Pesanan": the buyer follows their order on its own page, and finds it again."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from terminal_shop.formats import rupiah
from terminal_shop.services.orders import order_status, transitions
from terminal_shop.services.team import admin_auth

from support.factories import ADMIN, make_merchant
from support.files import png
from support.steps import BUYER, EMAIL, PASSWORD, choose_proof, orders_in_db, sign_in, to_confirm, wait_for_mail


def test_the_buyer_follows_the_order_from_the_success_page(page, tmp_path):
    before = {o.id for o in orders_in_db()}
    to_confirm(page, cart=(("D210", 1),))
    choose_proof(page, png(tmp_path / "bukti.png"))
    page.get_by_role("button", name="Kirim Pesanan").click()
    page.get_by_role("link", name="Lihat Status Pesanan").click()
    page.wait_for_url(re.compile(r"/pesanan/"))
    [order] = [o for o in orders_in_db() if o.id not in before]
    expect(page.get_by_test_id("order-status")).to_have_text("Menunggu Verifikasi")
    exact = rupiah(order.total)  # the catalogue's Rp 2.499.000 less the kode unik
    assert 2_498_001 <= order.total <= 2_498_999
    expect(page.get_by_test_id("order-total")).to_have_text(exact)
    # The breakdown adds up: Rp 2.499.000 less the kode unik line is the total
    expect(page.get_by_test_id("code-discount")).to_have_text(f"-{rupiah(2_499_000 - order.total)}")
    expect(page.get_by_test_id("transfer-amount")).to_have_text(exact)  # how to pay, again
    expect(page.locator("main").get_by_role("link", name="WhatsApp", exact=True)).to_be_visible()
    link = page.url

    transitions.confirm(str(order.id), ADMIN)
    page.reload()
    expect(page.get_by_test_id("order-status")).to_have_text("Dikonfirmasi")
    expect(page.get_by_test_id("bank-details")).to_be_hidden()

    page.goto(link[:-1] + ("0" if link[-1] != "0" else "1"))  # a tampered link
    expect(page.get_by_role("heading", name="Tautan tidak berlaku")).to_be_visible()
    expect(page.get_by_text(exact)).to_be_hidden()


def test_lookup_answers_a_wrong_email_as_an_unknown_number(page, tmp_path):
    before = {o.id for o in orders_in_db()}
    to_confirm(page, cart=(("SOUNDBOX", 1),))
    choose_proof(page, png(tmp_path / "bukti.png"))
    page.get_by_role("button", name="Kirim Pesanan").click()
    expect(page.get_by_test_id("order-number")).to_be_visible()
    [order] = [o for o in orders_in_db() if o.id not in before]
    number = str(order.id)[:8].upper()

    page.goto(page.base + "/dashboard")
    page.locator("#number").fill(number)
    page.locator("#email").fill("bukan.pembeli@example.com")
    page.get_by_role("button", name="Lacak").click()
    expect(page.get_by_test_id("tracking-error")).to_have_text(order_status.LookupRefusal.NOT_FOUND.label)
    wrong_email = page.get_by_test_id("tracking-error").inner_text()

    page.locator("#number").fill("00000000" if number != "00000000" else "FFFFFFFF")
    page.locator("#email").fill(BUYER["buyer_email"])
    page.get_by_role("button", name="Lacak").click()
    expect(page.get_by_test_id("tracking-error")).to_have_text(wrong_email)

    page.locator("#number").fill(number)
    page.get_by_role("button", name="Lacak").click()
    page.wait_for_url(re.compile(rf"/pesanan/{order.id}"))
    expect(page.get_by_test_id("order-status")).to_have_text("Menunggu Verifikasi")


def test_the_emailed_link_and_the_confirmation_email(page, mailbox, tmp_path):
    to_confirm(page, cart=(("SOUNDBOX", 2),))
    choose_proof(page, png(tmp_path / "bukti.png"))
    page.get_by_role("button", name="Kirim Pesanan").click()
    number = page.get_by_test_id("order-number").inner_text()
    [received] = wait_for_mail(mailbox, f"Pesanan {number} diterima")
    assert received["To"] == BUYER["buyer_email"]
    link = re.search(r"https?://\S+/pesanan/\S+", received.get_body(("plain",)).get_content())[0]

    page.goto(link)
    expect(page.get_by_test_id("order-status")).to_have_text("Menunggu Verifikasi")
    [order] = [o for o in orders_in_db() if o.number == number]
    expect(page.get_by_test_id("order-total")).to_have_text(rupiah(order.total))
    assert 697_001 <= order.total <= 697_999

    admin_auth.create_admin(EMAIL, PASSWORD)
    sign_in(page)
    [order] = [o for o in orders_in_db() if str(o.id).upper().startswith(number)]
    page.goto(f"{page.base}/admin/orders/{order.id}")
    expect(page.get_by_test_id("mails")).to_contain_text(f"Pesanan {number} diterima")
    expect(page.get_by_test_id("mails")).to_contain_text("Terkirim")
    page.get_by_role("button", name="Konfirmasi").click()
    page.get_by_role("button", name="Ya, tanpa mutasi").click()  # no statement line yet: asked once (issue 39.4)
    expect(page.get_by_text("Pembayaran berhasil dikonfirmasi")).to_be_visible()
    [confirmed] = wait_for_mail(mailbox, f"Pembayaran pesanan {number} dikonfirmasi")
    assert link in confirmed.get_body(("plain",)).get_content()

    page.goto(link)
    expect(page.get_by_test_id("order-status")).to_have_text("Dikonfirmasi")


def test_registration_status_is_emailed_never_shown_to_whoever_types(page, mailbox, tmp_path):
    make_merchant(tmp_path, email="sri.status@example.com", hp="0812-2222-3333", nama_usaha="Toko Status")
    page.goto(page.base + "/dashboard")
    page.locator("#reg_email").fill("sri.status@example.com")
    page.locator("#reg_phone").fill("0812-2222-3333")
    page.get_by_role("button", name="Kirim Tautan Status").click()
    answer = page.get_by_test_id("registration-answer")
    expect(answer).to_contain_text("kami sudah mengirim tautan statusnya ke email yang terdaftar")
    expect(page.locator("main")).not_to_contain_text("Toko Status")
    [mail] = wait_for_mail(mailbox, "Status pendaftaran")
    assert mail["To"] == "sri.status@example.com"
    link = re.search(r"https?://\S+/pendaftaran/status/\S+", mail.get_body(("plain",)).get_content())[0]
    page.goto(link)
    expect(page.get_by_test_id("registration-status")).to_have_text("Sedang diverifikasi")
    expect(page.get_by_text("Toko Status")).to_be_visible()
