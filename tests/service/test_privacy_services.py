"""Personal data as UU 27/2022 expects (docs/decisions.md, Personal data), on this pass's
real database and storage: every look at personal files logged, and shown on the record."""

from __future__ import annotations

import io
import json
import uuid
import zipfile
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from sqlmodel import select
from starlette.testclient import TestClient

from terminal_shop import routes
from terminal_shop.infra.db import read_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.privacy_policy import VERSION
from terminal_shop.services.audit.tables import AccessEvent, AuditEvent
from terminal_shop.services.backoffice import admin_merchants, admin_orders, admin_overview, merchant_actions
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.orders import transfer_codes
from terminal_shop.services.orders.tables import Order, TransferCode
from terminal_shop.services.privacy import requests, retention
from terminal_shop.services.privacy.tables import DataRequest
from terminal_shop.services.privacy.terms import DataRequestKind
from terminal_shop.services.registrations import admin_edit, merchant_list, registration_status
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import DocumentKind
from terminal_shop.services.team import admin_auth
from terminal_shop.web import api

from support.factories import ADMIN, checkout_order, make_merchant, make_order
from support.files import png
from support.storage import stored_keys


def access_rows(entity_id="") -> list[tuple[str, str, str, str]]:
    with read_session() as s:
        rows = s.exec(select(AccessEvent).order_by(AccessEvent.id)).all()
    return [(r.admin_email, r.action, r.entity_type, r.item) for r in rows if entity_id in ("", r.entity_id)]


def test_opening_a_registration_logs_a_look_at_its_documents_and_the_page_shows_it(clean_db, tmp_path):
    mid = make_merchant(tmp_path)
    admin_merchants.detail(str(mid))  # a refresh after a save: no new look
    assert access_rows() == []
    view = admin_merchants.detail(str(mid), viewer=ADMIN).view
    assert access_rows() == [(ADMIN, "lihat", "merchant", "Foto KTP, Foto selfie dengan KTP, Foto usaha/toko")]
    [seen] = view.access
    assert (seen.who, seen.action, seen.item) == (ADMIN, "Dilihat", "Foto KTP, Foto selfie dengan KTP, Foto usaha/toko")

    merchant_actions.replace_document(
        str(mid), "ktp", "ktp-baru.png", png(tmp_path / "n.png").read_bytes(), "sri@tim.example"
    )
    assert access_rows()[-1] == ("sri@tim.example", "ganti", "merchant", "Foto KTP")
    assert [a.action for a in admin_merchants.detail(str(mid)).view.access] == ["Diganti", "Dilihat"]  # newest first


def test_opening_an_order_logs_a_look_at_its_proof(clean_db):
    order = make_order(proof=f"{uuid.uuid4()}/bukti.png")
    no_proof = make_order(name="Ani")
    admin_orders.detail(str(order.id), viewer=ADMIN)
    admin_orders.detail(str(no_proof.id), viewer=ADMIN)  # nothing personal to look at
    assert access_rows() == [(ADMIN, "lihat", "order", "Bukti pembayaran")]
    assert [a.item for a in admin_orders.detail(str(order.id)).view.access] == ["Bukti pembayaran"]


def test_a_csv_export_is_logged_with_its_filters(clean_db):
    admin_auth.create_admin(ADMIN, "rahasia-admin-123")
    token = admin_auth.login(ADMIN, "rahasia-admin-123", "127.0.0.1")
    client = TestClient(api.files_app())
    client.cookies.set(admin_auth.SESSION_COOKIE, token)
    answer = client.get(routes.export("orders") + "?status=confirmed&q=Budi")
    assert answer.status_code == 200
    assert access_rows() == [(ADMIN, "ekspor", "orders", "CSV: q=Budi&status=confirmed")]
    assert client.get(routes.export("merchants")).status_code == 200
    assert access_rows()[-1] == (ADMIN, "ekspor", "merchants", "CSV: semua data")


# ----- retention, with a fixed clock -----


def decided(mid, status: str) -> None:
    form = admin_merchants.detail(str(mid)).form
    admin_edit.save(str(mid), {**form, "status": status, "rejection_reason": "Foto KTP buram"}, ADMIN)


def merchant(mid) -> MerchantRegistration:
    with read_session() as s:
        return s.get(MerchantRegistration, mid)


def document_files() -> set[str]:
    settings = get_settings()
    return set(stored_keys(settings, get_storage(), settings.bucket_merchant_documents))


def test_a_rejected_registration_is_erased_90_days_after_its_rejection_once(clean_db, tmp_path):
    mid = make_merchant(tmp_path)
    decided(mid, "rejected")
    row = merchant(mid)
    files = {k for d in DocumentKind if (k := getattr(row, d.column))}
    assert len(files) == 3 and files <= document_files()
    assert retention.run(now=row.rejected_at + timedelta(days=89)).due["pendaftaran ditolak"] == []
    dry = retention.run(now=row.rejected_at + timedelta(days=90), dry_run=True)
    assert dry.due["pendaftaran ditolak"] == [str(mid)] and merchant(mid).purged_at is None

    done = retention.run(now=row.rejected_at + timedelta(days=90))
    assert (done.due["pendaftaran ditolak"], done.files) == ([str(mid)], 3)
    erased = merchant(mid)
    assert (erased.nama_lengkap, erased.nomor_hp, erased.nomor_rekening, erased.alamat_usaha) == (
        "(dihapus)",
        "",
        "",
        "(dihapus)",
    )
    assert [getattr(erased, d.column) for d in DocumentKind] == [None] * 5
    assert (erased.status, erased.omzet_bulanan, erased.kabupaten_kota, erased.created_at) == (
        "rejected",
        15_000_000,
        row.kabupaten_kota,
        row.created_at,
    )
    assert not files & document_files()  # storage cleaned too
    assert erased.consent_version == row.consent_version and erased.consent_address is None
    again = retention.run(now=row.rejected_at + timedelta(days=400))
    assert again.due["pendaftaran ditolak"] == [] and again.files == 0  # idempotent
    [purge] = [h for h in admin_merchants.detail(str(mid)).view.history if h.action == "purge"]
    assert purge.who == "sistem (retensi)" and "90 hari" in purge.detail


def test_two_workers_erase_one_record_once(clean_db, tmp_path):
    mids = [make_merchant(tmp_path, email=f"sri{i}@example.com", hp=f"0812-3456-78{i:02d}") for i in range(6)]
    for mid in mids:
        decided(mid, "rejected")
    later = merchant(mids[-1]).rejected_at + timedelta(days=91)
    with ThreadPoolExecutor(max_workers=2) as pool:
        reports = list(pool.map(lambda _: retention.run(now=later), range(2)))
    erased = [i for r in reports for i in r.due["pendaftaran ditolak"]]
    assert sorted(erased) == sorted(str(m) for m in mids)  # each by one worker only
    assert sum(r.files for r in reports) == 18
    with read_session() as s:
        purges = s.exec(select(AuditEvent).where(AuditEvent.action == "purge")).all()
    assert len(purges) == 6


def test_an_ended_merchant_is_kept_five_years_after_the_end(clean_db, tmp_path):
    mid = make_merchant(tmp_path)
    decided(mid, "approved")
    far = utcnow() + timedelta(days=365 * 30)
    assert retention.run(now=far).due["merchant berhenti"] == []  # still a merchant: kept
    merchant_actions.mark_ended(str(mid), ADMIN, True)
    ended_at = merchant(mid).ended_at
    assert "dihapus otomatis pada" in admin_merchants.detail(str(mid)).view.retention
    assert (
        retention.run(now=ended_at.replace(year=ended_at.year + 5) - timedelta(days=1)).due["merchant berhenti"] == []
    )
    assert retention.run(now=ended_at.replace(year=ended_at.year + 5)).due["merchant berhenti"] == [str(mid)]
    assert merchant(mid).purged_at is not None


def test_orders_are_erased_after_ten_years_keeping_their_amounts(clean_db, tmp_path):
    order = checkout_order(get_storage(), png(tmp_path / "b.png").read_bytes())
    proof = order.payment_proof_path
    settings = get_settings()
    assert proof in stored_keys(settings, get_storage(), settings.bucket_order_payments)
    placed = order.created_at
    assert retention.run(now=placed.replace(year=placed.year + 10) - timedelta(seconds=1)).due["pesanan"] == []
    assert retention.run(now=placed.replace(year=placed.year + 10)).due["pesanan"] == [str(order.id)]
    with read_session() as s:
        row = s.get(Order, order.id)
    assert (row.buyer_name, row.buyer_email, row.buyer_phone, row.payment_proof_path) == ("(dihapus)", "", "", None)
    assert (row.total, row.items, row.status) == (order.total, order.items, order.status)
    assert proof not in stored_keys(settings, get_storage(), settings.bucket_order_payments)


def test_abandoned_holds_go_after_thirty_days(clean_db):
    transfer_codes.reserve("left", 3_499_000)
    with read_session() as s:
        hold = s.exec(select(TransferCode)).one()
    assert retention.run(now=hold.expires_at + timedelta(days=29)).due["percobaan tidak dikirim"] == []
    assert retention.run(now=hold.expires_at + timedelta(days=30)).due["percobaan tidak dikirim"] == [str(hold.amount)]
    with read_session() as s:
        assert s.exec(select(TransferCode)).all() == []


# ----- the data subject's requests -----


def test_erasure_on_request_erases_a_rejected_registration_and_restricts_a_merchant(clean_db, tmp_path):
    rejected = make_merchant(tmp_path)
    decided(rejected, "rejected")
    said = requests.erase_or_restrict("merchant", str(rejected), ADMIN)
    assert said.startswith("Data pribadi dihapus: 3 dokumen dihapus")
    assert merchant(rejected).purged_at is not None

    active = make_merchant(tmp_path, email="budi@example.com", hp="0813-1111-2222")
    decided(active, "approved")
    said = requests.erase_or_restrict("merchant", str(active), ADMIN)
    assert said.startswith("Masih wajib disimpan menurut hukum")
    row = merchant(active)
    assert row.restricted_at is not None and row.purged_at is None and row.foto_ktp_url  # kept, not shown
    detail = admin_merchants.detail(str(active), viewer=ADMIN).view
    assert all(d.url == "" for d in detail.documents)  # no link to its documents...
    owners = admin_merchants.detail(str(active), viewer=ADMIN, reads_restricted=True).view  # ...but the owner's
    assert "ktp" in [d.key for d in owners.documents if d.url]
    assert access_rows(str(active))[-1][:3] == (ADMIN, "lihat", "merchant")  # and the look is logged
    assert "Dibatasi sejak" in detail.restricted
    page = merchant_list.list_page()
    assert [r.id for r in page.rows] == [str(rejected)] and page.total == 1  # hidden from the list
    assert merchant_list.list_page(search="budi").rows == []  # and from searches


def test_the_archive_holds_the_record_its_files_and_its_history(clean_db, tmp_path):
    mid = make_merchant(tmp_path)
    admin_merchants.detail(str(mid), viewer=ADMIN)  # an admin looked: part of the history
    name, data = requests.archive("merchant", str(mid), ADMIN)
    assert name == f"data-pribadi-merchant-{str(mid)[:8]}.zip"
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        names = set(zf.namelist())
        record = json.loads(zf.read("data.json"))
        history = json.loads(zf.read("riwayat.json"))
        ktp = zf.read("dokumen/ktp.jpg")
    assert {"data.json", "riwayat.json", "dokumen/ktp.jpg", "dokumen/selfie.png", "dokumen/usaha.jpg"} == names
    assert (record["nama_lengkap"], record["email"], record["consent_version"]) == (
        "Sri Wahyuni",
        "sri@example.com",
        VERSION,
    )
    assert ktp == get_storage().get(get_settings().bucket_merchant_documents, merchant(mid).foto_ktp_url)
    assert history["akses"][0]["tindakan"] == "Dilihat" and history["email"][0]["kepada"] == "sri@example.com"
    assert access_rows(str(mid))[-1] == (ADMIN, "unduh", "merchant", "Arsip data pribadi")
    assert [h.action for h in admin_merchants.detail(str(mid)).view.history][0] == "export"  # audited too


def test_the_applicant_asks_through_their_status_link_and_the_admins_are_told(clean_db, tmp_path):
    mid = make_merchant(tmp_path)
    token = registration_status.status_token(mid)
    with pytest.raises(requests.RequestError) as refused:
        requests.ask_by_link(str(mid), "0" * 32, DataRequestKind.ACCESS, "203.0.113.9")
    assert refused.value.code is requests.RequestRefusal.LINK
    said = requests.ask_by_link(str(mid), token, DataRequestKind.ACCESS, "203.0.113.9")
    assert said.startswith("Permintaan Anda (minta salinan data) kami terima. Kami menjawab lewat email paling lambat")
    requests.ask_by_link(str(mid), token, DataRequestKind.ACCESS, "203.0.113.9")  # asked twice: one request
    [open_] = requests.open_requests()
    assert open_.label == "Minta salinan data" and not open_.overdue
    assert admin_overview.overview().data_requests == (open_,)
    with read_session() as s:
        told = s.exec(select(OutboxMessage).where(OutboxMessage.subject.contains("Minta salinan data"))).all()
    assert [m.to_addr for m in told] == list(get_settings().admin_emails)
    requests.archive("merchant", str(mid), ADMIN)  # answered
    assert requests.open_requests() == ()


def test_parallel_asks_make_one_open_request(clean_db, tmp_path):
    """Issue 35.11: two asks at once both found no open request and both made one."""
    mid = make_merchant(tmp_path)
    with ThreadPoolExecutor(max_workers=6) as pool:
        dues = list(
            pool.map(lambda n: requests.ask("merchant", str(mid), DataRequestKind.ERASURE, f"10.0.0.{n}"), range(6))
        )
    assert len(set(dues)) == 1
    with read_session() as s:
        assert len(s.exec(select(DataRequest).where(DataRequest.entity_id == str(mid))).all()) == 1
