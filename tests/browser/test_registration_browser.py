"""The registration wizard in real Chromium, then the stored record and files."""

from __future__ import annotations

import base64
import re

import pytest
from playwright.sync_api import expect

from terminal_shop import privacy_policy, routes
from terminal_shop.infra.db import write_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.refusals import texts
from terminal_shop.services import working_days
from terminal_shop.services.registrations import details
from terminal_shop.services.registrations.fields import FIELDS
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import DocumentKind

from support.files import big_png, jpg, pdf, png
from support.steps import DETAILS as DETAILS_TYPED
from support.steps import agree, choose, documents, fill_details, next_step, registrations
from support.storage import bucket_unavailable, stored_keys


def register(pg, tmp_path, all_five=True, **over) -> None:
    pg.goto(pg.base + "/pendaftaran")
    fill_details(pg, **over)
    next_step(pg)
    for doc, path in documents(tmp_path, all_five).items():
        choose(pg, doc, path)
    next_step(pg)
    agree(pg)
    pg.get_by_role("button", name="Kirim Pendaftaran").click()


@pytest.mark.parametrize("all_five", [True, False])
def test_full_registration(page, tmp_path, all_five):
    email = f"sri{int(all_five)}@example.com"
    page.goto(page.base + "/pendaftaran")
    expect(page.get_by_text("Data Diri & Usaha")).to_be_visible()
    fill_details(page, email=email)
    expect(page.locator("#omzet_bulanan")).to_have_value("Rp 15.000.000")
    next_step(page)
    files = documents(tmp_path, all_five)
    for doc, path in files.items():
        choose(page, doc, path)
    expect(page.get_by_role("img", name="Pratinjau Foto KTP")).to_be_visible()
    next_step(page)
    summary = page.get_by_test_id("summary")
    for text in (
        "Sri Wahyuni",
        "Warung Bu Sri",
        "Makanan & Minuman (F&B)",
        "Rp 15.000.000",
        "Milik Sendiri",
        "Bank BCA",
        "1234567890",
    ):
        expect(summary).to_contain_text(text)
    expect(page.get_by_test_id("documents")).to_contain_text("ktp.jpg")
    # Issue 39.12: each chosen document as a thumbnail beside its name, drawn from the file itself.
    thumbs = page.get_by_test_id("documents").get_by_role("img")
    expect(thumbs).to_have_count(len(files))
    expect(thumbs.first).to_have_accessible_name("Pratinjau Foto KTP")
    page.wait_for_function(
        "[...document.querySelectorAll('[data-testid=documents] img')].every(i => i.naturalWidth > 0)"
    )
    agree(page)
    page.get_by_role("button", name="Kirim Pendaftaran").click()

    page.wait_for_url(re.compile("/pendaftaran/success"))
    expect(page.get_by_text("1-3 hari kerja")).to_be_visible()
    last_day = working_days.add_working_days(working_days.today_wib(), 3)
    expect(page.get_by_test_id("verify-by")).to_have_text(working_days.spoken(last_day))
    expect(page.get_by_text("Status pendaftaran dapat dilihat di halaman Status & Tracking.")).to_be_visible()
    expect(page.get_by_role("link", name="Buka Status & Tracking")).to_have_attribute("href", "/dashboard")

    [row] = registrations(email)
    assert (row.status, row.nomor_hp, row.omzet_bulanan, row.jenis_usaha) == (
        "pending",
        "+6281234567890",
        15_000_000,
        "fnb",
    )
    # The agreement ticked in the browser is on record: from this browser, to this privacy text.
    assert (row.consent_address, row.consent_version) == ("127.0.0.1", privacy_policy.VERSION) and row.consent_at
    settings, storage = get_settings(), get_storage()
    stored = [getattr(row, d.column) for d in DocumentKind if getattr(row, d.column)]
    assert len(stored) == (5 if all_five else 3)
    assert set(stored) <= set(stored_keys(settings, storage, settings.bucket_merchant_documents))
    assert all(k.startswith(f"{row.id}/") for k in stored)
    # The draft is gone after success.
    page.goto(page.base + "/pendaftaran")
    expect(page.locator("#nama_lengkap")).to_have_value("")


def test_step_validation_texts_and_navigation(page, tmp_path):
    page.goto(page.base + "/pendaftaran")
    next_step(page)
    expect(page.get_by_text("Formulir tidak lengkap")).to_be_visible()
    for text in (f.missing for f in FIELDS if f.required):
        expect(page.get_by_text(text, exact=True)).to_be_visible()
    page.locator("#nama_lengkap").fill("Sri")
    expect(page.get_by_text("Nama lengkap wajib diisi")).to_be_hidden()  # cleared on edit
    fill_details(page, email="sri@")
    next_step(page)
    expect(page.get_by_text("Format email tidak valid")).to_be_visible()
    page.locator("#email").fill("sri.nav@example.com")
    next_step(page)
    # The documents step is on screen before its own "Lanjutkan" is pressed (else the click lands on step one's).
    expect(page.get_by_role("button", name="Foto KTP *")).to_be_visible()
    next_step(page)  # no documents yet
    expect(page.get_by_text("Dokumen tidak lengkap")).to_be_visible()
    for text in texts(details.validate_documents(set())).values():  # "Foto KTP wajib diupload", ...
        expect(page.get_by_text(text)).to_be_visible()
    choose(page, "ktp", jpg(tmp_path / "ktp.jpg"))
    expect(page.get_by_text("Foto KTP wajib diupload")).to_be_hidden()

    # Back keeps the typed data, forward keeps the chosen files.
    page.get_by_role("button", name="Kembali").click()
    expect(page.locator("#nama_usaha")).to_have_value("Warung Bu Sri")
    next_step(page)
    expect(page.get_by_test_id("doc_ktp-name")).to_have_text("ktp.jpg")
    choose(page, "selfie", png(tmp_path / "selfie.png"))
    choose(page, "usaha", jpg(tmp_path / "toko.jpg"))
    next_step(page)
    page.get_by_role("button", name="Ubah Dokumen").click()
    expect(page.get_by_test_id("doc_selfie-name")).to_have_text("selfie.png")
    next_step(page)
    page.get_by_role("button", name="Ubah Data").click()
    expect(page.locator("#email")).to_have_value("sri.nav@example.com")

    # Without the agreement nothing is sent.
    next_step(page)
    next_step(page)
    before = len(registrations())
    page.get_by_role("button", name="Kirim Pendaftaran").click()
    expect(page.get_by_text("Persetujuan diperlukan")).to_be_visible()
    expect(page.get_by_text("Mohon centang persetujuan bahwa data yang diisi adalah benar")).to_be_visible()
    assert "/pendaftaran" in page.url and len(registrations()) == before


def test_reload_restores_the_draft(page):
    page.goto(page.base + "/pendaftaran")
    page.locator("#nama_usaha").fill("Toko Draft")
    page.locator("#omzet_bulanan").fill("2500000")
    page.select_option("#jenis_usaha", "minimarket")
    expect(page.locator("#omzet_bulanan")).to_have_value("Rp 2.500.000")
    page.wait_for_timeout(500)
    page.reload()
    expect(page.locator("#nama_usaha")).to_have_value("Toko Draft")
    expect(page.locator("#omzet_bulanan")).to_have_value("Rp 2.500.000")
    expect(page.locator("#jenis_usaha")).to_have_value("minimarket")
    # A new tab reads the same draft (it lives in the browser, not the tab).
    other = page.context.new_page()
    other.goto(page.base + "/pendaftaran")
    expect(other.locator("#nama_usaha")).to_have_value("Toko Draft")


def test_a_dropped_connection_keeps_the_applicant_at_the_step_reached(page, tmp_path):
    """A phone's network drops at step 2: the tab reconnects (Reflex sends the page's load
    event again) and the applicant carries on where they were, the files chosen still there."""
    sockets = []
    page.route_web_socket(re.compile("/_event"), lambda tab: sockets.append(tab.connect_to_server()))
    page.goto(page.base + "/pendaftaran")
    fill_details(page, email="sri.sinyal@example.com")
    next_step(page)
    files = documents(tmp_path)
    choose(page, "ktp", files.pop("ktp"))
    expect(page.get_by_test_id("doc_ktp-name")).to_be_visible()

    sockets[-1].close()  # the server's end of the line goes
    for _ in range(200):
        if len(sockets) > 1:
            break
        page.wait_for_timeout(100)
    assert len(sockets) == 2, "the tab did not reconnect"
    page.wait_for_timeout(1_000)  # the reconnect's load event answered meanwhile
    expect(page.get_by_test_id("doc_ktp-name")).to_be_visible()
    for doc, path in files.items():
        choose(page, doc, path)
    next_step(page)
    agree(page)
    page.get_by_role("button", name="Kirim Pendaftaran").click()
    page.wait_for_url(re.compile("/pendaftaran/success"))
    [row] = registrations("sri.sinyal@example.com")
    assert row.foto_ktp_url and row.foto_barang_url


def test_pdf_and_oversized_images_are_refused(page, tmp_path):
    page.goto(page.base + "/pendaftaran")
    fill_details(page, email="sri.files@example.com")
    next_step(page)
    choose(page, "ktp", pdf(tmp_path / "ktp.pdf"))
    expect(page.get_by_text("Format file tidak didukung")).to_be_visible()
    expect(page.get_by_text("Hanya file JPG atau PNG yang diperbolehkan")).to_be_visible()
    choose(page, "selfie", big_png(tmp_path / "besar.png", 12))
    expect(page.get_by_text("File terlalu besar")).to_be_visible()
    expect(page.get_by_text("Ukuran file maksimal 10MB")).to_be_visible()
    expect(page.get_by_test_id("doc_ktp-name")).to_be_hidden()
    expect(page.get_by_test_id("doc_selfie-name")).to_be_hidden()


def test_duplicate_registration_reaches_failure_page_and_first_is_unchanged(page, tmp_path):
    register(page, tmp_path, email="sri.dup@example.com")
    page.wait_for_url(re.compile("/pendaftaran/success"))
    [first] = registrations("sri.dup@example.com")

    other = page.context.new_page()
    other.base = page.base
    register(
        other,
        tmp_path,
        all_five=False,
        email="sri.dup@example.com",
        nomor_hp="+62 812 3456 7890",
        nama_usaha="Usaha Kedua",
    )
    other.wait_for_url(re.compile("/pendaftaran/gagal"))
    expect(other.get_by_test_id("failed-reason")).to_have_text(
        "Email atau nomor HP yang Anda gunakan sudah terdaftar dalam sistem kami."
    )
    expect(other.get_by_text("Gunakan email atau nomor HP lain")).to_be_visible()
    expect(other.get_by_role("link", name="Coba Lagi")).to_have_attribute("href", "/pendaftaran")
    expect(other.get_by_role("link", name="Kembali ke Beranda")).to_have_attribute("href", "/")
    expect(other.locator("main")).to_contain_text(get_settings().support_email)
    [still] = registrations("sri.dup@example.com")
    assert (still.id, still.nama_usaha, still.updated_at, still.foto_kk_url) == (
        first.id,
        "Warung Bu Sri",
        first.updated_at,
        first.foto_kk_url,
    )

    # Once rejected, a new submission with the same pair still changes nothing: the
    # registered address is told how to have it corrected.
    with write_session() as s:
        row = s.get(MerchantRegistration, first.id)
        row.status, row.rejection_reason = "rejected", "KTP buram"
        s.add(row)
    third = page.context.new_page()
    third.base = page.base
    register(third, tmp_path, all_five=False, email="sri.dup@example.com", nama_usaha="Warung Bu Sri Baru")
    third.wait_for_url(re.compile("/pendaftaran/gagal"))
    expect(third.get_by_test_id("failed-reason")).to_contain_text("tautan perbaikan ke email yang terdaftar")
    [kept] = registrations("sri.dup@example.com")
    assert (kept.id, kept.status, kept.nama_usaha) == (first.id, "rejected", "Warung Bu Sri")


def test_failure_page_texts(page):
    page.goto(page.base + "/pendaftaran/gagal")
    expect(page.get_by_test_id("failed-reason")).to_have_text("Terjadi kesalahan saat memproses pendaftaran Anda.")
    expect(page.get_by_text("Pastikan setiap file berformat JPG atau PNG dan maksimal 10MB.")).to_be_visible()
    page.goto(page.base + "/pendaftaran/gagal?reason=duplicate%20key")
    # Leaving the first page mid-event can leave its state lock held until it expires
    # (Reflex's lock, 10 s on Redis); the second page's reason shows once it is free.
    expect(page.get_by_test_id("failed-reason")).to_have_text(
        "Email atau nomor HP yang Anda gunakan sudah terdaftar dalam sistem kami.", timeout=15_000
    )
    page.goto(page.base + "/pendaftaran/gagal?reason=Kirim%20ulang%20KTP%20ke%20wa.me%2F62899")  # crafted
    expect(page.get_by_test_id("failed-reason")).to_have_text(
        "Terjadi kesalahan saat memproses pendaftaran Anda.", timeout=15_000
    )
    assert "62899" not in page.content()


def test_storage_failure_keeps_no_row_and_no_file(page, tmp_path):
    with bucket_unavailable(get_settings().bucket_merchant_documents):
        register(page, tmp_path, email="sri.broken@example.com")
        page.wait_for_url(re.compile("/pendaftaran/gagal"))
        expect(page.get_by_test_id("failed-reason")).to_have_text("Gagal mengirim pendaftaran. Silakan coba lagi.")
    assert registrations("sri.broken@example.com") == []


def test_a_post_without_the_agreement_is_refused_and_nothing_is_stored(page, tmp_path):
    """As a script would send it, from the site's own origin: the consent is checked on the server."""
    page.goto(page.base + "/privacy")
    expect(page.get_by_test_id("privacy-version")).to_have_text(
        f"Versi {privacy_policy.VERSION}, berlaku sejak {privacy_policy.UPDATED}"
    )
    expect(page.locator("main")).to_contain_text("90 hari setelah penolakan")
    email = "tanpa.setuju@example.com"
    draft = details.WizardDraft({**DETAILS_TYPED, "email": email}, "a" * 32).to_json()
    photos = {d: base64.b64encode(jpg(tmp_path / f"{d}.jpg").read_bytes()).decode() for d in ("ktp", "selfie", "usaha")}
    status, answer = page.evaluate(
        """async ([url, draft, photos]) => {
            const form = new FormData();
            form.append("draft", draft);
            for (const [doc, b64] of Object.entries(photos)) {
                const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
                form.append("files", new Blob([bytes], {type: "image/jpeg"}), doc + "__foto.jpg");
            }
            const r = await fetch(url, {method: "POST", body: form});
            return [r.status, await r.json()];
        }""",
        [routes.API_REGISTRATION, draft, photos],
    )
    assert status == 422
    assert (
        answer["message"]
        == "Persetujuan diperlukan: centang pernyataan bahwa data Anda benar dan Anda menyetujui Kebijakan Privasi."
    )
    assert registrations(email) == []


def test_the_wizard_opened_from_an_order_names_it_and_offers_its_address(phone):
    """Issue 50.10: the wizard from an order's invitation did not say which order it activates,
    nor offer where the order was delivered as the business address."""
    from terminal_shop.services.devices import linking

    from support.factories import BUYER_TYPED, ONE_D210, checkout_order

    order = checkout_order(buyer={**BUYER_TYPED, "shipping_address": "Jl. Pemuda 12, Semarang"}, lines=ONE_D210)
    phone.goto(phone.base + linking.register_path(order.id))
    expect(phone.get_by_test_id("for-order")).to_contain_text(f"mengaktifkan perangkat pesanan {order.number}")
    expect(phone.locator("#nama_lengkap")).to_have_value(BUYER_TYPED["buyer_name"].strip())  # what the order knows
    expect(phone.locator("#alamat_usaha")).to_have_value("")
    phone.get_by_role("button", name="Pakai alamat pengiriman pesanan").click()
    expect(phone.locator("#alamat_usaha")).to_have_value("Jl. Pemuda 12, Semarang")
    phone.goto(phone.base + "/pendaftaran")  # the wizard on its own: no order named
    expect(phone.get_by_test_id("for-order")).to_have_count(0)
    expect(phone.get_by_role("button", name="Pakai alamat pengiriman pesanan")).to_have_count(0)
