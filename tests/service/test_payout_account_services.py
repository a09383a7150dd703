"""A payout account changed safely (issue 61.4) on this pass's real database and storage: the
owner's request with its photo and e-mailed code, told at once; staff approve with their second
factor; the old account keeps the payouts until the waiting period ends; an admin's edit takes
the same path; every bad input refused with nothing changed."""

from __future__ import annotations

import io
import json
import re
import uuid
import zipfile
from datetime import datetime, time, timedelta

import pytest
from sqlmodel import select
from test_admin_team_services import _code, _enrolled
from test_payouts_services import _ago
from test_transactions_services import active_device, deliver, txn

from terminal_shop.formats import WIB
from terminal_shop.infra.db import read_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services import working_days
from terminal_shop.services.backoffice import admin_merchants, admin_overview, merchant_actions
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.payouts import merchant, reconciliation
from terminal_shop.services.registrations import admin_edit, payout_account, payout_account_views
from terminal_shop.services.registrations.owners import payout_account as account_of
from terminal_shop.services.registrations.tables import MerchantRegistration, PayoutAccountChange
from terminal_shop.services.registrations.terms import AccountChangeRefusal as R
from terminal_shop.services.team.tables import LoginAttempt
from terminal_shop.services.team.two_factor import CodeRefusal
from terminal_shop.services.transactions import signers

from support.factories import ADMIN, approved_merchant, make_merchant
from support.files import jpg
from support.refusals import refused

OWNER = "sri@example.com"
NEW = {"nama_bank": "Bank BNI", "nomor_rekening": "0987 6543 21", "nama_rekening": "SRI"}


def _photo(tmp_path) -> bytes:
    return jpg(tmp_path / "buku-tabungan.jpg").read_bytes()


def _changes() -> list[PayoutAccountChange]:
    with read_session() as s:
        return list(s.exec(select(PayoutAccountChange).order_by(PayoutAccountChange.requested_at)))


def _mails(to: str) -> list[OutboxMessage]:
    with read_session() as s:
        return list(s.exec(select(OutboxMessage).where(OutboxMessage.to_addr == to).order_by(OutboxMessage.id)))


def _code_mailed(to: str = OWNER) -> str:
    [mail] = [m for m in _mails(to) if re.search(r": Kode konfirmasi ganti rekening pencairan$", m.subject)]
    return re.search(r"Kode konfirmasi: (\d{6})", mail.body_text)[1]


def _requested(tmp_path) -> uuid.UUID:
    merchant_id = approved_merchant(tmp_path, OWNER, "0812-3456-7890")
    payout_account.request(merchant_id, NEW, _photo(tmp_path), OWNER)
    return merchant_id


def test_a_request_keeps_its_photo_mails_the_code_and_tells_the_owner_at_once(clean_db, tmp_path):
    merchant_id = _requested(tmp_path)
    [change] = _changes()
    assert (change.step, change.nama_bank, change.nomor_rekening, change.old_account) == (
        "kode",
        "Bank BNI",
        "0987654321",
        "BCA ••123",
    )
    assert change.proof_key and get_storage().exists(get_settings().bucket_merchant_documents, change.proof_key)
    told = [m for m in _mails(OWNER) if m.subject.endswith("Ganti rekening pencairan: Menunggu kode konfirmasi")]
    assert len(told) == 1 and "ke BNI ••4321" in told[0].body_text and "Bukan Anda?" in told[0].body_text
    assert re.fullmatch(r"\d{6}", _code_mailed())
    with read_session() as s:  # nothing of the account changed yet
        assert account_of(s, merchant_id) == "BCA ••123"
    [card] = payout_account_views.cards([merchant_id])
    assert card.account == "BCA ••123" and card.change_account == "BNI ••4321" and card.needs_code
    assert OWNER in card.change_said


def test_bad_requests_are_refused_and_change_nothing(clean_db, tmp_path):
    merchant_id = approved_merchant(tmp_path, OWNER, "0812-3456-7890")
    with refused(R.PROOF):
        payout_account.request(merchant_id, NEW, None, OWNER)
    with refused(R.INVALID) as caught:
        payout_account.request(merchant_id, {**NEW, "nomor_rekening": "12ab"}, _photo(tmp_path), OWNER)
    assert caught.value.text == "Nomor rekening hanya boleh berisi angka"
    with refused(R.SAME):
        payout_account.request(
            merchant_id, {**NEW, "nama_bank": "Bank BCA", "nomor_rekening": "123"}, _photo(tmp_path), OWNER
        )
    assert _changes() == []
    assert not [
        k
        for k, _ in get_storage().list_keys(get_settings().bucket_merchant_documents)
        if k.startswith(f"{merchant_id}/rekening-")
    ]
    payout_account.request(merchant_id, NEW, _photo(tmp_path), OWNER)
    with refused(R.OPEN):  # one open request at a time
        payout_account.request(merchant_id, {**NEW, "nomor_rekening": "555"}, _photo(tmp_path), OWNER)
    assert len(_changes()) == 1
    pending = make_merchant(tmp_path, email="baru@example.com", hp="0813-1111-2222")
    with refused(R.NOT_APPROVED):  # a registration still in review changes its account through its own review
        payout_account.request(pending, NEW, _photo(tmp_path), "baru@example.com")
    assert len(_changes()) == 1


def test_a_wrong_code_is_counted_and_the_right_one_sends_it_to_staff(clean_db, tmp_path):
    merchant_id = _requested(tmp_path)
    code = _code_mailed()
    with refused(R.CODE):
        payout_account.confirm(merchant_id, "000000" if code != "000000" else "111111", OWNER)
    assert _changes()[0].code_tries == 1 and _changes()[0].step == "kode"
    payout_account.confirm(merchant_id, code, OWNER)
    assert _changes()[0].step == "periksa"
    with refused(R.NOT_FOUND):  # no code waits any more
        payout_account.confirm(merchant_id, code, OWNER)
    count, _, first = payout_account_views.oldest_waiting()
    assert (count, first) == (1, str(merchant_id))
    waiting = [w for w in admin_overview.overview().waiting if w.label == "Ganti rekening menunggu pemeriksaan"]
    assert waiting[0].count == 1 and waiting[0].href.endswith(f"{merchant_id}#ganti-rekening")


def test_too_many_wrong_codes_end_the_code(clean_db, tmp_path):
    merchant_id = _requested(tmp_path)
    code = _code_mailed()
    wrong = "000000" if code != "000000" else "111111"
    for _ in range(5):
        with refused(R.CODE):
            payout_account.confirm(merchant_id, wrong, OWNER)
    with refused(R.CODE_EXPIRED):
        payout_account.confirm(merchant_id, code, OWNER)
    payout_account.cancel(merchant_id, OWNER)
    assert _changes()[0].step == "batal"
    payout_account.request(merchant_id, NEW, _photo(tmp_path), OWNER)  # a new one may be asked now
    assert [c.step for c in _changes()] == ["batal", "kode"]


def test_staff_approve_with_their_second_factor_and_the_old_account_is_paid_until_the_day(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)  # a business with an active terminal, account BCA ••123
    form = admin_merchants.detail(str(merchant_id)).form
    admin_edit.save(str(merchant_id), {**form, "status": "approved"}, ADMIN)
    owner = form["email"]
    payout_account.request(merchant_id, {**NEW, "nama_rekening": "Sri Wahyuni Bank"}, _photo(tmp_path), owner)
    payout_account.confirm(merchant_id, _code_mailed(owner), owner)
    admin_id, totp, _, _ = _enrolled(ADMIN)
    [change] = _changes()
    with refused(R.MISMATCH):  # another holder's name than the registration's: the reason is asked first
        merchant_actions.approve_account_change(admin_id, ADMIN, str(change.id), _code(totp, 0), "")
    with refused(CodeRefusal.WRONG):
        merchant_actions.approve_account_change(admin_id, ADMIN, str(change.id), "123456" if _code(totp, 1) != "123456" else "654321",
                                                "Rekening bersama, dicek di foto")  # fmt: skip
    assert _changes()[0].step == "periksa"
    with read_session() as s:  # the wrong code counted for the throttle, in the approval's one transaction
        assert [a.email for a in s.exec(select(LoginAttempt).where(LoginAttempt.client == "2fa"))] == [ADMIN]
    effective = merchant_actions.approve_account_change(
        admin_id, ADMIN, str(change.id), _code(totp, 1), "Rekening bersama, dicek di foto"
    )
    day = working_days.add_working_days(working_days.today_wib(), 3)
    assert effective == datetime.combine(day, time(0), WIB) and _changes()[0].step == "disetujui"
    told = [m for m in _mails(owner) if m.subject.endswith("Disetujui, menunggu masa tunggu")]
    assert (
        len(told) == 1 and working_days.spoken(day) in told[0].body_text and "tetap ke BCA ••123" in told[0].body_text
    )

    deliver(secret, {"transactions": [txn("T1", 1_000_000, "kredit", at=_ago(1))]})
    [line] = merchant.of_merchants([merchant_id])
    assert "BCA ••123" in line.said  # the payout before the day: the old account
    assert payout_account.apply_due(effective - timedelta(minutes=1)) == 0
    assert payout_account.apply_due(effective) == 1
    with read_session() as s:
        row = s.get_one(MerchantRegistration, merchant_id)
        assert (row.nama_bank, row.nomor_rekening, row.nama_rekening) == ("Bank BNI", "0987654321", "Sri Wahyuni Bank")
    assert _changes()[0].step == "berlaku"
    [line] = merchant.of_merchants([merchant_id])
    assert "BNI ••4321" in line.said
    [recon] = [r for r in reconciliation.lines() if r.account]
    assert recon.account == "BNI ••4321" and recon.account_changed.startswith("Rekening diganti ")
    [card] = payout_account_views.cards([merchant_id])
    assert card.account == "BNI ••4321" and card.change_step is None
    assert card.last.startswith("Rekening ini dipakai sejak ") and card.last.endswith("; sebelumnya BCA ••123.")


def test_staff_refuse_with_a_reason_the_owner_reads(clean_db, tmp_path):
    merchant_id = _requested(tmp_path)
    payout_account.confirm(merchant_id, _code_mailed(), OWNER)
    [change] = _changes()
    with refused(R.REASON):
        payout_account.refuse(str(change.id), ADMIN, " ")
    payout_account.refuse(str(change.id), ADMIN, "Foto buku tabungan tidak terbaca")
    assert _changes()[0].step == "ditolak"
    [card] = payout_account_views.cards([merchant_id])
    assert (
        card.change_step is None
        and card.last == "Permintaan ganti rekening ke BNI ••4321 ditolak: Foto buku tabungan tidak terbaca"
    )
    told = [m for m in _mails(OWNER) if m.subject.endswith(": Ditolak")]
    assert "Foto buku tabungan tidak terbaca" in told[0].body_text and "Bukan Anda?" not in told[0].body_text


def test_an_admins_edit_of_the_bank_fields_waits_for_the_owners_code_and_another_admin(clean_db, tmp_path):
    merchant_id = approved_merchant(tmp_path, OWNER, "0812-3456-7890")
    form = admin_merchants.detail(str(merchant_id)).form
    saved = admin_edit.save(str(merchant_id), {**form, **NEW, "nama_usaha": "Warung Bu Sri Jaya"}, ADMIN)
    assert saved.errors == {} and saved.account_waits
    with read_session() as s:
        row = s.get_one(MerchantRegistration, merchant_id)
        assert (row.nama_usaha, row.nama_bank, row.nomor_rekening) == ("Warung Bu Sri Jaya", "Bank BCA", "123")
    [change] = _changes()
    assert (change.step, change.requested_by, change.proof_key) == ("kode", ADMIN, None)
    again = admin_edit.save(str(merchant_id), {**form, **NEW, "nomor_rekening": "777"}, ADMIN)
    assert again.errors["nomor_rekening"].code is R.OPEN and len(_changes()) == 1
    payout_account.confirm(merchant_id, _code_mailed(), OWNER)
    admin_id, totp, _, _ = _enrolled(ADMIN)
    with refused(R.SELF):
        merchant_actions.approve_account_change(admin_id, ADMIN, str(change.id), _code(totp, 0), "")
    other_id, other_totp, _, _ = _enrolled("kedua@terminalku.example")
    merchant_actions.approve_account_change(
        other_id, "kedua@terminalku.example", str(change.id), _code(other_totp, 1), ""
    )
    assert _changes()[0].step == "disetujui"


def test_erasure_and_deletion_take_the_requests_and_their_photos(clean_db, tmp_path):
    from terminal_shop.services.privacy import erasure, requests

    merchant_id = _requested(tmp_path)
    key = _changes()[0].proof_key
    _, archive = requests.archive("merchant", str(merchant_id), ADMIN)  # the owner's copy holds the request
    copied = json.loads(zipfile.ZipFile(io.BytesIO(archive)).read("data.json"))["permintaan_ganti_rekening"]
    assert [(c["nomor_rekening"], c["step"]) for c in copied] == [("0987654321", "kode")] and "code_hash" not in copied[
        0
    ]
    erasure.erase_merchant(merchant_id, ADMIN, "permintaan pemilik")
    [change] = _changes()
    assert change.nomor_rekening == "" and change.proof_key is None and "SRI" not in change.nama_rekening
    assert not get_storage().exists(get_settings().bucket_merchant_documents, key)

    other = approved_merchant(tmp_path, "lain@example.com", "0813-9999-0000")
    payout_account.request(other, NEW, _photo(tmp_path), "lain@example.com")
    key = [c for c in _changes() if c.merchant_id == other][0].proof_key
    merchant_actions.delete(str(other), ADMIN)
    assert [c.merchant_id for c in _changes()] == [merchant_id]
    assert not get_storage().exists(get_settings().bucket_merchant_documents, key)


@pytest.mark.parametrize("typed", ["BUDI SANTOSO", "budi  santoso", "Budi Santoso."])
def test_the_holders_name_is_compared_as_banks_print_it(typed):
    assert payout_account.same_holder(typed, "Budi Santoso")
    assert not payout_account.same_holder("Budi Santosa", "Budi Santoso")
