"""A payout account changed safely, in Chromium (issue 61.4): the owner on a phone asks for a new
account with a photo of the buku tabungan, types the e-mailed code and reads what happens next;
staff find the request on the overview, check it beside the registration and approve it with
their authenticator; the old account is paid until the waiting period ends, then the new one."""

from __future__ import annotations

import re
import time

import pyotp
from playwright.sync_api import expect
from test_account_browser import open_section, sign_in_by_code
from test_team_browser import give_code, sign_in_with_password

from terminal_shop.infra.models import utcnow
from terminal_shop.services import working_days
from terminal_shop.services.registrations import payout_account
from terminal_shop.services.team import admin_auth, two_factor

from support.factories import approved_merchant
from support.files import jpg
from support.steps import EMAIL, PASSWORD, get_merchant, sign_in, wait_for_mail

OWNER = "rekening@example.com"


def _code_at(secret: str, seconds_ahead: int) -> str:
    return pyotp.TOTP(secret).at(time.time() + seconds_ahead)


def test_the_owner_asks_for_a_new_account_and_staff_approve_it_with_their_second_factor(phone, page, tmp_path, mailbox):
    admin_auth.create_admin(EMAIL, PASSWORD)
    admin_id = admin_auth.admin_id(EMAIL)
    secret = two_factor.begin_setup(admin_id)
    two_factor.confirm_setup(admin_id, _code_at(secret, -30), "setup")  # the owner's authenticator, set up before
    approved_merchant(tmp_path, email=OWNER, hp="0857-6161-6161")

    sign_in_by_code(phone, mailbox, OWNER)
    open_section(phone, "Pencairan")
    card = phone.locator("#rekening")
    expect(card.get_by_test_id("payout-account")).to_have_text("BCA ••123 a.n. Sri")
    card.get_by_role("button", name="Ganti rekening").click()
    form = card.get_by_test_id("account-change-form")
    expect(form).to_contain_text("3 hari kerja setelah disetujui")
    form.get_by_label("Nomor rekening").fill("12ab")
    form.get_by_label("Bank", exact=True).select_option("Bank BNI")
    form.get_by_label("Nama pemilik rekening").fill("Sri")
    photo = str(
        jpg(tmp_path / "buku.jpg")
    )  # written once: Chromium refuses to send a chosen file changed on disk since
    form.locator("#bukti_rekening-file").set_input_files(photo)
    form.get_by_role("button", name="Kirim permintaan").click()
    expect(form.locator("#ganti-nomor_rekening-error")).to_have_text("Nomor rekening hanya boleh berisi angka")
    form.get_by_label("Nomor rekening").fill("0987 6543 21")
    form.locator("#bukti_rekening-file").set_input_files(photo)
    form.get_by_role("button", name="Kirim permintaan").click()
    expect(phone.get_by_text("Kode konfirmasi terkirim")).to_be_visible()
    change = card.get_by_test_id("account-change")
    expect(change).to_contain_text("Ganti ke BNI ••4321")
    expect(change.get_by_test_id("account-change-next")).to_contain_text(f"kode 6 angka yang kami kirim ke {OWNER}")
    [told] = wait_for_mail(mailbox, "Ganti rekening pencairan: Menunggu kode konfirmasi")
    assert "Bukan Anda?" in told.get_body(("plain",)).get_content()
    [mail] = wait_for_mail(mailbox, "Kode konfirmasi ganti rekening pencairan")
    code = re.search(r"Kode konfirmasi: (\d{6})", mail.get_body(("plain",)).get_content())[1]
    change.get_by_label("Kode dari email").fill(code)
    change.get_by_role("button", name="Konfirmasi").click()
    expect(phone.get_by_text("Permintaan dikonfirmasi")).to_be_visible()
    expect(change).to_contain_text("Menunggu pemeriksaan tim")
    expect(change.get_by_test_id("account-change-next")).to_contain_text("pencairan tetap ke BCA ••123")
    expect(card.get_by_test_id("payout-account")).to_have_text("BCA ••123 a.n. Sri")  # nothing changed yet

    sign_in_with_password(page, EMAIL, PASSWORD)
    give_code(page, _code_at(secret, 0))
    page.wait_for_url(re.compile(r"/admin/ringkasan"))
    waiting = page.get_by_test_id("waiting").filter(has_text="Ganti rekening menunggu pemeriksaan")
    expect(waiting).to_contain_text("1")
    waiting.click()
    request = page.locator("#ganti-rekening")
    expect(request).to_contain_text("Menunggu pemeriksaan tim")
    expect(request).to_contain_text("0987654321")
    expect(request).to_contain_text("Nama pemilik sama dengan pendaftaran.")
    expect(request.get_by_role("link", name="Lihat foto rekening")).to_have_attribute("href", re.compile(r"rekening-"))
    request.get_by_label("Kode 2FA").fill("000000" if _code_at(secret, 30) != "000000" else "111111")
    request.get_by_role("button", name="Setujui rekening baru").click()
    expect(page.get_by_text("Kode salah atau sudah dipakai").first).to_be_visible()
    request.get_by_label("Kode 2FA").fill(_code_at(secret, 30))
    request.get_by_role("button", name="Setujui rekening baru").click()
    day = working_days.spoken(working_days.add_working_days(working_days.today_wib(), 3))
    expect(page.get_by_text("Rekening baru disetujui")).to_be_visible()
    expect(request).to_contain_text(f"Dipakai mulai {day}")
    expect(request.get_by_role("button", name="Setujui rekening baru")).to_have_count(0)

    phone.reload()
    change = phone.locator("#rekening").get_by_test_id("account-change")
    expect(change).to_contain_text("Disetujui, menunggu masa tunggu")
    expect(change.get_by_test_id("account-change-next")).to_contain_text(f"dipakai mulai {day}")
    [approved] = wait_for_mail(mailbox, "Disetujui, menunggu masa tunggu")
    assert day in approved.get_body(("plain",)).get_content()

    the_day = payout_account.effective_from(utcnow())  # the day comes: the background round uses the new account
    assert payout_account.apply_due(the_day) == 1
    phone.reload()
    card = phone.locator("#rekening")
    expect(card.get_by_test_id("payout-account")).to_have_text("BNI ••4321 a.n. Sri")
    expect(card.get_by_test_id("account-change")).to_have_count(0)
    expect(card).to_contain_text("sebelumnya BCA ••123.")
    expect(card.get_by_role("button", name="Ganti rekening")).to_be_visible()


def test_an_admins_edit_of_the_bank_fields_saves_and_says_the_change_waits(page, tmp_path, mailbox):
    """The SPEC's edit form still saves an approved merchant; its new account waits for the
    owner's code and another admin, and the record keeps the old one meanwhile."""
    admin_auth.create_admin(EMAIL, PASSWORD)
    merchant_id = approved_merchant(tmp_path, email=OWNER, hp="0857-6161-6161")
    sign_in(page)
    page.goto(page.base + f"/admin/merchants/{merchant_id}")
    page.get_by_role("button", name="Ubah").click()
    page.locator("#m_nomor_rekening").fill("5556667778")
    page.locator("#m_kecamatan").fill("Kenjeran")
    page.get_by_role("button", name="Simpan").click()
    expect(page.get_by_text("Data berhasil disimpan")).to_be_visible()
    expect(page.get_by_text("Rekening baru belum dipakai: pemilik usaha mengonfirmasi dengan kode")).to_be_visible()
    request = page.locator("#ganti-rekening")
    expect(request).to_contain_text("Menunggu kode konfirmasi")
    expect(request).to_contain_text("Diajukan admin lewat formulir: tanpa foto.")
    expect(request.get_by_role("button", name="Setujui rekening baru")).to_have_count(0)  # the owner's code first
    row = get_merchant(merchant_id)
    assert (row.kecamatan, row.nomor_rekening) == ("Kenjeran", "123")  # the rest saved, the account kept
    wait_for_mail(mailbox, "Kode konfirmasi ganti rekening pencairan")
