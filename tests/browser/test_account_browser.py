"""Signing in with a code in Chromium (issue 37): a merchant asks for a code on a phone, reads
it in the e-mail, signs in, sees the order and its device from the account's summary and its
pages (issue 60.5); "Keluar dari semua perangkat" ends it, and /akun sends a signed-out visitor
to /masuk."""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

from terminal_shop.cli.transactions import simulate
from terminal_shop.infra.db import write_session
from terminal_shop.services.backoffice import admin_merchants
from terminal_shop.services.devices import packing, stock
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.orders import transitions
from terminal_shop.services.registrations import admin_edit
from terminal_shop.services.team import admin_auth
from terminal_shop.services.transactions import signers

from support.factories import ADMIN, BUYER_TYPED, ONE_D210, checkout_order, make_merchant
from support.steps import EMAIL, PASSWORD, sign_in, stored_tab_states, wait_for_mail


def test_a_merchant_signs_in_with_the_emailed_code_and_sees_the_order_and_its_device(phone, tmp_path, mailbox):
    order = checkout_order(buyer_name="Rahma Putri", lines=ONE_D210)  # rahma@example.com, one D210
    transitions.confirm(str(order.id), ADMIN)
    stock.receive("D2109001", "D210", ADMIN, imei="490154203237518")
    packing.pack(str(order.id), ["D2109001"], ADMIN)

    phone.goto(phone.base + "/dashboard")
    phone.get_by_role("link", name="Masuk dengan kode email").click()
    phone.wait_for_url(re.compile(r"/masuk$"))
    expect(phone.get_by_role("heading", name="Masuk", level=1)).to_be_visible()
    phone.get_by_label("Email").fill("Rahma@Example.com")
    phone.get_by_role("button", name="Kirim Kode").click()
    phone.wait_for_url(re.compile(r"/masuk\?langkah=kode"))
    [mail] = wait_for_mail(mailbox, "Kode masuk")
    code = re.search(r"Kode masuk Anda: (\d{6})", mail.get_body(("plain",)).get_content()).group(1)
    phone.get_by_label("Kode masuk").fill("000000" if code != "000000" else "111111")
    phone.get_by_role("button", name="Masuk").click()
    expect(phone.get_by_test_id("sign-in-error")).to_contain_text("Kode salah")
    phone.get_by_label("Kode masuk").fill(code)
    phone.get_by_role("button", name="Masuk").click()
    phone.wait_for_url(re.compile(r"/akun$"))
    expect(phone.get_by_test_id("account-email")).to_have_text("rahma@example.com")
    expect(phone.get_by_test_id("account-order")).to_contain_text(order.number)  # the summary's latest orders
    expect(phone.get_by_test_id("summary-attention")).to_contain_text("Menunggu pendaftaran merchant")
    expect(phone.get_by_test_id("summary-today")).to_have_count(0)  # a buyer without a registration: no takings
    sections = phone.get_by_role("navigation", name="Bagian akun")
    expect(sections.get_by_role("link")).to_have_text(["Ringkasan", "Perangkat", "Pesanan", "Data pribadi"])
    sections.get_by_role("link", name="Perangkat").click()
    phone.wait_for_url(re.compile(r"/akun/perangkat$"))
    expect(phone.get_by_test_id("device-serial")).to_have_text("D2109001")
    expect(phone.get_by_test_id("device-waiting")).to_contain_text("Menunggu pendaftaran merchant")
    phone.goto(phone.base + "/dashboard")  # the header's Status / Tracking: signed in, the account
    phone.wait_for_url(re.compile(r"/akun$"))
    phone.get_by_test_id("summary-orders").get_by_role("link", name="Semua pesanan").click()
    phone.wait_for_url(re.compile(r"/akun/pesanan$"))
    expect(phone.get_by_test_id("account-order")).to_contain_text(order.number)
    phone.get_by_test_id("account-order").get_by_role("button", name="Pesan lagi").click()
    phone.wait_for_url(re.compile(r"/checkout/products$"))  # the same line in the cart
    expect(phone.get_by_test_id("cart-line")).to_have_count(1)
    expect(phone.get_by_test_id("cart-line")).to_contain_text("D210")
    phone.goto(phone.base + "/akun")

    phone.get_by_role("navigation", name="Bagian akun").get_by_role("link", name="Data pribadi").click()
    phone.wait_for_url(re.compile(r"/akun/data$"))
    phone.get_by_role("button", name="Minta salinan data").click()
    expect(phone.get_by_role("status").filter(has_text="Permintaan Anda")).to_contain_text("kami terima")
    expect(phone.get_by_test_id("data-request")).to_contain_text("Minta salinan data, diminta")
    phone.get_by_role("button", name="Keluar dari semua perangkat").click()
    phone.wait_for_url(re.compile(r"/masuk\?keluar=1"))
    expect(phone.get_by_role("status").filter(has_text="Anda sudah keluar")).to_be_visible()
    phone.goto(phone.base + "/akun")
    phone.wait_for_url(re.compile(r"/masuk$"))
    phone.goto(phone.base + "/dashboard")  # signed out: the guest lookups again
    expect(phone.get_by_role("heading", name="Lacak Pesanan")).to_be_visible()
    assert phone.url.endswith("/dashboard")


def sign_in_by_code(page, mailbox, email: str) -> None:
    page.goto(page.base + "/masuk")
    page.get_by_label("Email").fill(email)
    page.get_by_role("button", name="Kirim Kode").click()
    page.wait_for_url(re.compile(r"/masuk\?langkah=kode"))
    [mail] = wait_for_mail(mailbox, "Kode masuk")
    page.get_by_label("Kode masuk").fill(
        re.search(r"Kode masuk Anda: (\d{6})", mail.get_body(("plain",)).get_content()).group(1)
    )
    tab = page.evaluate("window.sessionStorage.getItem('token')")  # this tab, remembered with its session
    expect(page.locator("input[name=tab]")).to_have_value(tab)
    page.get_by_role("button", name="Masuk").click()
    page.wait_for_url(re.compile(r"/akun$"))


def open_section(page, name: str) -> None:
    """A tap on one of the account's section links (issue 60.5: a page each), and its page open."""
    page.get_by_role("navigation", name="Bagian akun").get_by_role("link", name=name, exact=True).click()
    expect(
        page.get_by_role("navigation", name="Bagian akun").get_by_role("link", name=name, exact=True)
    ).to_have_attribute("aria-current", "page")


def test_signing_out_in_one_tab_ends_the_account_in_every_open_tab(page, mailbox):
    """Issue 46.1: a tab left open on /akun kept answering (its orders, "Pesan lagi", the filter)
    after "Keluar" in another tab, and the tab states stored on disk or in Redis kept the account."""
    order = checkout_order(buyer={**BUYER_TYPED, "buyer_email": "dewi.keluar@example.com"}, lines=ONE_D210)
    sign_in_by_code(page, mailbox, "dewi.keluar@example.com")
    page.get_by_role("navigation", name="Bagian akun").get_by_role("link", name="Pesanan").click()
    expect(page.get_by_test_id("account-order")).to_contain_text(order.number)
    other = page.context.new_page()  # the same browser, a second tab on the account
    other.base = page.base
    other.goto(other.base + "/akun")
    expect(other.get_by_test_id("account-email")).to_have_text("dewi.keluar@example.com")

    other.get_by_role("button", name="Keluar", exact=True).click()
    other.wait_for_url(re.compile(r"/masuk\?keluar=1"))
    time.sleep(1)  # a tab's state is written after its event
    assert not any(b"dewi.keluar@example.com" in content for _, content, _ in stored_tab_states())
    page.get_by_test_id("account-order").get_by_role("button", name="Pesan lagi").click()  # the first tab, still open
    page.wait_for_url(re.compile(r"/masuk$"))
    expect(page.get_by_role("heading", name="Masuk", level=1)).to_be_visible()
    page.goto(page.base + "/akun")  # the same tab asks again: nothing of the account
    page.wait_for_url(re.compile(r"/masuk$"))
    assert not any(b"dewi.keluar@example.com" in content for _, content, _ in stored_tab_states())


def test_sign_in_is_found_in_the_menu_header_and_footer_and_says_akun_saya_after(phone, page, mailbox):
    """Issue 50.1: the only way in was a box on the Status page."""
    checkout_order(buyer={**BUYER_TYPED, "buyer_email": "cari.masuk@example.com"})
    page.goto(page.base + "/")  # at the desk: in the header
    page.get_by_role("banner").get_by_role("link", name="Masuk", exact=True).click()
    page.wait_for_url(re.compile(r"/masuk$"))

    phone.goto(phone.base + "/")
    expect(phone.locator("footer").get_by_role("link", name="Masuk", exact=True)).to_be_visible()
    phone.get_by_role("button", name="Buka menu").click()
    phone.locator("#mobile-menu").get_by_role("link", name="Masuk", exact=True).click()
    phone.wait_for_url(re.compile(r"/masuk$"))
    sign_in_by_code(phone, mailbox, "cari.masuk@example.com")
    phone.goto(phone.base + "/")
    footer = phone.locator("footer")
    expect(footer.get_by_role("link", name="Akun Saya")).to_be_visible()
    expect(footer.get_by_role("link", name="Masuk", exact=True)).to_be_hidden()
    phone.get_by_role("button", name="Buka menu").click()
    phone.locator("#mobile-menu").get_by_role("link", name="Akun Saya").click()
    phone.wait_for_url(re.compile(r"/akun$"))
    expect(phone.get_by_test_id("account-email")).to_have_text("cari.masuk@example.com")
    phone.goto(phone.base + "/masuk")  # signed in already: the account
    phone.wait_for_url(re.compile(r"/akun$"))
    phone.get_by_role("button", name="Keluar", exact=True).click()
    phone.wait_for_url(re.compile(r"/masuk\?keluar=1"))
    phone.goto(phone.base + "/")
    expect(phone.locator("footer").get_by_role("link", name="Masuk", exact=True)).to_be_visible()


def test_a_delivered_order_reads_diterima_everywhere_and_every_step_has_its_date(phone, mailbox):
    """Issue 50.7: /akun called a delivered order "Dikonfirmasi" while its page said "Diterima";
    the timelines' steps carried no date."""
    from terminal_shop.services.orders import fulfilment

    order = checkout_order(buyer={**BUYER_TYPED, "buyer_email": "tanggal@example.com"}, lines=ONE_D210)
    transitions.confirm(str(order.id), ADMIN)
    stock.receive("D2107001", "D210", ADMIN, imei="490154203237518")
    packing.pack(str(order.id), ["D2107001"], ADMIN)
    fulfilment.ship(str(order.id), "jne", "CGK7777777001", ADMIN)
    fulfilment.deliver(str(order.id), ADMIN)
    sign_in_by_code(phone, mailbox, "tanggal@example.com")
    line = phone.get_by_test_id("account-order")
    expect(line).to_contain_text("Diterima")
    expect(line).not_to_contain_text("Dikonfirmasi")
    sections = phone.get_by_role("navigation", name="Bagian akun")
    sections.get_by_role("link", name="Perangkat").click()
    device = phone.get_by_role("list", name="Perjalanan perangkat")
    expect(device.get_by_test_id("step-date")).to_have_count(4)  # ordered, packed, shipped, received
    sections.get_by_role("link", name="Pesanan").click()
    phone.get_by_test_id("account-order").get_by_role("link", name=order.number).click()
    phone.wait_for_url(re.compile(r"/pesanan/"))
    expect(phone.get_by_test_id("order-status")).to_have_text("Diterima")
    steps = phone.get_by_test_id("timeline").locator("li")
    expect(steps).to_have_count(6)
    for i in range(6):
        expect(steps.nth(i)).to_contain_text(re.compile(r"\d{1,2} \w{3} \d{4}"))  # each with its day


def test_a_transaction_sent_by_the_simulator_appears_on_the_open_dashboard(page, tmp_path, mailbox):
    merchant_id = make_merchant(tmp_path, email="warung@example.com", hp="0857-1111-2222")
    form = admin_merchants.detail(str(merchant_id)).form
    admin_edit.save(str(merchant_id), {**form, "status": "approved"}, ADMIN)
    with write_session() as s:
        s.add(Device(serial="SBXLIVE01", model="SOUNDBOX", status="aktif", received_by=ADMIN, merchant_id=merchant_id,
                     tid="QRS00001", mid="000885000000001"))  # fmt: skip
    secret = signers.add_acquirer("bri", "Bank BRI")
    sign_in_by_code(page, mailbox, "warung@example.com")
    page.get_by_test_id("summary-today").get_by_role("link", name="Lihat transaksi").click()
    page.wait_for_url(re.compile(r"/akun/transaksi$"))
    expect(page.get_by_test_id("today-count")).to_have_text("0")

    simulate(page.base, "bri", secret, "QRS00001", 2, seed=7)  # as the acquirer's system would, signed
    expect(page.get_by_test_id("today-count")).to_have_text("2", timeout=5_000)  # no reload
    expect(page.get_by_test_id("history-transaction")).to_have_count(2)  # listed once: in Riwayat (issue 50.6)
    expect(page.get_by_test_id("history-transaction").first).to_contain_text("Soundbox · SN SBXLIVE01")

    history = page.get_by_test_id("transaction-history")  # the same two in the list, summed alike
    expect(history.get_by_test_id("history-transaction")).to_have_count(2)
    expect(history.get_by_test_id("list-count")).to_have_text("2")
    sale = page.get_by_test_id("today-sales").inner_text()
    expect(history.get_by_test_id("list-sales")).to_have_text(sale)
    expect(history.get_by_test_id("chart-day")).to_have_count(30)
    with page.expect_download() as download:
        history.get_by_role("link", name="Unduh CSV").click()
    rows = download.value.path().read_text(encoding="utf-8-sig").splitlines()
    assert rows[0].startswith("Waktu (WIB),Perangkat,TID") and len(rows) == 3 and "QRS00001" in rows[1]
    with page.expect_download() as download:
        history.get_by_test_id("statement-link").first.click()  # this month's laporan for the MID
    assert download.value.path().read_bytes().startswith(b"%PDF")
    assert download.value.suggested_filename.startswith("laporan-000885000000001-")
    history.get_by_label("Status").select_option("Dibatalkan")
    history.get_by_role("button", name="Tampilkan").click()
    expect(history.get_by_text("Tidak ada transaksi untuk pilihan ini.")).to_be_visible()
    expect(history.get_by_test_id("list-count")).to_have_text("0")
    page.get_by_role("navigation", name="Bagian akun").get_by_role("link", name="Ringkasan").click()
    expect(page.get_by_test_id("summary-sales")).to_have_text(sale)  # the same takings on the summary
    expect(page.get_by_test_id("summary-payout")).to_contain_text("dijadwalkan masuk")  # the ledger's payout

    # Issue 60.5: the takings are in the summary's HTML, painted before any script has run
    bare_context = page.context.browser.new_context(java_script_enabled=False)
    bare_context.add_cookies(page.context.cookies())
    bare = bare_context.new_page()
    answer = bare.goto(page.base + "/akun")
    assert answer.headers["cache-control"] == "private, no-store"  # a person's money: kept nowhere
    expect(bare.get_by_test_id("summary-sales")).to_have_text(sale)
    expect(bare.get_by_test_id("summary-count")).to_have_text("2")
    expect(bare.get_by_text("Memuat akun...")).to_be_hidden()
    bare.get_by_role("link", name="Lihat transaksi").click()  # a plain link: it works before the scripts too
    bare.wait_for_url(re.compile(r"/akun/transaksi$"))
    bare_context.close()
    page.goto(page.base + "/akun")  # with its scripts: the page's own summary takes its place, once
    expect(page.get_by_test_id("account-email")).to_be_visible()
    expect(page.get_by_test_id("summary-today")).to_have_count(1)
    expect(page.get_by_test_id("summary-sales")).to_have_text(sale)


def test_a_merchants_account_is_a_short_summary_on_a_phone_with_a_page_per_section(phone, tmp_path, mailbox):
    """Issue 50.6, then 60.5: the account was one page of about ten phone screens; now a summary
    of at most two, each section a page of its own that lists a sale once."""
    merchant_id = make_merchant(tmp_path, email="bagian@example.com", hp="0857-3333-4444")
    form = admin_merchants.detail(str(merchant_id)).form
    admin_edit.save(str(merchant_id), {**form, "status": "approved"}, ADMIN)
    with write_session() as s:
        s.add(Device(serial="SBXSECT01", model="SOUNDBOX", status="aktif", received_by=ADMIN, merchant_id=merchant_id,
                     tid="QRS00077", mid="000885000000077"))  # fmt: skip
    secret = signers.add_acquirer("bni", "Bank BNI")
    simulate(phone.base, "bni", secret, "QRS00077", 1, seed=3, mid="000885000000077")
    sign_in_by_code(phone, mailbox, "bagian@example.com")
    expect(phone.get_by_test_id("summary-devices")).to_contain_text("Semua perangkat berjalan normal.")
    main = phone.locator("#main").bounding_box()
    assert main["height"] <= 2 * 740, f"the summary is {main['height']:.0f} px on a 740 px phone"
    sections = phone.get_by_role("navigation", name="Bagian akun")
    for name in ("Ringkasan", "Transaksi", "Pencairan", "Sengketa", "Perangkat", "Servis", "Tim", "Pesanan"):
        expect(sections.get_by_role("link", name=name)).to_be_visible()
    expect(sections.get_by_role("link", name="Ringkasan")).to_have_attribute("aria-current", "page")
    sections.get_by_role("link", name="Transaksi").click()
    phone.wait_for_url(re.compile(r"/akun/transaksi$"))
    expect(phone.get_by_test_id("history-transaction")).to_have_count(1)  # the one sale, once on the page
    expect(phone.get_by_test_id("merchant-dashboard")).not_to_contain_text("SBXSECT01")  # figures only, no list
    sale = phone.get_by_test_id("list-sales").inner_text()
    expect(phone.get_by_test_id("chart-top")).to_have_text(sale)  # the scale: the busiest day
    expect(phone.get_by_test_id("statement-link")).to_have_count(1)  # this month only: the first sale's
    sections.get_by_role("link", name="Perangkat").click()
    phone.wait_for_url(re.compile(r"/akun/perangkat$"))
    expect(phone.locator("#perangkat")).to_contain_text("SBXSECT01")
    expect(phone.get_by_test_id("history-transaction")).to_have_count(0)  # this page reads only its own


def test_the_owner_adds_an_acquirer_and_its_secret_is_shown_once_never_stored(page, tmp_path, clean_db):
    """Issue 37 point 7: acquirers on the admin's "Transaksi"; the secret reaches the page once."""
    admin_auth.create_admin(EMAIL, PASSWORD)
    sign_in(page)
    page.goto(page.base + "/admin/transaksi")
    form = page.get_by_role("form", name="Tambah acquirer")
    form.get_by_label("Kode").fill("bri")
    form.get_by_label("Nama").fill("Bank BRI")
    form.get_by_label("Batas jam settlement (WIB)").fill("25:00")
    form.get_by_role("button", name="Tambah").click()
    expect(page.locator("#main").get_by_role("alert").filter(has_text="Isi jam batas seperti 23:00")).to_be_visible()
    form.get_by_label("Kode").fill("bri")
    form.get_by_label("Nama").fill("Bank BRI")
    form.get_by_label("Batas jam settlement (WIB)").fill("22:00")
    form.get_by_role("button", name="Tambah").click()
    field = page.locator("#acquirer-secret")
    expect(field).to_have_value(re.compile(r"^[0-9a-f]{64}$"))
    secret = field.input_value()
    expect(page.get_by_test_id("acquirer-health")).to_contain_text("Bank BRI")
    page.get_by_role("button", name="Ganti rahasia bri").click()
    expect(field).not_to_have_value(secret)
    rotated = field.input_value()
    time.sleep(1)  # the tab's state is written after the event
    assert not any(s.encode() in content for s in (secret, rotated) for _, content, _ in stored_tab_states())
    merchant_id = make_merchant(tmp_path, email="toko@example.com")
    with write_session() as s:
        s.add(Device(serial="SBX9", model="SOUNDBOX", status="aktif", received_by=ADMIN, merchant_id=merchant_id,
                     tid="QRS00009", mid="000885000000009"))  # fmt: skip
    assert (
        simulate(page.base, "bri", rotated, "QRS00009", 1, seed=3, mid="000885000000009")["accepted"] == 1
    )  # with the new secret


def test_the_sign_in_page_never_shows_the_code_form_it_showed_this_tab_before(page, mailbox):
    """The code step follows the page's address: a tab that last showed "Masukkan kode" and opens
    /masuk again must not flash the code form while its stored state arrives (the e-mail field
    the person already typed into was replaced and came back empty: "Kirim Kode" then sent
    nothing: a sign-in that failed once in a full run)."""
    page.goto(page.base + "/masuk")
    page.get_by_label("Email").fill("tab.lama@example.com")
    page.get_by_role("button", name="Kirim Kode").click()
    page.wait_for_url(re.compile(r"/masuk\?langkah=kode"))
    expect(page.get_by_label("Kode masuk")).to_be_visible()  # this tab's state now says "kode"
    page.add_init_script(
        "new MutationObserver(() => { if (document.querySelector('input[name=code]')) window.__codeShown = true })"
        ".observe(document, {childList: true, subtree: true})"
    )
    page.goto(page.base + "/masuk")
    expect(page.get_by_label("Email")).to_be_visible()
    page.wait_for_timeout(1500)  # the tab's stored state and the page's load have both answered
    assert page.evaluate("window.__codeShown === true") is False
    expect(page.get_by_label("Email")).to_be_editable()
