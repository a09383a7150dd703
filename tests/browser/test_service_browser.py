"""Device service in Chromium (issue 48, the journey): a merchant reports a dead Soundbox with
a photo on a phone, the warehouse admin checks it, ships a replacement by scanning its SN,
activates it with the old TID, records the pickup and repairs the old unit into stock; the
merchant's case shows each step; a heartbeat gap raises the offline alert once."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from datetime import time as clock

import httpx
from playwright.sync_api import expect
from sqlmodel import select
from test_account_browser import sign_in_by_code

from terminal_shop.formats import WIB
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.services import working_days
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.fleet import alerts, heartbeat
from terminal_shop.services.team import admin_auth
from terminal_shop.state.account_service import SERVICE_UPLOAD_ID

from support.factories import ADMIN, approved_merchant
from support.files import png
from support.steps import EMAIL, PASSWORD, sign_in, wait_for_mail


def _beat(base_url: str, minutes_ago: int) -> None:
    """The Soundbox's heartbeat, posted signed as its management server posts it."""
    at = datetime.now(UTC) - timedelta(minutes=minutes_ago)
    body = json.dumps({"heartbeats": [{"sn": "SBXOLD048", "at": at.isoformat(), "app_version": "2.1.0",
                                       "firmware": "SBX-3", "battery": None, "signal": 70, "paper": "none"}]}).encode()  # fmt: skip
    ts = int(time.time())
    answer = httpx.post(base_url + "/api/detak", content=body, headers={
        "X-Terminalku-Timestamp": str(ts), "X-Terminalku-Signature": heartbeat.sign(heartbeat.secret(), ts, body)})  # fmt: skip
    assert answer.status_code == 200 and answer.json()["accepted"] == 1


def test_a_dead_soundbox_is_replaced_first_and_collected_after(phone, page, tmp_path, mailbox):
    admin_auth.create_admin(EMAIL, PASSWORD)
    merchant_id = approved_merchant(tmp_path, email="servis@example.com", hp="0857-4848-0048")
    with write_session() as s:
        s.add(Device(serial="SBXOLD048", model="SOUNDBOX", status="aktif", received_by=ADMIN, merchant_id=merchant_id,
                     tid="QRS00048", mid="000885000000048", nmid="ID1020012345048", acquirer="BRI",
                     warranty_until=working_days.today_wib() + timedelta(days=200)))  # fmt: skip
        s.add(Device(serial="SBXNEW048", model="SOUNDBOX", status="stok", received_by=ADMIN))
    _beat(page.base, minutes_ago=90)  # silent since: the management server's last word

    # A working day at noon, 90 minutes and more after that beat: the workers' round alerts once.
    day = working_days.add_working_days(working_days.today_wib(), 1)
    noon = datetime.combine(day, clock(12), WIB)
    assert (alerts.queue_offline(noon), alerts.queue_offline(noon + timedelta(minutes=5))) == (1, 0)
    [offline] = wait_for_mail(mailbox, "SN SBXOLD048 tidak terhubung")
    assert "Laporkan masalah" in offline.get_body(("plain",)).get_content()

    sign_in_by_code(phone, mailbox, "servis@example.com")
    phone.get_by_role("navigation", name="Bagian akun").get_by_role("link", name="Perangkat").click()
    card = phone.get_by_test_id("device")
    expect(card.get_by_test_id("device-last-seen")).to_contain_text("WIB")
    card.get_by_role("button", name="Laporkan masalah").click()
    card.get_by_label("Apa yang terjadi?").select_option("Tidak menyala")
    card.get_by_label("Ceritakan singkat").fill("Mati total sejak pagi, lampu tidak menyala")
    card.get_by_role("button", name="Kirim laporan").click()
    expect(phone.get_by_text("terkirim")).to_be_visible()
    case = phone.get_by_test_id("service-case")
    expect(case).to_contain_text("Garansi berlaku s.d.")
    expect(case.get_by_test_id("service-next")).to_contain_text("unit pengganti kami kirim paling lambat")
    case.locator(f"#{SERVICE_UPLOAD_ID} input[type=file]").set_input_files(str(png(tmp_path / "mati.png")))
    expect(phone.get_by_text("Foto tersimpan")).to_be_visible()
    expect(case).to_contain_text("1 foto/video terlampir")

    sign_in(page)  # the owner works the case as the warehouse does
    page.get_by_role("navigation", name="Menu admin").get_by_role("link", name="Servis").click()
    work = page.get_by_test_id("admin-service-case")
    expect(work).to_contain_text("Tidak menyala: Mati total sejak pagi")
    work.get_by_label("Catatan pemeriksaan").fill("Tidak menyala saat dicas: ganti unit")
    work.get_by_role("button", name="Simpan pemeriksaan").click()
    expect(page.get_by_text("Pemeriksaan tersimpan")).to_be_visible()
    work.get_by_label("SN pengganti (pindai)").fill("SBXNEW048")
    work.get_by_label("Kurir pengiriman").select_option("JNE")
    work.get_by_label("Resi pengiriman").fill("JNE0048123456")
    work.get_by_role("button", name="Kirim pengganti").click()
    expect(page.get_by_text("Pengganti dikirim").first).to_be_visible()
    work.get_by_role("button", name="Aktifkan pengganti dengan TID QRS00048").click()
    expect(page.get_by_text("Pengganti aktif dengan TID lama")).to_be_visible()
    expect(work.get_by_test_id("replacement-active")).to_have_text("Pengganti aktif dengan TID QRS00048")
    work.get_by_label("Kurir penjemputan").select_option("SiCepat")
    work.get_by_label("Resi penjemputan").fill("SCP0048123456")
    work.get_by_role("button", name="Catat penjemputan").click()
    expect(page.get_by_text("Penjemputan tercatat")).to_be_visible()
    work.get_by_role("button", name="Unit lama diterima gudang").click()
    expect(page.get_by_text("Unit lama diterima gudang").first).to_be_visible()
    work.get_by_role("button", name="Diperbaiki: kembali ke stok").click()
    expect(page.get_by_text("Tidak ada laporan terbuka.")).to_be_visible()

    wait_for_mail(mailbox, ": Pengganti dikirim")
    phone.reload()
    case = phone.get_by_test_id("service-case")
    for shown in ("Selesai", "SN SBXNEW048 · JNE · resi JNE0048123456", "SiCepat · resi SCP0048123456",
                  "unit lama diperbaiki, kembali ke stok"):  # fmt: skip
        expect(case).to_contain_text(shown)
    replacement = phone.get_by_test_id("device")
    expect(replacement).to_have_count(1)  # the old unit went back to stock: nobody's now
    expect(replacement.get_by_test_id("device-note")).to_have_text("Pengganti untuk SN SBXOLD048")
    expect(replacement.get_by_test_id("device-tid")).to_have_text("QRS00048")
    with read_session() as s:
        old = s.exec(select(Device).where(Device.serial == "SBXOLD048")).one()
    assert (old.status, old.merchant_id) == ("stok", None)


def test_the_owner_adds_an_outlet_places_a_device_and_reads_the_accounts_activity(phone, tmp_path, mailbox):
    """Issue 49.1 and 49.4 (their first slice) on a phone."""
    merchant_id = approved_merchant(tmp_path, "outlet@example.com", "0857-4949-0049", nama_usaha="Warung Dua Cabang")
    with write_session() as s:
        s.add(Device(serial="A920OUT49", model="A920", status="aktif", received_by=ADMIN, merchant_id=merchant_id,
                     tid="A9200049", mid="000885000000049", acquirer="BRI"))  # fmt: skip

    sign_in_by_code(phone, mailbox, "outlet@example.com")
    phone.get_by_role("navigation", name="Bagian akun").get_by_role("link", name="Outlet").click()
    section = phone.locator("#outlet")
    expect(section.get_by_test_id("outlet")).to_contain_text("Warung Dua Cabang")  # the registration's address
    section.get_by_label("Nama outlet").fill("Cabang Pasar")
    section.get_by_label("Alamat").fill("Jl. Pasar Baru 7")
    section.get_by_label("Kecamatan").fill("Sawah Besar")
    section.get_by_label("Kota/kabupaten").fill("Jakarta Pusat")
    section.get_by_role("button", name="Tambah outlet").click()
    expect(phone.get_by_text("Outlet Cabang Pasar ditambahkan")).to_be_visible()
    section.get_by_test_id("placement").get_by_role("combobox").select_option("Cabang Pasar")
    expect(phone.get_by_text("Perangkat dipindahkan")).to_be_visible()
    expect(section.get_by_test_id("outlet").filter(has_text="Cabang Pasar")).to_contain_text("A920 Pro · SN A920OUT49")
    log = phone.locator("#aktivitas").get_by_test_id("activity")
    expect(log.first).to_contain_text("Mengubah outlet: SN A920OUT49 di Cabang Pasar")
    expect(log.filter(has_text="Masuk ke akun")).to_have_count(1)
