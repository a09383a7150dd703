"""The merchant's money in Chromium (issue 47.1-47.2, part of the journey): a sale comes in
from the acquirer, the merchant finds its payout under "Pencairan" on a phone with its
breakdown, reports it missing a working day past its date, the finance admin answers on
"Transaksi" that the money arrived, and the merchant reads the answer and "Diterima"."""

from __future__ import annotations

import json
import re
import time
from datetime import UTC, datetime, timedelta

from playwright.sync_api import expect
from test_account_browser import sign_in_by_code

from terminal_shop.infra.db import write_session
from terminal_shop.services.backoffice import admin_merchants
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.registrations import admin_edit
from terminal_shop.services.team import admin_auth
from terminal_shop.services.transactions import ingest

from support.factories import ADMIN, make_merchant
from support.steps import EMAIL, PASSWORD, sign_in, wait_for_mail


def _sale(secret: str, days_ago: int) -> None:
    """One QRIS sale of Rp 250.000, sent signed as the acquirer's system sends it."""
    at = (datetime.now(UTC) - timedelta(days=days_ago)).isoformat()
    body = json.dumps({"id": "PAY-1", "tid": "QRS00047", "mid": "000885000000047", "time": at, "amount": 250_000,
                       "channel": "qris", "scheme": "QRIS BCA", "status": "approved"}).encode()  # fmt: skip
    ts = int(time.time())
    ingest.accept("bri", body, ingest.sign(secret, ts, body), str(ts))


def test_a_missing_payout_is_reported_answered_and_received(phone, page, tmp_path, mailbox):
    admin_auth.create_admin(EMAIL, PASSWORD)
    merchant_id = make_merchant(tmp_path, email="dana@example.com", hp="0857-4747-4747")
    form = admin_merchants.detail(str(merchant_id)).form
    admin_edit.save(str(merchant_id), {**form, "status": "approved"}, ADMIN)
    with write_session() as s:
        s.add(Device(serial="SBXPAY01", model="SOUNDBOX", status="aktif", received_by=ADMIN, merchant_id=merchant_id,
                     tid="QRS00047", mid="000885000000047"))  # fmt: skip
    secret = ingest.add_acquirer("bri", "Bank BRI")
    _sale(secret, days_ago=5)  # due a few working days ago: late enough to report

    sign_in_by_code(phone, mailbox, "dana@example.com")
    phone.get_by_role("navigation", name="Bagian akun").get_by_role("link", name="Pencairan").click()
    payouts = phone.locator("#pencairan")
    expect(payouts.get_by_test_id("next-payout")).to_contain_text("Rp 250.000 dijadwalkan masuk ke BCA")
    expect(payouts.get_by_test_id("next-payout")).to_contain_text("dari 1 transaksi")
    payouts.get_by_role("button", name="Rincian").click()
    expect(payouts.get_by_test_id("payout-gross")).to_have_text("Rp 250.000")
    expect(payouts.get_by_test_id("payout-net")).to_have_text("Rp 250.000")  # QRIS up to Rp 500.000, usaha mikro: 0%
    payouts.get_by_role("button", name="Dana belum masuk?").click()
    expect(phone.get_by_text("Laporan terkirim")).to_be_visible()
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

    # Issue 47.5: the merchant asks for the 07.00 WIB recap by e-mail, and it stays chosen.
    payouts.get_by_label(re.compile("Rekap harian pukul 07.00 WIB")).select_option("Email")
    expect(phone.get_by_text("Rekap harian Email")).to_be_visible()
    phone.reload()
    expect(phone.locator("#pencairan").get_by_label(re.compile("Rekap harian"))).to_have_value("email")
