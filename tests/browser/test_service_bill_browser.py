"""A broken out-of-warranty Soundbox's bill in Chromium (issue 63.1): the merchant on a phone
reads the cost before anything ships, pays it from the case, is led back to the case, and sees
it Menunggu verifikasi, then Lunas; the warehouse sees the bill's state and ships only once
it is paid."""

from __future__ import annotations

import re
from datetime import timedelta

from playwright.sync_api import expect
from sqlmodel import select
from test_account_browser import open_section, sign_in_by_code

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.services import working_days
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.team import admin_auth
from terminal_shop.state.account_service import REPORT_UPLOAD_ID

from support.factories import ADMIN, approved_merchant
from support.files import png
from support.steps import EMAIL, PASSWORD, choose_proof, sign_in, wait_for_mail

OWNER = "tagihan.servis@example.com"


def _report(phone, tmp_path) -> None:
    open_section(phone, "Perangkat")
    phone.get_by_test_id("device").get_by_role("link", name="Laporkan masalah").click()
    form = phone.get_by_test_id("report-form")
    form.get_by_label("Apa yang terjadi?").select_option("Tidak menyala")
    form.get_by_label("Ceritakan singkat").fill("Mati setelah kena hujan")
    form.locator(f"#{REPORT_UPLOAD_ID} input[type=file]").set_input_files(str(png(tmp_path / "basah.png")))
    form.get_by_role("button", name="Kirim laporan").click()
    expect(phone.get_by_text("terkirim")).to_be_visible()
    expect(phone.get_by_test_id("service-case")).to_contain_text("Di luar garansi")
    expect(phone.get_by_test_id("service-case")).to_contain_text("1 foto/video terlampir")


def _pay_from_the_case(phone, tmp_path) -> None:
    case = phone.get_by_test_id("service-case")
    expect(case.get_by_test_id("service-bill")).to_have_text("Belum dibayar")
    expect(case.get_by_test_id("service-next")).to_contain_text("biaya servis Rp 150.000")
    case.get_by_role("button", name="Bayar tagihan").click()
    phone.wait_for_url(re.compile(r"/checkout/form"))
    expect(phone.locator("#buyer_phone")).to_have_value(re.compile(r"^08"))  # the form takes its own prefill
    phone.get_by_role("button", name="Lanjut ke Pembayaran").click()
    expect(phone.get_by_role("heading", name="Metode Pembayaran")).to_be_visible()
    expect(phone.get_by_text(re.compile(r"Servis Soundbox QRIS di luar garansi · SRV-")).first).to_be_visible()
    expect(phone.get_by_test_id("total").first).to_have_text("Rp 150.000")  # no shipping on a bill
    expect(phone.get_by_text("Ongkos kirim")).to_have_count(0)
    expect(phone.get_by_test_id("return-terms")).to_have_count(0)  # a bill is no purchase to return
    choose_proof(phone, png(tmp_path / "bukti-servis.png"))
    phone.get_by_role("button", name="Kirim Pesanan").click()
    phone.wait_for_url(re.compile(r"/checkout/success"))
    expect(phone.get_by_test_id("case-link")).to_be_visible()
    expect(phone.get_by_role("link", name="Belanja Lagi")).to_have_count(0)  # a bill, not a purchase
    phone.get_by_test_id("case-link").click()
    phone.wait_for_url(re.compile(r"/akun/servis#SRV-"))


def test_an_out_of_warranty_soundbox_says_its_cost_is_paid_from_its_case_and_ships_once_paid(
    phone, page, tmp_path, mailbox
):
    admin_auth.create_admin(EMAIL, PASSWORD)
    merchant_id = approved_merchant(tmp_path, email=OWNER, hp="0857-4848-0063")
    with write_session() as s:
        s.add(Device(serial="SBXOLD063", model="SOUNDBOX", status="aktif", received_by=ADMIN, merchant_id=merchant_id,
                     tid="QRS00063", mid="000885000000063", nmid="ID1020012345063", acquirer="BRI",
                     warranty_until=working_days.today_wib() - timedelta(days=30)))  # fmt: skip
        s.add(Device(serial="SBXNEW063", model="SOUNDBOX", status="stok", received_by=ADMIN))
    sign_in_by_code(phone, mailbox, OWNER)
    _report(phone, tmp_path)

    sign_in(page)  # the warehouse checks it: the cost is said, nothing ships yet
    page.get_by_role("navigation", name="Menu admin").get_by_role("link", name="Servis").click()
    work = page.get_by_test_id("admin-service-case")
    work.get_by_label("Catatan pemeriksaan").fill("Papan daya rusak karena air")
    work.get_by_role("button", name="Simpan pemeriksaan").click()
    expect(page.get_by_text("Pemeriksaan tersimpan")).to_be_visible()
    expect(work.get_by_test_id("admin-service-fee")).to_contain_text("Rp 150.000")
    expect(work.get_by_test_id("admin-service-fee")).to_contain_text("Belum dibayar")
    expect(work.get_by_test_id("waits-payment")).to_be_visible()
    expect(work.get_by_role("button", name="Kirim pengganti")).to_have_count(0)
    page.get_by_role("navigation", name="Menu admin").get_by_role("link", name="Ringkasan").click()
    unpaid = page.get_by_test_id("waiting").filter(has_text="Servis: tagihan belum dibayar")
    expect(unpaid).to_contain_text("1")  # the overview watches the bill
    unpaid.click()
    page.wait_for_url(re.compile(r"/admin/servis"))
    [checked] = wait_for_mail(mailbox, ": Diperiksa")
    assert "biaya servis Rp 150.000" in checked.get_body(("plain",)).get_content()

    phone.reload()
    _pay_from_the_case(phone, tmp_path)
    case = phone.get_by_test_id("service-case")
    expect(case.get_by_test_id("service-bill")).to_have_text("Menunggu verifikasi")
    expect(case.get_by_role("button", name="Bayar tagihan")).to_have_count(0)
    open_section(phone, "Pesanan")
    expect(phone.get_by_test_id("account-order")).to_contain_text("Menunggu Verifikasi")
    expect(phone.get_by_test_id("account-order").get_by_role("button", name="Pesan lagi")).to_have_count(0)

    with read_session() as s:
        order = s.exec(select(Order).where(Order.service_case.is_not(None))).one()
    page.get_by_role("navigation", name="Menu admin").get_by_role("link", name="Orders").click()
    page.get_by_role("row").filter(has_text=order.number).get_by_role("link", name="Review").click()
    page.get_by_role("button", name="Konfirmasi").click()
    page.get_by_role("button", name="Ya, tanpa mutasi").click()
    expect(page.get_by_text("Pembayaran berhasil dikonfirmasi")).to_be_visible()
    expect(page.get_by_test_id("fulfilment")).to_have_text("Tanpa pengiriman")  # nothing to pack

    page.get_by_role("navigation", name="Menu admin").get_by_role("link", name="Servis").click()
    expect(work.get_by_test_id("admin-service-fee")).to_contain_text("Lunas")
    work.get_by_label("SN pengganti (pindai)").fill("SBXNEW063")
    work.get_by_label("Kurir pengiriman").select_option("JNE")
    work.get_by_label("Resi pengiriman").fill("JNE0063123456")
    work.get_by_role("button", name="Kirim pengganti").click()
    expect(page.get_by_text("Pengganti dikirim", exact=True).first).to_be_visible()  # not the intro's words

    open_section(phone, "Servis")
    expect(case.get_by_test_id("service-bill")).to_have_text("Lunas")
    expect(case).to_contain_text("Pengganti dikirim")
    case.get_by_role("button", name="Pengganti sudah diterima").click()  # it arrived
    expect(phone.get_by_text("kami aktifkan unit pengganti")).to_be_visible()

    page.reload()
    work.get_by_role("button", name="Aktifkan pengganti dengan TID QRS00063").click()
    expect(work.get_by_test_id("replacement-active")).to_have_text("Pengganti aktif dengan TID QRS00063")
    pickup_day = working_days.add_working_days(working_days.today_wib(), 2)
    work.get_by_label("Tanggal penjemputan").fill(pickup_day.isoformat())
    work.get_by_role("button", name="Kirim jadwal ke merchant").click()
    expect(work.get_by_test_id("pickup")).to_contain_text(working_days.spoken(pickup_day))
    phone.reload()
    expect(case.get_by_test_id("service-next")).to_contain_text(
        f"dijemput kurir {working_days.spoken(pickup_day)}, pukul 09.00-12.00 WIB"
    )
