"""The admin's merchant registrations: stats, search, detail, status rules, documents, delete, export."""

from __future__ import annotations

import csv
import io
import uuid

import pytest

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.infra.uploads import UploadRefusal
from terminal_shop.services.backoffice import admin_merchants, merchant_actions
from terminal_shop.services.privacy import erasure
from terminal_shop.services.registrations import admin_edit, merchant_list, transitions
from terminal_shop.services.registrations.details import DetailRefusal
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import DocumentKind

from support.factories import ADMIN, audit_rows, make_merchant
from support.files import fake_png, jpg, png
from support.refusals import codes, refused


def test_merchant_stats_search_and_detail(clean_db, tmp_path):
    make_merchant(tmp_path)
    make_merchant(
        tmp_path, email="andi@example.com", hp="0813-1111-2222", nama_usaha="Minimarket Berkah", nama_lengkap="Andi"
    )
    assert merchant_list.stats() == {"total": 2, "pending": 2, "approved": 0, "rejected": 0}
    for text in ("berkah", "ANDI", "andi@", "+62813"):
        assert [r.nama_usaha for r in merchant_list.list_page(search=text).rows] == ["Minimarket Berkah"]
    assert merchant_list.list_page(status="approved").rows == []
    with pytest.raises(admin_merchants.NotFound):
        admin_merchants.detail(str(uuid.uuid4()))
    with pytest.raises(admin_merchants.NotFound):
        admin_merchants.detail("bukan-id")


def _stored(mid) -> MerchantRegistration:
    with read_session() as s:
        row = s.get(MerchantRegistration, mid)
    assert row is not None
    return row


def test_merchant_status_rules(clean_db, tmp_path):
    mid = make_merchant(tmp_path)
    form = admin_merchants.detail(str(mid)).form
    assert codes(admin_edit.save(str(mid), {**form, "email": "salah@"}, ADMIN).errors) == {"email": DetailRefusal.EMAIL}
    admin_edit.save(str(mid), {**form, "status": "rejected", "rejection_reason": "KTP buram"}, ADMIN)
    row = _stored(mid)
    assert (row.status, row.verified_at, row.rejection_reason) == ("rejected", None, "KTP buram")
    admin_edit.save(str(mid), {**form, "status": "pending", "rejection_reason": "lama"}, ADMIN)
    assert _stored(mid).rejection_reason is None
    assert admin_edit.save(str(mid), {**form, "status": "approved"}, ADMIN).errors == {}
    first_verified = _stored(mid).verified_at
    assert first_verified is not None
    admin_edit.save(str(mid), {**form, "status": "approved", "nama_usaha": "Warung Baru"}, ADMIN)
    row = _stored(mid)
    assert (row.verified_at, row.nama_usaha) == (first_verified, "Warung Baru")  # kept, not renewed
    # Issue 35.8: rejecting an approved merchant would start the purge of an identity the
    # company must keep: refused with the reason, nothing of the form kept.
    refused = admin_edit.save(str(mid), {**form, "status": "rejected", "rejection_reason": "salah klik"}, ADMIN)
    assert codes(refused.errors) == {"status": transitions.ChangeRefusal.KEPT_BY_LAW}
    row = _stored(mid)
    assert (row.status, row.rejected_at, row.nama_usaha) == ("approved", None, "Warung Baru")
    assert [(e.old_status, e.new_status) for e in audit_rows()] == [
        ("pending", "rejected"),
        ("rejected", "pending"),
        ("pending", "approved"),
        ("approved", "approved"),
    ]
    assert admin_merchants.detail(str(mid)).view.history[0].change == "Approved"


def test_erased_and_restricted_registrations_are_read_only(clean_db, tmp_path):
    """Issue 35.8: `save` and `replace_document` checked neither mark."""
    erased, restricted = make_merchant(tmp_path), make_merchant(tmp_path, email="lain@example.com", hp="0812-2222-3333")
    form = admin_merchants.detail(str(restricted)).form
    erasure.erase_merchant(erased, ADMIN, "permintaan pemilik")
    with write_session() as s:
        s.get(MerchantRegistration, restricted).restricted_at = utcnow()
    for mid, code in ((erased, transitions.ChangeRefusal.ERASED), (restricted, transitions.ChangeRefusal.RESTRICTED)):
        before = _stored(mid)
        assert codes(admin_edit.save(str(mid), {**form, "status": "approved"}, ADMIN).errors) == {"status": code}
        with pytest.raises(transitions.ChangeRefused) as refused:
            merchant_actions.replace_document(str(mid), "ktp", "k.jpg", jpg(tmp_path / "n.jpg").read_bytes(), ADMIN)
        assert refused.value.code is code
        after = _stored(mid)
        assert (after.status, after.nama_usaha, after.foto_ktp_url) == (
            before.status,
            before.nama_usaha,
            before.foto_ktp_url,
        )


def test_replace_document_removes_the_old_file(clean_db, tmp_path):
    mid = make_merchant(tmp_path)
    storage, bucket = get_storage(), get_settings().bucket_merchant_documents
    old = _stored(mid).foto_ktp_url
    with refused(UploadRefusal.WRONG_TYPE):
        merchant_actions.replace_document(str(mid), "ktp", "x.png", fake_png(tmp_path / "x.png").read_bytes(), ADMIN)
    with refused(UploadRefusal.TOO_LARGE):
        merchant_actions.replace_document(
            str(mid), "ktp", "x.png", b"\x89PNG\r\n\x1a\n" + b"0" * (10 * 1024 * 1024), ADMIN
        )
    assert _stored(mid).foto_ktp_url == old
    merchant_actions.replace_document(str(mid), "ktp", "KTP baru.JPG", jpg(tmp_path / "n.jpg").read_bytes(), ADMIN)
    new = _stored(mid).foto_ktp_url
    assert new.startswith(f"{mid}/ktp/") and new.endswith("_KTP_baru.jpg")
    assert storage.exists(bucket, new) and not storage.exists(bucket, old)
    merchant_actions.replace_document(str(mid), "kk", "kk.png", png(tmp_path / "kk.png").read_bytes(), ADMIN)
    assert _stored(mid).foto_kk_url.startswith(f"{mid}/kk/")
    assert [e.action for e in audit_rows()] == ["document", "document"]


def test_delete_removes_row_and_documents(clean_db, tmp_path):
    mid = make_merchant(tmp_path)
    storage, bucket = get_storage(), get_settings().bucket_merchant_documents
    keys = [getattr(_stored(mid), d.column) for d in DocumentKind if getattr(_stored(mid), d.column)]
    merchant_actions.delete(str(mid), ADMIN)
    with read_session() as s:
        assert s.get(MerchantRegistration, mid) is None
    assert not any(storage.exists(bucket, k) for k in keys)
    [event] = audit_rows()
    assert (event.action, event.entity_id, event.admin_email) == ("delete", str(mid), ADMIN)


def test_merchants_csv(clean_db, tmp_path):
    make_merchant(tmp_path, nama_usaha="=cmd|' /C calc'!A0")
    rows = list(csv.reader(io.StringIO(b"".join(merchant_list.export_csv()).decode().lstrip("\ufeff"))))
    assert rows[0] == ["Tanggal", "Nama Usaha", "Nama Pemilik", "HP", "Email", "Kabupaten", "Status"]
    assert rows[1][1] == "'=cmd|' /C calc'!A0"
    assert rows[1][3] == "'+6281234567890"


def test_setujui_and_tolak_change_the_status_alone(clean_db, tmp_path):
    """Issue 39.5: decided on the page without editing the record."""
    from terminal_shop.services.registrations.terms import RegistrationStatus

    first, second = make_merchant(tmp_path), make_merchant(tmp_path, email="b@example.com", hp="0813-1111-2222")
    with pytest.raises(transitions.ChangeRefused) as refused:
        admin_edit.decide(str(first), RegistrationStatus.REJECTED, "  ", ADMIN)
    assert refused.value.code is transitions.ChangeRefusal.REASON_MISSING
    assert _stored(first).status == "pending"
    admin_edit.decide(str(first), RegistrationStatus.REJECTED, "KTP buram", ADMIN, ["ktp"])
    row = _stored(first)
    assert (row.status, row.rejection_reason, row.nama_lengkap) == ("rejected", "KTP buram", "Sri Wahyuni")
    admin_edit.decide(str(second), RegistrationStatus.APPROVED, "", ADMIN)
    assert _stored(second).verified_at is not None
    with pytest.raises(transitions.ChangeRefused) as refused:
        admin_edit.decide(str(second), RegistrationStatus.APPROVED, "", ADMIN)
    assert (refused.value.code, refused.value.text) == (transitions.ChangeRefusal.ALREADY, "Pendaftaran sudah Approved")
    with pytest.raises(transitions.ChangeRefused) as refused:
        admin_edit.decide(str(second), RegistrationStatus.REJECTED, "salah", ADMIN)
    assert refused.value.code is transitions.ChangeRefusal.KEPT_BY_LAW
    assert "wajib disimpan sampai 5 tahun setelah" in refused.value.text  # RETENTION_ENDED_YEARS
    assert _stored(second).status == "approved"  # an approved identity is kept (issue 35.8)
