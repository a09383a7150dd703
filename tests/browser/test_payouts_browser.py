"""The merchant's money in Chromium (issue 47): a sale comes in from the acquirer, the merchant
finds its payout under "Pencairan" on a phone with its breakdown, reports it missing a working
day past its date, the finance admin answers on "Transaksi" that the money arrived, and the
merchant reads the answer and "Diterima"; a refund and a chargeback the merchant follows and
contests with evidence, the admin sends on, and the payout that takes it."""

from __future__ import annotations

import json
import re
import time
import zipfile
from datetime import UTC, datetime, timedelta
from datetime import time as clock

from playwright.sync_api import expect
from test_account_browser import open_section, sign_in_by_code

from terminal_shop.formats import WIB
from terminal_shop.infra.db import write_session
from terminal_shop.intake import signed
from terminal_shop.services import working_days
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.disputes import webhook as dispute_webhook
from terminal_shop.services.payouts import webhook as payout_webhook
from terminal_shop.services.team import admin_auth
from terminal_shop.services.transactions import ingest, settlement, signers
from terminal_shop.state.account_disputes import EVIDENCE_UPLOAD_ID

from support.factories import ADMIN, approved_merchant
from support.files import png
from support.steps import EMAIL, PASSWORD, sign_in, wait_for_mail


def _sale(secret: str, days_ago: int) -> None:
    """One QRIS sale of Rp 250.000, sent signed as the acquirer's system sends it."""
    at = (datetime.now(UTC) - timedelta(days=days_ago)).isoformat()
    body = json.dumps({"id": "PAY-1", "tid": "QRS00047", "mid": "000885000000047", "time": at, "amount": 250_000,
                       "channel": "qris", "scheme": "QRIS BCA", "status": "approved"}).encode()  # fmt: skip
    ts = int(time.time())
    ingest.accept("bri", body, signed.sign(secret, ts, body), str(ts))


def test_a_missing_payout_is_reported_answered_and_received(phone, page, tmp_path, mailbox):
    admin_auth.create_admin(EMAIL, PASSWORD)
    merchant_id = approved_merchant(tmp_path, email="dana@example.com", hp="0857-4747-4747")
    with write_session() as s:
        s.add(Device(serial="SBXPAY01", model="SOUNDBOX", status="aktif", received_by=ADMIN, merchant_id=merchant_id,
                     tid="QRS00047", mid="000885000000047"))  # fmt: skip
    secret = signers.add_acquirer("bri", "Bank BRI")
    _sale(secret, days_ago=5)  # due a few working days ago: late enough to report

    sign_in_by_code(phone, mailbox, "dana@example.com")
    open_section(phone, "Pencairan")
    payouts = phone.locator("#pencairan")
    expect(payouts.get_by_test_id("next-payout")).to_contain_text("Rp 250.000 seharusnya masuk ke BCA")
    expect(payouts.get_by_test_id("next-payout")).to_contain_text("belum dikirim acquirer")
    row = payouts.get_by_test_id("payout").first
    expect(row).to_contain_text("Terlambat")
    row.get_by_role("button", name="Dana belum masuk?").click()  # on its row, without opening it (issue 59.6)
    expect(phone.get_by_text("Laporan terkirim")).to_be_visible()
    expect(row.get_by_test_id("payout-case-open")).to_have_text("Laporan Anda sedang diperiksa")
    expect(row.get_by_role("button", name="Dana belum masuk?")).to_have_count(0)
    row.get_by_role("button", name="Rincian").click()
    expect(row.get_by_test_id("payout-detail")).to_be_in_viewport()  # under its row, seen without scrolling
    expect(payouts.get_by_test_id("payout-gross")).to_have_text("Rp 250.000")
    expect(payouts.get_by_test_id("payout-net")).to_have_text("Rp 250.000")  # QRIS up to Rp 500.000, usaha mikro: 0%
    expect(payouts.get_by_test_id("payout-case")).to_contain_text("Sedang diperiksa")
    expect(payouts.get_by_test_id("payout-case-promise")).to_contain_text("Jawaban paling lambat")

    sign_in(page)  # the owner reads the transactions too: the overview says what waits
    page.get_by_role("navigation", name="Menu admin").get_by_role("link", name="Ringkasan").click()
    expect(page.get_by_test_id("overview-payout-case")).to_contain_text("Jawaban paling lambat")
    page.get_by_role("link", name="Jawab di Transaksi").click()
    case = page.get_by_test_id("payout-case")
    expect(case).to_contain_text("Rp 250.000 ke BCA")
    expect(case).to_contain_text("MID 000885000000047 (BRI)")
    case.get_by_label("Jawaban untuk merchant").fill("Dana sudah kami cek bersama BRI: masuk hari ini.")
    case.get_by_label("Dana sudah masuk ke rekening merchant").check()
    case.get_by_role("button", name="Kirim jawaban").click()
    expect(page.get_by_text("Jawaban terkirim ke merchant")).to_be_visible()
    expect(page.get_by_text("Tidak ada laporan yang menunggu jawaban.")).to_be_visible()

    [mail] = wait_for_mail(mailbox, "Jawaban untuk laporan dana belum masuk")
    assert "masuk hari ini" in mail.get_body(("plain",)).get_content()
    phone.reload()
    payouts = phone.locator("#pencairan")
    expect(payouts.get_by_test_id("payout").first).to_contain_text("Diterima")
    payouts.get_by_role("button", name="Rincian").first.click()
    expect(payouts.get_by_test_id("payout-case-answer")).to_contain_text("masuk hari ini")
    expect(payouts.get_by_role("button", name="Dana belum masuk?")).to_have_count(0)
    payouts.get_by_role("button", name="Masih belum masuk").click()  # the bank says otherwise: the case opens again
    expect(phone.get_by_text("Laporan dibuka lagi")).to_be_visible()
    expect(payouts.get_by_test_id("payout-case")).to_contain_text("Sedang diperiksa")
    expect(payouts.get_by_test_id("payout").first).to_contain_text("Laporan Anda sedang diperiksa")

    # Issue 47.5: the merchant asks for the 07.00 WIB recap by e-mail, and it stays chosen.
    payouts.get_by_label(re.compile("Rekap harian pukul 07.00 WIB")).select_option("Email")
    expect(phone.get_by_text("Rekap harian Email")).to_be_visible()
    phone.reload()
    expect(phone.locator("#pencairan").get_by_label(re.compile("Rekap harian"))).to_have_value("email")


def _deliver(secret: str, path: str, payload: dict) -> None:
    """A signed delivery to the acquirer-facing endpoints, as the acquirer's system posts it."""
    body = json.dumps(payload).encode()
    ts = int(time.time())
    accept = {"transaksi": ingest.accept, "sengketa": dispute_webhook.accept}[path]
    accept("bri", body, signed.sign(secret, ts, body), str(ts))


def test_a_refund_and_a_chargeback_the_merchant_follows_and_contests_with_evidence(phone, page, tmp_path, mailbox):
    """Issue 47.3-47.4: a refund before the payout is not paid and its MDR returned; a chargeback
    arrives, the merchant contests it with a photo of the receipt, the admin downloads the case,
    the acquirer rules against the merchant and the chargeback lands on the next payout."""
    admin_auth.create_admin(EMAIL, PASSWORD)
    merchant_id = approved_merchant(tmp_path, email="sengketa@example.com", hp="0857-4848-4848")
    with write_session() as s:
        s.add(Device(serial="A920DSP1", model="A920", status="aktif", received_by=ADMIN, merchant_id=merchant_id,
                     tid="A9200048", mid="000885000000048"))  # fmt: skip
    secret = signers.add_acquirer("bri", "Bank BRI")
    today_from = datetime.combine(working_days.today_wib(), clock(), WIB) + timedelta(minutes=1)
    at = max(datetime.now(UTC) - timedelta(hours=2), today_from).isoformat()  # today in WIB: what Riwayat lists first
    sale = {"tid": "A9200048", "mid": "000885000000048", "time": at, "channel": "debit", "scheme": "GPN"}
    _deliver(secret, "transaksi", {"transactions": [{**sale, "id": "D1", "amount": 500_000, "status": "approved"},
                                                    {**sale, "id": "D2", "amount": 300_000, "status": "approved"}]})  # fmt: skip
    _deliver(secret, "transaksi", {**sale, "id": "D1", "amount": 100_000, "status": "refund", "refund_id": "RF-1"})
    _deliver(
        secret, "transaksi", {**sale, "id": "H1", "tid": "A9200049", "amount": 50_000, "status": "approved"}
    )  # no terminal yet
    deadline = (datetime.now(UTC) + timedelta(days=7)).date().isoformat()
    dispute = {"id": "CB-48", "transaction_id": "D2", "reason_code": "4853", "reason": "Barang tidak diterima",
               "amount": 300_000, "deadline": deadline, "status": "open"}  # fmt: skip
    _deliver(secret, "sengketa", {"disputes": [dispute]})
    [told] = wait_for_mail(mailbox, "Sengketa Rp 300.000 perlu tanggapan")
    assert "transaksi D2" in told.get_body(("plain",)).get_content()

    sign_in_by_code(phone, mailbox, "sengketa@example.com")
    open_section(phone, "Transaksi")
    history = phone.locator("#riwayat")
    expect(history.get_by_test_id("txn-refund")).to_contain_text("Refund Rp 100.000")
    expect(history.get_by_test_id("txn-refund")).to_contain_text("tidak ikut dicairkan")
    open_section(phone, "Pencairan")
    payouts = phone.locator("#pencairan")
    payouts.get_by_role("button", name="Rincian").first.click()
    expect(payouts.get_by_test_id("payout-refunds")).to_have_text("Rp 100.000")
    expect(payouts.get_by_test_id("payout-mdr")).to_have_text("Rp 7.000")  # 1% of 400.000 kept, and of 300.000
    expect(payouts.get_by_test_id("payout-net")).to_have_text("Rp 693.000")
    expect(payouts.get_by_test_id("fee-reason").first).to_have_text("Kartu debit A920 s/d Rp 750.000: 1%")

    open_section(phone, "Sengketa")
    case = phone.get_by_test_id("dispute")
    expect(case).to_contain_text("Chargeback Rp 300.000 · transaksi D2")
    expect(case.get_by_test_id("dispute-deadline")).to_contain_text("Batas tanggapan")
    case.get_by_role("button", name="Tanggapi").click()
    case.get_by_role("radio", name="Bantah dengan bukti").check()
    case.get_by_role("button", name="Kirim tanggapan").click()  # no note, no file yet
    expect(phone.get_by_text("Tulis penjelasan singkat (maksimal 1000 karakter)")).to_be_visible()
    case.locator(f"#{EVIDENCE_UPLOAD_ID} input[type=file]").set_input_files(str(png(tmp_path / "struk.png")))
    expect(phone.get_by_text("Bukti tersimpan")).to_be_visible()
    expect(case.get_by_test_id("dispute-evidence")).to_contain_text("Foto struk (PNG")
    case.get_by_label("Penjelasan singkat (wajib jika membantah)").fill(
        "Barang diambil sendiri oleh pembeli, struk terlampir."
    )
    case.get_by_role("button", name="Kirim tanggapan").click()
    expect(phone.get_by_text("Tanggapan terkirim")).to_be_visible()
    expect(case.get_by_test_id("dispute-decision")).to_contain_text("Dibantah dengan bukti: Barang diambil sendiri")

    with write_session() as s:  # its terminal activated late, on the merchant's MID
        s.add(Device(serial="A920DSP2", model="A920", status="aktif", received_by=ADMIN, merchant_id=merchant_id,
                     tid="A9200049", mid="000885000000048"))  # fmt: skip
    sign_in(page)
    page.get_by_role("navigation", name="Menu admin").get_by_role("link", name="Ringkasan").click()
    expect(page.get_by_test_id("overview-dispute")).to_contain_text("Chargeback Rp 300.000")
    page.get_by_role("link", name="Kirim bukti di Transaksi").click()
    held_sale = page.get_by_test_id("unknown-tid").filter(has_text="A9200049")
    expect(held_sale).to_contain_text("TID tidak dikenal (MID 000885000000048)")
    held_sale.get_by_role("button", name="Masukkan ke pencairan").click()  # the admin resolves it: now in a payout
    expect(page.get_by_text(re.compile(r"Masuk pencairan "))).to_be_visible()
    expect(page.get_by_test_id("unknown-tid").filter(has_text="A9200049")).to_have_count(0)
    listed = page.get_by_test_id("admin-dispute")
    expect(listed).to_contain_text("Tanggapan merchant: Dibantah dengan bukti")
    expect(listed).to_contain_text("1 bukti")
    with page.expect_download() as download:
        listed.get_by_role("link", name="Unduh berkas untuk acquirer (ZIP)").click()
    archive = zipfile.ZipFile(download.value.path())
    assert sorted(archive.namelist()) == ["01-struk.png", "sengketa.txt"]
    listed.get_by_role("button", name="Tandai sudah diteruskan ke acquirer").click()  # the staff's own step, dated
    expect(page.get_by_text("Tercatat: diteruskan ke acquirer")).to_be_visible()
    phone.reload()
    expect(phone.get_by_test_id("dispute")).to_contain_text("Diteruskan ke acquirer")
    expect(phone.get_by_test_id("dispute-next")).to_contain_text("keputusan diharapkan paling lambat")
    expect(phone.get_by_test_id("dispute-sale")).to_contain_text("Penjualan Rp 300.000")
    schedule = page.get_by_role("form", name="Jadwal pencairan acquirer")  # the owner sets when BRI pays
    schedule.get_by_label("Dana masuk paling lambat (WIB)").fill("10:00")
    schedule.get_by_role("button", name="Simpan jadwal").click()
    expect(page.get_by_text("Jadwal BRI: H+1 hari kerja, batas 23.00, paling lambat 10.00 WIB")).to_be_visible()
    expect(page.get_by_test_id("acquirer-health")).to_contain_text("paling lambat 10.00 WIB")
    recon = page.locator("#rekonsiliasi").get_by_test_id("recon-line")  # the payout as the ledger sums it; not sent yet
    expect(recon.first).to_contain_text("000885000000048")
    expect(recon.first).to_contain_text("Dijadwalkan")
    only = page.locator("#rekonsiliasi").get_by_label("Hanya yang berselisih")
    only.click()
    expect(only).to_be_checked()
    expect(recon).to_have_count(0)  # a payout still to come differs from nothing
    fix = page.get_by_role("form", name="Koreksi pencairan")  # a correction: its own entry, with the merchant's reason
    fix.get_by_label("MID").fill("000885000000048")
    fix.get_by_label("Jumlah (+ ditambah, - dipotong)").fill("1.500")
    fix.get_by_label("Alasan (dibaca merchant)").fill("Pengembalian biaya cetak struk")
    fix.get_by_role("button", name="Catat koreksi").click()
    expect(page.get_by_text(re.compile(r"Koreksi \+Rp 1\.500 masuk pencairan "))).to_be_visible()

    _deliver(secret, "sengketa", {"disputes": [{**dispute, "status": "lost"}]})
    phone.reload()
    expect(phone.get_by_test_id("dispute")).to_contain_text("Chargeback berlaku")
    open_section(phone, "Pencairan")
    payouts = phone.locator("#pencairan")
    payouts.get_by_role("button", name="Rincian").first.click()  # the newest: the next working day's
    expect(payouts.get_by_test_id("payout-chargebacks")).to_have_text("-Rp 300.000")
    expect(payouts.get_by_test_id("payout-extra").filter(has_text="Chargeback")).to_contain_text(
        "Chargeback: CB-48 atas transaksi D2: Barang tidak diterima"
    )  # beside the refund's entries: exactly what this payout holds
    first_day = settlement.DEFAULT.on_or_after(working_days.today_wib())  # today, or the next working day
    todays = payouts.get_by_test_id("payout").filter(has_text=working_days.spoken(first_day))
    todays.get_by_role("button", name="Rincian").click()  # today's: the correction and the sale the admin released
    expect(todays.get_by_test_id("payout-extra").filter(has_text="Koreksi")).to_contain_text(
        "Pengembalian biaya cetak struk"
    )
    expect(todays.get_by_test_id("payout-adjustments")).to_have_text("+Rp 1.500")
    expect(todays.get_by_text("TID A9200049")).to_be_visible()
    open_section(phone, "Transaksi")
    charged = phone.locator("#riwayat").get_by_test_id("history-transaction").filter(has_text="Rp 300.000")
    expect(charged.get_by_test_id("txn-refund")).to_contain_text(
        "Chargeback Rp 300.000"
    )  # under its sale too, with the payout it is taken from (issue 59's walk: the line said nothing)
    expect(charged.get_by_test_id("txn-refund")).to_contain_text("tidak ikut dicairkan")  # on the sale's own payout


def test_a_week_of_sales_a_short_payout_a_late_sale_and_a_refund_after_it_read_the_same_everywhere(
    phone, tmp_path, mailbox
):
    """Issue 59's walk: the acquirer sends one day Rp 5.000 short, a sale of that day arrives after
    it was sent and a sale is partly refunded after its payout; the merchant on a phone reads the
    bank's figure beside ours, the late sale and the refund on the payout they landed on."""
    merchant_id = approved_merchant(tmp_path, email="buku@example.com", hp="0857-5959-5959")
    with write_session() as s:
        s.add(Device(serial="SBXLED01", model="SOUNDBOX", status="aktif", received_by=ADMIN, merchant_id=merchant_id,
                     tid="QRS00059", mid="000885000000059"))  # fmt: skip
    secret = signers.add_acquirer("bri", "Bank BRI")
    today = working_days.today_wib()
    # Five working days about a week and a half back, so that each sale is a payout of its own
    # (a weekend's sales are paid with the Monday's: on a Sunday, nine days back was a Friday).
    days = [working_days.add_working_days(today - timedelta(days=12), i) for i in range(1, 6)]
    sold = datetime.combine(days[0], clock(10), WIB)
    sale = {"tid": "QRS00059", "mid": "000885000000059", "channel": "qris", "scheme": "QRIS BCA", "status": "approved"}
    week = [
        {**sale, "id": f"W{i}", "amount": 100_000 * (i + 1), "time": datetime.combine(day, clock(10), WIB).isoformat()}
        for i, day in enumerate(days)
    ]
    _deliver(secret, "transaksi", {"transactions": week})
    first_day = settlement.settle_on(sold)
    body = json.dumps({"payouts": [{"mid": "000885000000059", "settle_on": first_day.isoformat(), "net": 95_000,
                                    "bank_reference": "BRI-59"}]}).encode()  # fmt: skip
    ts = int(time.time())
    payout_webhook.accept("bri", body, signed.sign(secret, ts, body), str(ts))
    late_at = (sold + timedelta(hours=3)).isoformat()
    _deliver(secret, "transaksi", {**sale, "id": "LATE", "amount": 70_000, "time": late_at})
    refund_at = datetime.combine(today - timedelta(days=2), clock(11), WIB)
    _deliver(secret, "transaksi", {**sale, "id": "W0", "amount": 40_000, "status": "refund", "refund_id": "RF-59",
                                   "time": refund_at.isoformat()})  # fmt: skip
    landed = settlement.settle_on(refund_at)
    next_day = working_days.add_working_days(first_day, 1)

    sign_in_by_code(phone, mailbox, "buku@example.com")
    open_section(phone, "Pencairan")
    payouts = phone.locator("#pencairan")
    short = payouts.get_by_test_id("payout").filter(has_text=working_days.spoken(first_day))
    expect(short).to_contain_text("Rp 95.000")  # what reached the bank
    expect(short.get_by_test_id("payout-gap")).to_have_text(
        "Acquirer mengirim Rp 95.000, hitungan kami Rp 100.000 (selisih -Rp 5.000)")  # fmt: skip
    expect(short.get_by_role("button", name="Selisih?")).to_be_visible()
    short.get_by_role("button", name="Rincian").click()
    expect(short.get_by_test_id("payout-net")).to_have_text("Rp 100.000")
    later = payouts.get_by_test_id("payout").filter(has_text=working_days.spoken(next_day))
    later.get_by_role("button", name="Rincian").click()
    extra = later.get_by_test_id("payout-extra")
    expect(extra.first).to_contain_text(f"Transaksi terlambat {first_day.day} ")
    expect(extra.first).to_contain_text("+Rp 70.000")
    refund_row = payouts.get_by_test_id("payout").filter(has_text=working_days.spoken(landed))
    refund_row.get_by_role("button", name="Rincian").click()
    expect(refund_row.get_by_test_id("payout-extra").first).to_contain_text("-Rp 40.000")

    coming = payouts.get_by_test_id("next-payout")
    said = coming.inner_text().removeprefix("Berikutnya: ") if coming.count() else "Belum ada pencairan terjadwal."
    open_section(phone, "Transaksi")
    history = phone.locator("#riwayat")
    history.get_by_label("Dari").fill((today - timedelta(days=30)).isoformat())
    history.get_by_role("button", name="Tampilkan").click()
    refunded = history.get_by_test_id("history-transaction").filter(has_text="Rp 100.000")
    expect(refunded).to_contain_text("Refund sebagian")
    expect(refunded.get_by_test_id("txn-refund")).to_contain_text(f"dipotong dari pencairan {landed.day} ")
    open_section(phone, "Ringkasan")
    expect(phone.get_by_test_id("summary-payout")).to_contain_text(said)  # the summary: Pencairan's own words


def test_the_owner_downloads_last_months_mdr_invoice(phone, tmp_path, mailbox):
    """Issue 61.2: last month's MDR, invoiced on the first working day, listed under Pencairan."""
    from io import BytesIO

    from pypdf import PdfReader

    from terminal_shop.services.transactions import fee_invoices

    merchant_id = approved_merchant(tmp_path, email="invoice@example.com", hp="0857-5050-5050")
    with write_session() as s:
        s.add(Device(serial="A920INV1", model="A920", status="aktif", received_by=ADMIN, merchant_id=merchant_id,
                     tid="A9200050", mid="000885000000050"))  # fmt: skip
    secret = signers.add_acquirer("bri", "Bank BRI")
    month = (working_days.today_wib().replace(day=1) - timedelta(days=1)).replace(day=1)
    at = datetime.combine(month + timedelta(days=3), clock(10), WIB).isoformat()
    _deliver(secret, "transaksi", {"id": "INV1", "tid": "A9200050", "mid": "000885000000050", "time": at,
                                   "amount": 1_000_000, "channel": "kredit", "scheme": "VISA", "status": "approved"})  # fmt: skip
    assert fee_invoices.issue_month(month) == 1
    [line] = fee_invoices.of_merchants([merchant_id])

    sign_in_by_code(phone, mailbox, "invoice@example.com")
    open_section(phone, "Pencairan")
    link = phone.get_by_test_id("fee-invoice").get_by_role("link")
    expect(link).to_have_text(f"{line.month} · {line.number} · {line.total}")
    with phone.expect_download() as download:
        link.click()
    text = "\n".join(p.extract_text() for p in PdfReader(BytesIO(download.value.path().read_bytes())).pages)
    assert f"INVOICE BIAYA MDR {line.number}" in text and "000885000000050" in text and "PPN 12% x DPP" in text
