"""The back office in real Chromium: sign-in, reviews, edits, exports, sign-out."""

from __future__ import annotations

import csv
import io
import re
import uuid
from datetime import timedelta
from pathlib import Path

from playwright.sync_api import expect

from terminal_shop.formats import rupiah
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.registrations.tables import MerchantRegistration

from support.factories import ONE_D210, checkout_order, make_merchant, make_order
from support.files import jpg
from support.steps import get_merchant, sign_in


def get_order(oid) -> Order:
    with read_session() as s:
        return s.get(Order, oid)


def test_merchant_dashboard_search_filter_and_open(page, admin, tmp_path):
    make_merchant(tmp_path)
    b = make_merchant(
        tmp_path, email="andi@example.com", hp="0813-1111-2222", nama_usaha="Minimarket Berkah", nama_lengkap="Andi"
    )
    with write_session() as s:
        row = s.get(MerchantRegistration, b)
        row.status = "approved"
        s.add(row)
    sign_in(page)
    expect(page.get_by_test_id("stat-Total Pendaftaran")).to_have_text("2")
    expect(page.get_by_test_id("stat-Pending")).to_have_text("1")
    expect(page.get_by_test_id("stat-Approved")).to_have_text("1")
    expect(page.get_by_test_id("stat-Rejected")).to_have_text("0")
    rows = page.get_by_test_id("merchant-row")
    expect(rows).to_have_count(2)
    search = page.get_by_role("searchbox", name="Cari")
    search.fill("berkah")
    search.press("Enter")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Minimarket Berkah")
    search.fill("tidak-ada")
    page.get_by_role("button", name="Cari").click()
    expect(page.get_by_text("Tidak ada data")).to_be_visible()
    search.fill("")
    page.get_by_role("button", name="Cari").click()
    page.get_by_role("combobox", name="status").select_option("approved")
    expect(rows).to_have_count(1)
    page.get_by_role("button", name="Refresh").click()
    expect(page.get_by_text("Data diperbarui")).to_be_visible()
    rows.first.get_by_role("cell").nth(1).click()
    page.wait_for_url(re.compile(f"/admin/merchants/{b}"))
    expect(page.get_by_role("heading", name="Minimarket Berkah")).to_be_visible()


def test_merchant_edit_approve_reject_document_and_delete(page, admin, tmp_path):
    mid = make_merchant(tmp_path)
    storage, bucket = get_storage(), get_settings().bucket_merchant_documents
    sign_in(page)
    page.goto(page.base + f"/admin/merchants/{mid}?edit=true")
    for section in ("Data Diri", "Data Usaha", "Data Bank", "Status & Verifikasi", "Dokumen"):
        expect(page.get_by_role("heading", name=section)).to_be_visible()
    page.locator("#m_nama_usaha").fill("Warung Bu Sri Jaya")
    page.locator("#m_email").fill("salah@")
    page.get_by_role("button", name="Simpan").click()
    expect(page.get_by_text("Gagal menyimpan data")).to_be_visible()
    expect(page.locator("#m_email-error")).to_have_text("Format email tidak valid")
    page.locator("#m_email").fill("sri@example.com")
    expect(page.locator("#m_rejection_reason")).to_be_hidden()
    page.locator("#m_status").select_option("approved")
    page.get_by_role("button", name="Simpan").click()
    expect(page.get_by_text("Data berhasil disimpan")).to_be_visible()
    row = get_merchant(mid)
    assert (row.nama_usaha, row.status) == ("Warung Bu Sri Jaya", "approved") and row.verified_at is not None
    expect(page.get_by_test_id("history")).to_contain_text("Pending → Approved")

    # An approved merchant is not rejected: its identity must be kept (issue 35.8).
    page.get_by_role("button", name="Ubah").click()
    page.locator("#m_status").select_option("rejected")
    page.locator("#m_rejection_reason").fill("Foto KTP buram")
    page.get_by_role("button", name="Simpan").click()
    expect(page.get_by_text("Merchant yang sudah disetujui tidak dapat ditolak").first).to_be_visible()
    row = get_merchant(mid)
    assert (row.status, row.rejection_reason, row.rejected_at) == ("approved", None, None)
    page.goto(page.base + f"/admin/merchants/{mid}")

    # Replace the KTP photo.
    old_key = row.foto_ktp_url
    page.get_by_role("button", name="Ganti Foto KTP").click()
    page.locator("input[type=file]").set_input_files(str(jpg(tmp_path / "ktp-baru.jpg", color=(10, 200, 10))))
    expect(page.get_by_text("Dokumen berhasil diupload dan disimpan")).to_be_visible()
    new_key = get_merchant(mid).foto_ktp_url
    assert new_key != old_key and new_key.startswith(f"{mid}/ktp/")
    assert storage.exists(bucket, new_key) and not storage.exists(bucket, old_key)
    # The document opens in the viewer through a signed link.
    page.get_by_role("button", name="Lihat Foto KTP").click()
    viewer = page.get_by_role("dialog")
    expect(viewer).to_be_visible()
    page.wait_for_function("[...document.querySelectorAll('[role=dialog] img')].some(i => i.naturalWidth > 0)")
    assert "signature=" in viewer.get_by_role("link", name="Buka di tab baru").get_attribute("href").lower()
    viewer.get_by_role("button", name="Tutup").click()
    expect(viewer).to_be_hidden()

    # Delete needs the exact phrase.
    hapus = page.get_by_role("button", name="Hapus", exact=True)
    expect(hapus).to_be_disabled()
    page.get_by_role("textbox", name="Konfirmasi hapus").fill("confirm delete")
    expect(hapus).to_be_disabled()
    # Typed a key at a time, faster than the server answers: no letter is lost.
    page.get_by_role("textbox", name="Konfirmasi hapus").clear()
    page.get_by_role("textbox", name="Konfirmasi hapus").press_sequentially("Confirm Delete")
    expect(page.get_by_role("textbox", name="Konfirmasi hapus")).to_have_value("Confirm Delete")
    expect(hapus).to_be_enabled()
    hapus.click()
    expect(page.get_by_text("Data berhasil dihapus")).to_be_visible()
    page.wait_for_url(re.compile(r"/admin/?$"))
    assert get_merchant(mid) is None
    assert not storage.exists(bucket, new_key)


def test_unknown_merchant_goes_back_to_dashboard(page, admin):
    sign_in(page)
    page.goto(page.base + f"/admin/merchants/{uuid.uuid4()}")
    expect(page.get_by_text("Gagal memuat data")).to_be_visible()
    page.wait_for_url(re.compile(r"/admin/?$"))


def test_orders_filter_paginate_review_confirm_and_reject(page, admin, tmp_path):
    base = utcnow()
    for i in range(11):
        make_order(
            name=f"Pembeli {i:02d}",
            created=base - timedelta(hours=i + 1),
            status="confirmed" if i % 2 else "paid_review",
        )
    first = checkout_order(buyer_name="Dewi Lestari", lines=ONE_D210)
    second = checkout_order(buyer_name="Eko Prasetyo", lines=ONE_D210, method="QRIS")
    sign_in(page)
    page.get_by_role("link", name="Orders").click()
    page.wait_for_url(re.compile("/admin/orders"))
    expect(page.get_by_test_id("stat-Total Orders")).to_have_text("13")
    expect(page.get_by_test_id("stat-Menunggu Review")).to_have_text("8")
    expect(page.get_by_test_id("pager")).to_have_text("Halaman 1 dari 2 (13 total)")
    rows = page.get_by_test_id("order-row")
    expect(rows).to_have_count(10)
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_test_id("pager")).to_have_text("Halaman 2 dari 2 (13 total)")
    expect(rows).to_have_count(3)
    page.get_by_role("button", name="Previous").click()
    expect(page.get_by_test_id("pager")).to_have_text("Halaman 1 dari 2 (13 total)")
    page.get_by_role("combobox", name="metode").select_option("QRIS")
    expect(rows).to_have_count(1)
    expect(page.get_by_role("button", name="Next")).to_be_hidden()  # one page only
    page.get_by_role("combobox", name="metode").select_option("")
    # The list shows every order again before the next choice, as a person sees it change (two
    # choices sent within the same moment once ended on the first one's list: noted, issue 51).
    expect(page.get_by_test_id("pager")).to_have_text("Halaman 1 dari 2 (13 total)")
    page.get_by_role("combobox", name="status").select_option("confirmed")
    expect(page.get_by_test_id("pager")).to_have_text("Halaman 1 dari 1 (5 total)")
    page.get_by_role("combobox", name="status").select_option("")
    search = page.get_by_role("searchbox", name="Cari")
    search.fill(str(first.id)[:8].upper())
    search.press("Enter")
    expect(rows).to_have_count(1)
    rows.first.get_by_role("link", name="Review").click()
    page.wait_for_url(re.compile(f"/admin/orders/{first.id}"))

    expect(page.get_by_text("Dewi Lestari")).to_be_visible()
    expect(page.get_by_test_id("totals")).to_contain_text("Rp 2.499.000")
    page.wait_for_function("document.querySelector('img[alt=\"Bukti pembayaran\"]')?.naturalWidth === 400")
    page.get_by_role("button", name="Lihat penuh").click()
    expect(page.get_by_role("dialog", name="Bukti pembayaran")).to_be_visible()
    page.get_by_role("dialog").get_by_role("button", name="Tutup").click()
    expected = rupiah(get_order(first.id).total)  # the kode unik taken off: what the transfer must be
    expect(page.get_by_test_id("expected-amount")).to_contain_text(f"Jumlah seharusnya: {expected}")
    expect(page.get_by_test_id("paying-line")).to_have_text("Belum ada mutasi yang cocok dengan jumlah ini.")
    page.get_by_role("button", name="Konfirmasi").click()
    expect(page.get_by_role("alertdialog", name="Konfirmasi tanpa mutasi?")).to_be_visible()
    page.get_by_role("button", name="Batal").click()  # not yet: nothing changes
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    assert get_order(first.id).status == "paid_review"
    page.get_by_role("button", name="Konfirmasi").click()
    page.get_by_role("button", name="Ya, tanpa mutasi").click()  # no statement line yet: asked once (issue 39.4)
    expect(page.get_by_text("Pembayaran berhasil dikonfirmasi")).to_be_visible()
    expect(page.get_by_text("Sudah Dikonfirmasi")).to_be_visible()
    assert get_order(first.id).status == "confirmed"

    page.goto(page.base + f"/admin/orders/{second.id}")
    page.get_by_role("button", name="Tolak", exact=True).click()
    page.get_by_role("button", name="Tolak Pembayaran").click()
    expect(page.get_by_role("alert").filter(has_text="Alasan penolakan harus diisi")).to_be_visible()
    page.locator("#reject_reason").fill("Bukti transfer tidak terbaca")
    page.get_by_role("button", name="Tolak Pembayaran").click()
    expect(page.get_by_text("Pembayaran ditolak")).to_be_visible()
    expect(page.get_by_text("Pesanan Dibatalkan")).to_be_visible()
    stored = get_order(second.id)
    assert stored.status == "cancelled"
    assert re.fullmatch(r"\[\d{1,2} \w{3} \d{4} \d{2}\.\d{2} WIB\] DITOLAK: Bukti transfer tidak terbaca", stored.note)
    expect(page.get_by_test_id("note")).to_contain_text("DITOLAK: Bukti transfer tidak terbaca")
    expect(page.get_by_test_id("history")).to_contain_text("Menunggu Review → Dibatalkan")


def test_exports_download_real_csv(page, admin, tmp_path):
    make_merchant(tmp_path)
    make_merchant(tmp_path, email="andi@example.com", hp="0813-1111-2222", nama_usaha="=Berkah", nama_lengkap="Andi")
    make_order(name="Budi, Jr.", status="confirmed")
    make_order(name="Citra")
    sign_in(page)
    page.get_by_role("combobox", name="status").select_option("pending")
    expect(page).to_have_url(re.compile(r"status=pending"))  # the filter applied before exporting
    with page.expect_download() as dl:
        page.get_by_role("button", name="Export CSV").click()
    assert re.fullmatch(r"merchants_\d{4}-\d{2}-\d{2}\.csv", dl.value.suggested_filename)
    rows = list(csv.reader(io.StringIO(Path(dl.value.path()).read_text(encoding="utf-8-sig"))))
    assert rows[0] == ["Tanggal", "Nama Usaha", "Nama Pemilik", "HP", "Email", "Kabupaten", "Status"]
    assert sorted(r[1] for r in rows[1:]) == ["'=Berkah", "Warung Bu Sri"]
    expect(page.get_by_text("CSV exported")).to_be_visible()

    page.goto(page.base + "/admin/orders")
    expect(page.get_by_text("Citra", exact=True)).to_be_visible()  # the list loaded, so its filtering below is real
    page.get_by_role("combobox", name="status").select_option("confirmed")
    expect(page).to_have_url(re.compile(r"status=confirmed"))
    expect(page.get_by_text("Citra")).to_have_count(0)  # the list filtered, as the admin sees it, before exporting
    with page.expect_download() as dl:
        page.get_by_role("button", name="Export CSV").click()
    assert re.fullmatch(r"orders_\d{4}-\d{2}-\d{2}\.csv", dl.value.suggested_filename)
    rows = list(csv.reader(io.StringIO(Path(dl.value.path()).read_text(encoding="utf-8-sig"))))
    assert rows[0] == ["Tanggal", "Order ID", "Nama", "Email", "Telepon", "Metode", "Status", "Total"]
    assert [(r[2], r[6], r[7]) for r in rows[1:]] == [("Budi, Jr.", "confirmed", "349000")]
    expect(page.get_by_text("CSV berhasil diunduh")).to_be_visible()


def test_setujui_and_tolak_on_the_merchant_page_on_a_phone(phone, admin, tmp_path):
    """Issue 39.5: approve and reject from the page, without edit mode, at 390 px."""
    first = make_merchant(tmp_path)
    second = make_merchant(tmp_path, email="dua@example.com", hp="0813-2222-3333", nama_usaha="Toko Dua")
    sign_in(phone)
    phone.goto(phone.base + f"/admin/merchants/{first}")
    phone.get_by_role("button", name="Setujui").click()
    expect(phone.get_by_test_id("history")).to_contain_text("Pending → Approved")
    assert get_merchant(first).status == "approved"
    expect(phone.get_by_role("button", name="Setujui")).to_have_count(0)

    phone.goto(phone.base + f"/admin/merchants/{second}")
    phone.get_by_text("Tolak dengan alasan").click()
    form = phone.get_by_role("form", name="Tolak pendaftaran")
    form.get_by_role("button", name="Tolak Pendaftaran").click()
    expect(phone.locator("#main").get_by_role("alert").filter(has_text="Isi alasan penolakan")).to_be_visible()
    form.get_by_label("Alasan penolakan (dikirim ke pemohon)").fill("Foto KTP buram")
    form.get_by_label("Foto KTP").click()  # the server's list of what to correct
    expect(form.get_by_label("Foto KTP")).to_be_checked()
    form.get_by_role("button", name="Tolak Pendaftaran").click()
    expect(phone.get_by_test_id("history")).to_contain_text("Pending → Rejected")
    row = get_merchant(second)
    assert (row.status, row.rejection_reason, row.nama_usaha) == ("rejected", "Foto KTP buram", "Toko Dua")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
