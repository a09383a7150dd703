"""Personal data in real Chromium (UU 27/2022): an admin's look at a KTP is on the record's
page, the data subject's archive downloads with their KTP in it, and erasing a rejected
registration removes its files (the old links serve nothing) and its personal data."""

from __future__ import annotations

import io
import re
import time
import zipfile

from playwright.sync_api import expect

from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.backoffice import admin_merchants
from terminal_shop.services.privacy import erasure
from terminal_shop.services.registrations import admin_edit
from terminal_shop.services.team import admin_auth

from support.factories import ADMIN, make_merchant
from support.steps import EMAIL, PASSWORD, get_merchant, sign_in, site_log, stored_tab_states

PHRASE = "Confirm Delete"


def test_a_look_at_a_ktp_is_logged_and_the_archive_holds_it(page, tmp_path):
    admin_auth.create_admin(EMAIL, PASSWORD)
    mid = make_merchant(tmp_path, email="arsip@example.com", hp="0812-7777-8888")
    sign_in(page)
    page.goto(f"{page.base}/admin/merchants/{mid}")
    page.get_by_role("button", name="Lihat Foto KTP").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    page.keyboard.press("Escape")
    log = page.get_by_test_id("access-log")
    expect(log.locator("li").first).to_contain_text(f"Dilihat oleh {EMAIL}")
    expect(log.locator("li").first).to_contain_text("Foto KTP")

    card = page.get_by_test_id("personal-data")
    expect(card).to_contain_text("Disimpan selama pendaftaran diproses.")
    card.get_by_label("Konfirmasi data pribadi").fill(PHRASE)
    with page.expect_download() as downloaded:
        card.get_by_role("button", name="Unduh data pribadi").click()
    archive = zipfile.ZipFile(io.BytesIO(downloaded.value.path().read_bytes()))
    ktp_key = get_merchant(mid).foto_ktp_url
    assert archive.read("dokumen/ktp.jpg") == get_storage().get(get_settings().bucket_merchant_documents, ktp_key)
    assert '"email": "arsip@example.com"' in archive.read("data.json").decode()
    page.reload()  # itself a look at the documents, listed first
    expect(page.get_by_test_id("access-log").locator("li").nth(1)).to_contain_text(f"Diunduh oleh {EMAIL}")


def test_erasing_a_rejected_registration_removes_its_files_and_personal_data(page, tmp_path):
    admin_auth.create_admin(EMAIL, PASSWORD)
    mid = make_merchant(tmp_path, email="hapus@example.com", hp="0812-9999-0000", nama_usaha="Toko Hapus")
    form = admin_merchants.detail(str(mid)).form
    admin_edit.save(str(mid), {**form, "status": "rejected", "rejection_reason": "Foto KTP buram"}, ADMIN)
    sign_in(page)
    page.goto(f"{page.base}/admin/merchants/{mid}")
    ktp_link = page.get_by_role("button", name="Lihat Foto KTP").locator("img").get_attribute("src")
    absolute = ktp_link if ktp_link.startswith("http") else page.base + ktp_link
    assert page.request.get(absolute).status == 200
    card = page.get_by_test_id("personal-data")
    expect(card.get_by_test_id("retention")).to_contain_text("dihapus otomatis pada")
    card.get_by_label("Konfirmasi data pribadi").fill(PHRASE)
    card.get_by_role("button", name="Hapus data pribadi").click()
    expect(page.get_by_text(re.compile("Data pribadi dihapus: 3 dokumen dihapus"))).to_be_visible()
    expect(page.get_by_test_id("retention")).to_contain_text("Data pribadi sudah dihapus pada")
    assert page.request.get(absolute).status in (403, 404)  # the old signed link serves nothing
    expect(page.get_by_test_id("read-only")).to_have_text("Data dihapus")  # read-only now (issue 35.8)
    expect(page.get_by_role("button", name="Ubah")).to_have_count(0)

    page.goto(page.base + "/admin?q=Toko+Hapus")
    expect(page.get_by_test_id("empty")).to_be_visible()  # its name is gone: searches cannot find it
    page.goto(page.base + "/admin?status=rejected")
    row = page.get_by_test_id("merchant-row").first
    expect(row).to_contain_text("(dihapus)")
    expect(page.locator("main")).not_to_contain_text("Toko Hapus")
    expect(page.locator("main")).not_to_contain_text("hapus@example.com")


def test_an_erased_applicant_leaves_nothing_in_an_admin_tab_that_listed_them(page, tmp_path):
    """Issue 46.12: a tab that searched the merchants list kept the applicant's name, e-mail and
    HP in its stored state after the erasure, and sent them to the browser again on the next page."""
    admin_auth.create_admin(EMAIL, PASSWORD)
    mid = make_merchant(tmp_path, email="jejak@example.com", hp="0812-5555-0000", nama_usaha="Toko Jejak")
    sign_in(page)
    page.goto(page.base + "/admin?q=Toko+Jejak")
    expect(page.get_by_test_id("merchant-row").filter(has_text="Toko Jejak")).to_have_count(
        1
    )  # PostgreSQL also lists near matches
    written = time.monotonic() + 10  # the tab's state is written after its event (a moment later under load)
    while not any(b"Toko Jejak" in content for _, content, _ in stored_tab_states()):
        assert time.monotonic() < written, "the tab's stored state never held the listed applicant"
        time.sleep(0.3)
    time.sleep(1)  # and the list's own follow-up events are done with it (their write would come after the erasure's)

    erasure.erase_merchant(mid, erasure.SYSTEM, "diminta pemilik data")  # by another admin, or retention, meanwhile
    deadline = time.monotonic() + 15
    while any(b"Toko Jejak" in c or b"jejak@example.com" in c for _, c, _ in stored_tab_states()):
        assert time.monotonic() < deadline, f"a stored tab state still holds the erased applicant:\n{site_log(page)}"
        time.sleep(0.5)
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    page.goto(f"{page.base}/admin/merchants/{mid}")  # the next page: the whole state is sent again
    expect(page.get_by_test_id("read-only")).to_have_text("Data dihapus")
    assert frames and not any("Toko Jejak" in f or "jejak@example.com" in f for f in frames)
