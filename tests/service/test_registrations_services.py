"""Registration submissions against the real database and both storage backends."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image
from sqlmodel import select

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.storage import build_storage
from terminal_shop.infra.uploads import UploadRefusal
from terminal_shop.refusals import texts
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.registrations import details
from terminal_shop.services.registrations import submission as reg
from terminal_shop.services.registrations.fields import FIELDS
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import DocumentKind, RegistrationRefusal
from terminal_shop.services.validation import new_client_ref

from support.factories import AGREED, FORM
from support.files import fake_png, pdf
from support.refusals import codes, refused
from support.storage import no_buckets, s3_settings, stored_keys


def _rows() -> list[MerchantRegistration]:
    with read_session() as s:
        return list(s.exec(select(MerchantRegistration)))


def test_full_registration_is_stored_pending_with_private_documents(clean_db, any_storage, docs):
    settings, storage = any_storage
    rid = reg.submit(FORM, docs, storage, consent=AGREED)
    [row] = _rows()
    assert row.id == rid
    assert row.status == "pending"
    assert row.nomor_hp == "+6281234567890"
    assert row.email == "sri@example.com"
    assert row.omzet_bulanan == 15_000_000
    assert row.nib_npwp is None
    assert row.tempat_usaha == "sewa"
    assert row.nomor_rekening == "1234567890"
    keys = {d.value: getattr(row, d.column) for d in DocumentKind}
    for doc, key in keys.items():
        assert re.fullmatch(rf"{rid}/{doc}/\d{{13}}_[0-9a-f]{{8}}\.(jpg|png)", key), key
    assert sorted(stored_keys(settings, storage, settings.bucket_merchant_documents)) == sorted(keys.values())
    ktp = Image.open(io.BytesIO(storage.get(settings.bucket_merchant_documents, keys["ktp"])))
    assert ktp.format == "JPEG"
    assert 0x8825 not in ktp.getexif()  # no GPS location kept
    assert 0x010F not in ktp.getexif()


def test_three_required_documents_are_enough(clean_db, any_storage, docs):
    settings, storage = any_storage
    reg.submit(FORM, {k: docs[k] for k in ("ktp", "selfie", "usaha")}, storage, consent=AGREED)
    [row] = _rows()
    assert row.foto_kk_url is None and row.foto_barang_url is None
    assert len(stored_keys(settings, storage, settings.bucket_merchant_documents)) == 3


def test_missing_required_documents_are_named():
    assert texts(details.validate_documents({"kk"})) == {
        "ktp": "Foto KTP wajib diupload",
        "selfie": "Foto selfie dengan KTP wajib diupload",
        "usaha": "Foto usaha/toko wajib diupload",
    }
    assert details.validate_documents({"ktp", "selfie", "usaha"}) == {}


def test_step_one_texts():
    _, errors = details.validate_details({})
    assert set(codes(errors).values()) == {details.DetailRefusal.MISSING}
    assert texts(errors) == {f.name: f.missing for f in FIELDS if f.required}  # each field's own words
    assert list(texts(errors).values())[:3] == [
        "Nama lengkap wajib diisi",  # in the form's order: the first is the field focused
        "Nomor HP wajib diisi",
        "Email wajib diisi",
    ]
    _, errors = details.validate_details(
        {**FORM, "email": "sri@", "nomor_hp": "021-5550123", "jenis_usaha": "judi", "nama_bank": "Bank Palsu"}
    )
    assert codes(errors) == {
        "email": details.DetailRefusal.EMAIL,
        "nomor_hp": details.DetailRefusal.PHONE,
        "jenis_usaha": details.DetailRefusal.MISSING,  # a value not on the list: "... wajib dipilih"
        "nama_bank": details.DetailRefusal.MISSING,
    }
    assert texts(errors)["jenis_usaha"] == "Jenis usaha wajib dipilih"
    for spelling in ("0812 3456 7890", "62812-3456-7890", "+62 812 3456 7890"):
        assert details.validate_details({**FORM, "nomor_hp": spelling})[0]["nomor_hp"] == "+6281234567890"
    assert details.format_omzet("15jt000000") == "Rp 15.000.000"
    assert details.format_omzet("abc") == ""


@pytest.mark.parametrize("bad", ["pdf", "fake"])
def test_documents_must_be_real_images(clean_db, any_storage, docs, tmp_path, bad):
    settings, storage = any_storage
    docs["ktp"] = (pdf(tmp_path / "ktp.pdf") if bad == "pdf" else fake_png(tmp_path / "ktp.png")).read_bytes()
    with refused(UploadRefusal.WRONG_TYPE):
        reg.submit(FORM, docs, storage, consent=AGREED)
    assert _rows() == []
    assert stored_keys(settings, storage, settings.bucket_merchant_documents) == []


def test_duplicate_is_refused_and_the_first_stays(clean_db, any_storage, docs):
    settings, storage = any_storage
    first = reg.submit(FORM, docs, storage, consent=AGREED)
    before = sorted(stored_keys(settings, storage, settings.bucket_merchant_documents))
    with pytest.raises(reg.DuplicateRegistration) as exc:
        reg.submit(
            {**FORM, "nama_usaha": "Usaha Lain", "nomor_hp": "+62 812-3456-7890", "email": "SRI@example.com"},
            docs,
            storage,
            consent=AGREED,
        )
    assert (
        str(exc.value)
        == "Email atau nomor HP sudah terdaftar. Silakan gunakan email/nomor HP yang berbeda atau hubungi admin."
    )
    [row] = _rows()
    assert (row.id, row.nama_usaha) == (first, "Warung Bu Sri")
    assert sorted(stored_keys(settings, storage, settings.bucket_merchant_documents)) == before


def test_a_rejected_registration_is_never_replaced_by_a_new_submission(clean_db, any_storage, docs):
    """Anyone who knows the e-mail and phone could otherwise take the record (and its bank
    account) over: the registered address is told how to correct it instead."""
    settings, storage = any_storage
    first = reg.submit(FORM, docs, storage, consent=AGREED)
    before = sorted(stored_keys(settings, storage, settings.bucket_merchant_documents))
    with write_session() as s:
        row = s.get(MerchantRegistration, first)
        row.status, row.rejection_reason = "rejected", "Foto KTP buram"
        s.add(row)
    with pytest.raises(reg.RejectedRegistration, match="kami mengirim tautan perbaikan ke email yang terdaftar"):
        reg.submit(
            {**FORM, "nama_usaha": "Usaha Orang Lain", "nomor_rekening": "999999999"}, docs, storage, consent=AGREED
        )
    [row] = _rows()
    assert (row.id, row.status, row.nama_usaha, row.nomor_rekening) == (
        first,
        "rejected",
        FORM["nama_usaha"],
        "1234567890",
    )
    assert sorted(stored_keys(settings, storage, settings.bucket_merchant_documents)) == before
    with read_session() as s:
        mails = s.exec(select(OutboxMessage).order_by(OutboxMessage.id)).all()
    assert [(m.to_addr, m.subject) for m in mails][-1] == (
        FORM["email"].lower(),
        "TerminalKu: Pendaftaran baru dengan data Anda",
    )
    assert "Foto KTP buram" in mails[-1].body_text


def test_storage_failure_keeps_nothing(clean_db, moto_endpoint, docs):
    storage = build_storage(s3_settings(moto_endpoint))
    with (
        no_buckets(moto_endpoint),
        refused(RegistrationRefusal.FAILED),
    ):
        reg.submit(FORM, docs, storage, consent=AGREED)
    assert _rows() == []


def test_failure_in_the_middle_removes_documents_already_stored(clean_db, any_storage, docs):
    """The fourth document fails to store: the first three are taken back."""
    settings, storage = any_storage
    calls = {"n": 0}
    real_put = storage.put

    def flaky_put(*args, **kwargs):  # the store refuses after three files
        calls["n"] += 1
        if calls["n"] == 4:
            from terminal_shop.infra.storage import StorageError

            raise StorageError("connection reset")
        return real_put(*args, **kwargs)

    storage.put = flaky_put
    with pytest.raises(reg.RegistrationError):
        reg.submit(FORM, docs, storage, consent=AGREED)
    assert _rows() == []
    assert stored_keys(settings, storage, settings.bucket_merchant_documents) == []


def test_duplicate_reason_detection():
    assert reg.is_duplicate_reason(reg.DUPLICATE_REASON)
    assert reg.is_duplicate_reason('duplicate key value violates unique constraint "uq_merchant_email_hp"')
    assert not reg.is_duplicate_reason(reg.FAILED_REASON)


def test_an_attempt_sent_again_finds_its_registration_and_stores_nothing_more(clean_db, any_storage, docs):
    settings, storage = any_storage
    ref = new_client_ref()
    assert reg.registration_for(ref) is None
    first = reg.submit(FORM, docs, storage, client_ref=ref, consent=AGREED)
    keys = stored_keys(settings, storage, settings.bucket_merchant_documents)

    # Its answer was lost; the tab sends the same attempt again (or only asks).
    assert reg.submit(FORM, docs, storage, client_ref=ref, consent=AGREED) == first
    assert reg.registration_for(ref) == first
    assert [r.id for r in _rows()] == [first]
    assert stored_keys(settings, storage, settings.bucket_merchant_documents) == keys

    # Another attempt with the same e-mail and HP is still a duplicate, and a malformed
    # key is no key at all.
    with pytest.raises(reg.DuplicateRegistration):
        reg.submit(FORM, docs, storage, client_ref=new_client_ref(), consent=AGREED)
    with pytest.raises(reg.DuplicateRegistration):
        reg.submit(FORM, docs, storage, client_ref="' OR 1=1 --", consent=AGREED)
    assert reg.registration_for("' OR 1=1 --") is None


def test_a_tabs_wizard_copy_reads_back_only_what_is_well_formed():
    ref = new_client_ref()
    draft = details.WizardDraft({"nama_lengkap": "Sri Wahyuni", "kota": "x"}, ref, 4)
    read = details.WizardDraft.parse(draft.to_json())
    assert (read.fields["nama_lengkap"], read.client_ref, read.rev) == ("Sri Wahyuni", ref, 4)
    assert "kota" not in read.fields  # not a field of the wizard

    tampered = details.WizardDraft.parse('{"nama_lengkap": ["x"], "_ref": "../etc", "_rev": -5, "is_admin": 1}')
    assert (tampered.fields, tampered.client_ref, tampered.rev) == ({}, "", 0)
    for nothing in ("", "{", "[1]", "null", None):
        assert details.WizardDraft.parse(nothing) == details.WizardDraft({})
