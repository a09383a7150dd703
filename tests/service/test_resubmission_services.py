"""A rejected applicant corrects what was marked, through a one-time link of their own."""

from __future__ import annotations

import asyncio
import re
from datetime import timedelta

import pytest
from sqlmodel import select

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.privacy_policy import VERSION, Consent
from terminal_shop.reflex_compat.testing import detached_root_state, router_with_headers
from terminal_shop.services.audit.tables import AuditEvent
from terminal_shop.services.backoffice import admin_merchants
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.registrations import admin_edit, details, resubmission
from terminal_shop.services.registrations import submission as registrations
from terminal_shop.services.registrations.resubmission import FixRefusal, ResubmissionError
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.state.resubmission import FixState

from support.factories import AGREED, make_merchant, reject_with_link
from support.files import jpg, png
from support.refusals import refused
from support.storage import stored_keys


def _parts(link: str) -> tuple[str, str]:
    m = re.search(r"/perbaiki/([^?]+)\?t=(\w+)", link)
    return m[1], m[2]


def _row(mid) -> MerchantRegistration:
    with read_session() as s:
        return s.get(MerchantRegistration, mid)


def test_only_the_marked_document_changes_and_the_link_then_dies(clean_db, tmp_path):
    mid = make_merchant(tmp_path)
    before = _row(mid)
    rid, token = _parts(reject_with_link(mid, ["ktp"]))
    shown = resubmission.view(rid, token)
    assert (shown.groups, shown.documents, shown.reason) == ((), ("ktp",), "Foto KTP buram")
    with refused(FixRefusal.DOCUMENT):
        resubmission.resubmit(rid, token, {}, {}, consent=AGREED)
    typed = {"nama_usaha": "Usaha Lain", "nomor_rekening": "999"}  # not marked: ignored
    resubmission.resubmit(rid, token, typed, {"ktp": jpg(tmp_path / "ktp-baru.jpg").read_bytes()}, consent=AGREED)
    after = _row(mid)
    assert (after.status, after.rejection_reason, after.fix_nonce) == ("pending", None, None)
    assert (after.nama_usaha, after.nomor_rekening) == (before.nama_usaha, before.nomor_rekening)
    assert after.foto_ktp_url != before.foto_ktp_url and after.foto_selfie_url == before.foto_selfie_url
    with read_session() as s:
        last = s.exec(select(AuditEvent).order_by(AuditEvent.id.desc())).first()
    assert (last.action, last.old_status, last.new_status, last.detail) == (
        "resubmit",
        "rejected",
        "pending",
        "Foto KTP",
    )
    assert admin_merchants.detail(str(mid)).view.history[0].change == "Rejected → Pending"
    with refused(FixRefusal.LINK):
        resubmission.view(rid, token)  # used


def test_marked_fields_change_and_are_checked_like_the_wizard(clean_db, tmp_path):
    mid = make_merchant(tmp_path)
    rid, token = _parts(reject_with_link(mid, ["data-bank"]))
    with refused(FixRefusal.INVALID) as caught:
        resubmission.resubmit(
            rid, token, {"nama_bank": "Bank BCA", "nama_rekening": "Sri", "nomor_rekening": "12a"}, {}, consent=AGREED
        )
    assert caught.value.text == details.DetailRefusal.ACCOUNT.label  # the field's own words, as the wizard says them
    resubmission.resubmit(
        rid, token, {"nama_bank": "Bank BNI", "nama_rekening": "Sri W", "nomor_rekening": "555"}, {}, consent=AGREED
    )
    row = _row(mid)
    assert (row.status, row.nama_bank, row.nomor_rekening) == ("pending", "Bank BNI", "555")


def test_tampered_and_expired_links_change_nothing(clean_db, tmp_path):
    mid = make_merchant(tmp_path)
    rid, token = _parts(reject_with_link(mid, []))
    with refused(FixRefusal.LINK):
        resubmission.view(rid, token[:-1] + ("0" if token[-1] != "0" else "1"))
    with write_session() as s:
        row = s.get(MerchantRegistration, mid)
        row.fix_expires_at = utcnow() - timedelta(seconds=1)
        s.add(row)
    with refused(FixRefusal.LINK):
        resubmission.resubmit(rid, token, {}, {"ktp": png(tmp_path / "k.png").read_bytes()}, consent=AGREED)
    assert _row(mid).status == "rejected"


def test_registering_again_sends_the_owner_a_working_link(clean_db, tmp_path):
    mid = make_merchant(tmp_path)
    reject_with_link(mid, ["ktp"])
    row = _row(mid)
    form = {**admin_edit.form_values(row), "omzet_bulanan": "15000000"}
    docs = {k: png(tmp_path / f"{k}.png").read_bytes() for k in ("ktp", "selfie", "usaha")}
    with pytest.raises(registrations.RejectedRegistration):
        registrations.submit(form, docs, consent=AGREED)
    with read_session() as s:
        mail = s.exec(select(OutboxMessage).order_by(OutboxMessage.id.desc())).first()
    assert mail.to_addr == row.email and "Pendaftaran baru dengan data Anda" in mail.subject
    rid, token = _parts(re.search(r"https?://\S+/pendaftaran/perbaiki/\S+", mail.body_text)[0])
    assert resubmission.view(rid, token).documents == ("ktp",)


def test_one_link_used_from_two_tabs_at_once_is_accepted_once(clean_db, tmp_path):
    import threading

    mid = make_merchant(tmp_path)
    rid, token = _parts(reject_with_link(mid, ["ktp"]))
    photos = [jpg(tmp_path / f"ktp-{i}.jpg", size=(1600, 1200)).read_bytes() for i in range(2)]
    start, results = threading.Barrier(2), []

    def send(photo: bytes) -> None:
        start.wait()
        try:
            results.append(resubmission.resubmit(rid, token, {}, {"ktp": photo}, consent=AGREED))
        except ResubmissionError as exc:
            results.append(exc.code)

    tabs = [threading.Thread(target=send, args=(p,)) for p in photos]
    for t in tabs:
        t.start()
    for t in tabs:
        t.join()
    assert sorted(map(str, results)) == sorted([str(mid), FixRefusal.LINK])
    with read_session() as s:
        resubmits = s.exec(select(AuditEvent).where(AuditEvent.action == "resubmit")).all()
        mails = s.exec(select(OutboxMessage).where(OutboxMessage.entity_id == str(mid))).all()
    assert len(resubmits) == 1
    assert sum("diterima" in m.subject.lower() for m in mails) == 2  # the first registration's, and this one
    settings = get_settings()
    ktp = [
        k
        for k in stored_keys(settings, get_storage(), settings.bucket_merchant_documents)
        if k.startswith(f"{mid}/ktp/")
    ]
    assert ktp == [_row(mid).foto_ktp_url]  # the losing tab's file removed, the replaced one too


def test_a_correction_needs_the_agreement_and_renews_it(clean_db, tmp_path):
    mid = make_merchant(tmp_path)
    rid, token = _parts(reject_with_link(mid, ["data-bank"]))
    typed = {"nama_bank": "Bank BNI", "nama_rekening": "Sri W", "nomor_rekening": "555"}
    with refused(FixRefusal.NO_CONSENT):
        resubmission.resubmit(rid, token, typed, {}, consent=None)
    assert _row(mid).nomor_rekening != "555"  # nothing changed
    resubmission.resubmit(rid, token, typed, {}, consent=Consent("198.51.100.4"))
    row = _row(mid)
    assert (row.nomor_rekening, row.consent_address, row.consent_version) == ("555", "198.51.100.4", VERSION)


def test_what_the_applicant_corrected_stays_when_the_page_loads_again(clean_db, tmp_path):
    """The page's on_load runs again each time a phone's socket reconnects (and on a reload):
    the corrections typed on this link stay; another link starts from its stored values."""
    mid = make_merchant(tmp_path, nama_usaha="Warung Bu Sri")
    rid, token = _parts(reject_with_link(mid, ["data-usaha"]))
    root = detached_root_state()
    state = root.get_substate(FixState.get_full_name().split(".")[1:])

    def load(connection: str, rid: str = rid, token: str = token) -> None:
        path = f"/pendaftaran/perbaiki/{rid}?t={token}"
        root.router = router_with_headers({}, {"id": rid}, as_path=path, connection=connection)
        asyncio.run(FixState.load.fn(state))

    load("first")
    assert state.form["nama_usaha"] == "Warung Bu Sri"
    FixState.set_field.fn(state, "nama_usaha", "Warung Bu Sri Jaya")
    load("after-the-network-came-back")
    assert (state.form["nama_usaha"], state.link_error) == ("Warung Bu Sri Jaya", "")

    other = make_merchant(tmp_path, nama_usaha="Toko Lain", email="lain@example.com", nomor_hp="0813-1111-2222")
    load("another-link", *_parts(reject_with_link(other, ["data-usaha"])))
    assert state.form["nama_usaha"] == "Toko Lain"
