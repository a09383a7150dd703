"""A rejected applicant, in Chromium: rejected by the admin with KTP marked, follows the
e-mailed link, replaces the KTP, and the admin sees the registration pending again."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from terminal_shop import privacy_policy
from terminal_shop.services.team import admin_auth

from support.factories import make_merchant
from support.files import jpg
from support.steps import EMAIL, PASSWORD, agree, get_merchant, sign_in, wait_for_mail


def test_rejected_applicant_replaces_a_document_and_is_pending_again(page, mailbox, tmp_path):
    mid = make_merchant(tmp_path, nama_usaha="Warung Bu Sri Perbaikan")
    old_ktp = get_merchant(mid).foto_ktp_url
    admin_auth.create_admin(EMAIL, PASSWORD)
    sign_in(page)
    page.goto(f"{page.base}/admin/merchants/{mid}?edit=true")
    page.locator("#m_status").select_option("rejected")
    page.locator("#m_rejection_reason").fill("Foto KTP buram")
    ktp = page.get_by_role("checkbox", name="Foto KTP")
    ktp.click()  # a controlled checkbox: its state comes back from the server
    expect(ktp).to_be_checked()
    page.get_by_role("button", name="Simpan").click()
    expect(page.get_by_text("Data berhasil disimpan")).to_be_visible()

    [rejected] = wait_for_mail(mailbox, "belum dapat disetujui")
    link = re.search(r"https?://\S+/pendaftaran/perbaiki/\S+", rejected.get_body(("plain",)).get_content())[0]
    applicant = page.context.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    applicant.goto(link)
    expect(applicant.get_by_test_id("fix-reason")).to_contain_text("Foto KTP buram")
    expect(applicant.locator("#fix_nama_usaha")).to_have_count(0)  # not marked: not editable
    applicant.locator("input[type=file]").set_input_files(str(jpg(tmp_path / "ktp-jelas.jpg")))
    expect(applicant.get_by_text("ktp-jelas.jpg")).to_be_visible()
    applicant.get_by_role("button", name="Kirim Perbaikan").click()  # the agreement not ticked yet
    expect(applicant.get_by_role("alert").filter(has_text="Persetujuan diperlukan").first).to_be_visible()
    agree(applicant)
    applicant.get_by_role("button", name="Kirim Perbaikan").click()
    applicant.wait_for_url(re.compile("/pendaftaran/success"))

    row = get_merchant(mid)
    assert (row.status, row.nama_usaha) == ("pending", "Warung Bu Sri Perbaikan") and row.foto_ktp_url != old_ktp
    assert row.consent_version == privacy_policy.VERSION  # the agreement renewed with the correction
    page.goto(f"{page.base}/admin/merchants/{mid}")
    expect(page.get_by_test_id("history")).to_contain_text("Rejected → Pending")
    expect(page.get_by_test_id("history")).to_contain_text("Foto KTP")

    applicant.goto(link)  # a used link is dead
    expect(applicant.get_by_test_id("fix-link-error")).to_contain_text("sudah dipakai")
