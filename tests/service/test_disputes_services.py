"""Disputes (issue 47.4, services/disputes) on this pass's real database and storage: the
acquirer's signed deliveries open and move them, the merchant answers with evidence before
the deadline, a lost one is charged back on a payout, the admin exports the case; a merchant
reaches only their own."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import timedelta

import pytest
from sqlmodel import select
from starlette.testclient import TestClient
from test_transactions_services import NOW, active_device, deliver, txn

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.infra.uploads import UploadRejected
from terminal_shop.intake import signed
from terminal_shop.intake.tables import RefusedDelivery
from terminal_shop.services import working_days
from terminal_shop.services.disputes import cases, export, notices, webhook
from terminal_shop.services.disputes.tables import Dispute, DisputeEvidence
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.payouts import merchant as payouts
from terminal_shop.services.transactions import signers
from terminal_shop.services.transactions.tables import LedgerEntry
from terminal_shop.web.api import files_app

from support.files import png


def _send(secret: str, disputes: list[dict], timestamp: int | None = None, tamper: bool = False):
    body = json.dumps({"disputes": disputes}).encode()
    ts = int(NOW if timestamp is None else timestamp)
    signature = signed.sign(secret, ts, body)
    return webhook.accept("bri", body.replace(b"4853", b"4837") if tamper else body, signature, str(ts), now=NOW)


def _item(
    status: str = "open", amount: int = 250_000, days: int = 7, txn_id: str = "T1", dispute: str = "CB-1"
) -> dict:
    deadline = working_days.today_wib() + timedelta(days=days)
    return {"id": dispute, "transaction_id": txn_id, "reason_code": "4853", "reason": "Barang tidak diterima",
            "amount": amount, "deadline": deadline.isoformat(), "status": status}  # fmt: skip


def _disputes() -> list[Dispute]:
    with read_session() as s:
        return list(s.exec(select(Dispute)))


def _mails(subject_part: str) -> list[OutboxMessage]:
    with read_session() as s:
        return [m for m in s.exec(select(OutboxMessage)) if subject_part in m.subject]


def test_a_signed_delivery_opens_a_dispute_tells_the_merchant_and_refuses_what_it_cannot_apply(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    deliver(secret, {"transactions": [txn("T1", 300_000, "debit")]})

    with pytest.raises(signed.WebhookRefused) as forged:
        _send(secret, [_item()], tamper=True)
    with pytest.raises(signed.WebhookRefused) as stale:
        _send(secret, [_item()], timestamp=int(NOW) - 301)
    with pytest.raises(signed.WebhookRefused) as malformed:
        _send(secret, [{**_item(), "status": "menang"}])
    assert (forged.value.status, stale.value.status, malformed.value.status) == (401, 401, 400) and _disputes() == []

    taken = _send(secret, [_item(), _item(txn_id="NEVER", dispute="CB-2"), _item(amount=300_001, dispute="CB-3"),
                           _item(dispute="CB-4", days=-1), _item(dispute="CB-5", days=181)])  # fmt: skip
    assert (taken.opened, [r["reason"] for r in taken.refused]) == (1, [
        "transaction never received", "amount above what is left of the sale after its refunds and chargebacks",
        "deadline outside today .. 180 days ahead", "deadline outside today .. 180 days ahead"])  # fmt: skip
    [d] = _disputes()
    assert (d.merchant_id, d.amount, d.status, d.tid) == (merchant_id, 250_000, "dibuka", "BRI00123")
    with read_session() as s:
        tallied = {r.reason for r in s.exec(select(RefusedDelivery))}
    assert "dispute: transaction never received" in tallied  # counted for the admin, not stored as a dispute
    [mail] = _mails("Sengketa Rp 250.000 perlu tanggapan")
    assert (
        mail.to_addr == "bri00123@example.com"
        and "transaksi T1" in mail.body_text
        and "/akun/sengketa" in mail.body_text  # the section it is about (issue 60.5)
    )

    again = _send(secret, [_item()])
    moved = _send(secret, [_item(status="under_review")])
    assert (again.duplicates, moved.updated, _disputes()[0].status) == (1, 1, "ditinjau")
    assert _send(secret, [_item()]).refused == [{"index": 0, "reason": "dispute status cannot move backwards"}]
    assert _disputes()[0].status == "ditinjau"
    assert len(_mails("Sengketa Rp 250.000")) == 1  # told once


def test_the_merchant_contests_with_evidence_before_the_deadline_and_reaches_only_their_own(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    mine = active_device(tmp_path)
    theirs = active_device(tmp_path, tid="BRI00999")
    deliver(secret, {"transactions": [txn("T1", 300_000, "debit")]})
    _send(secret, [_item()])
    [view] = cases.of_merchants([mine])
    assert (
        view.can_answer
        and view.deadline.startswith("Batas tanggapan ")
        and view.title.startswith("Chargeback Rp 250.000")
    )
    photo = png(tmp_path / "struk.png").read_bytes()

    with pytest.raises(cases.DisputeError) as not_theirs:
        cases.add_evidence([theirs], view.id, "struk", photo, "bri00999@example.com")
    with pytest.raises(cases.DisputeError) as no_files:
        cases.answer([mine], view.id, "bantah", "Barang sudah diterima pembeli", "bri00123@example.com")
    with pytest.raises(UploadRejected) as wrong:
        cases.add_evidence([mine], view.id, "struk", b"GIF89a not a photo", "bri00123@example.com")
    assert not_theirs.value.text == "Sengketa tidak ditemukan" and cases.of_merchants([theirs]) == []
    assert no_files.value.text == "Unggah minimal satu bukti sebelum membantah"
    assert wrong.value.text == "Bukti berupa foto JPG/PNG atau PDF"

    cases.add_evidence([mine], view.id, "struk", photo, "bri00123@example.com")
    cases.answer([mine], view.id, "bantah", "Barang sudah diterima pembeli", "bri00123@example.com")
    with pytest.raises(cases.DisputeError) as twice:
        cases.answer([mine], view.id, "terima", "", "bri00123@example.com")
    assert twice.value.text == "Sengketa ini sudah Anda tanggapi"
    [shown] = cases.of_merchants([mine])
    assert shown.decision == "Dibantah dengan bukti: Barang sudah diterima pembeli" and not shown.can_answer
    assert shown.status.label == "Ditanggapi" and shown.sale.startswith("Penjualan Rp 300.000 · ")
    assert shown.sale.endswith(" · QRIS BCA · TID BRI00123")
    assert [e.kind for e in shown.evidence] == ["Foto struk"]
    with read_session() as s:
        [file] = s.exec(select(DisputeEvidence)).all()
    assert get_storage().get(get_settings().bucket_merchant_documents, file.file_key).startswith(b"\x89PNG")

    [waiting] = cases.waiting()  # the admin's list, with whose it is
    assert waiting.merchant and waiting.id == view.id
    name, data = export.case_zip(view.id, "keuangan@terminalku.example")
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert sorted(archive.namelist()) == ["01-struk.png", "sengketa.txt"] and name == "sengketa-bri-CB-1.zip"
    told = archive.read("sengketa.txt").decode()
    assert "Catatan merchant: Barang sudah diterima pembeli" in told
    assert "RRN 123456789012, kode approval A1B2C3" in told  # what the acquirer finds the sale by
    assert _disputes()[0].forwarded_by is None and waiting.can_forward  # downloaded is not yet sent on
    cases.forward(view.id, "keuangan@terminalku.example")
    [shown] = cases.of_merchants([mine])
    assert (
        _disputes()[0].forwarded_by == "keuangan@terminalku.example" and shown.status.label == "Diteruskan ke acquirer"
    )
    assert (
        shown.next_step.startswith("Diteruskan ke acquirer ")
        and "keputusan diharapkan paling lambat" in shown.next_step
    )
    client = TestClient(files_app())
    assert client.get(f"/api/admin/sengketa/{view.id}").status_code == 403  # not signed in as an admin


def test_a_late_answer_is_refused_and_the_merchant_is_reminded_two_days_before_once(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    mine = active_device(tmp_path)
    deliver(secret, {"transactions": [txn("T1", 300_000, "debit"), txn("T2", 100_000, "debit")]})
    _send(secret, [_item(days=2), _item(txn_id="T2", dispute="CB-2", amount=100_000, days=9)])
    today = working_days.today_wib()
    notices._queued_on.clear()
    assert notices.queue_due(today) == 1  # only the one two days away
    notices._queued_on.clear()
    assert notices.queue_due(today) == 0  # the outbox key: once per dispute
    assert len(_mails("Pengingat: Sengketa Rp 250.000")) == 1
    near = next(v for v in cases.of_merchants([mine]) if v.title.startswith("Chargeback Rp 250.000"))
    with pytest.raises(cases.DisputeError) as late:
        cases.answer([mine], near.id, "terima", "", "bri00123@example.com", today=today + timedelta(days=3))
    assert late.value.text.startswith("Batas tanggapan sudah lewat")


def test_a_lost_dispute_is_charged_back_on_the_next_payout_once(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    mine = active_device(tmp_path)
    deliver(secret, {"transactions": [txn("T1", 300_000, "debit")]})
    _send(secret, [_item()])
    [d] = _disputes()
    cases.answer([mine], str(d.id), "terima", "", "bri00123@example.com")
    _send(secret, [_item(status="lost")])
    assert _send(secret, [_item(status="lost")]).duplicates == 1
    with pytest.raises(signed.WebhookRefused):
        _send(secret, [{**_item(status="won"), "id": ""}])  # malformed: nothing changes
    assert _send(secret, [_item(status="won")]).refused == [{"index": 0, "reason": "dispute already closed"}]
    with read_session() as s:
        [cb] = s.exec(select(LedgerEntry).where(LedgerEntry.kind == "chargeback")).all()
    day = working_days.add_working_days(working_days.today_wib(), 1)
    assert (cb.amount, cb.payout_on, cb.txn_id) == (-250_000, day, "T1")
    assert cb.note == "CB-1 atas transaksi T1: Barang tidak diterima"
    line = next(p for p in payouts.of_merchants([mine], today=day) if p.day == working_days.spoken(day))
    detail = payouts.detail([mine], line.id)
    assert detail.chargebacks == "-Rp 250.000" and [a.amount for a in detail.extra] == ["-Rp 250.000"]
    with write_session() as s:
        assert s.get(Dispute, d.id).status == "kalah"


def test_chargebacks_of_one_sale_never_exceed_what_is_left_of_it_and_a_voided_sale_takes_none(clean_db, tmp_path):
    """Three lost disputes of Rp 410.000 on one Rp 410.000 sale took Rp 1.230.000 (issue 59)."""
    secret = signers.add_acquirer("bri", "Bank BRI")
    mine = active_device(tmp_path)
    deliver(secret, {"transactions": [txn("T1", 410_000, "debit"), txn("T2", 200_000, "debit")]})
    deliver(secret, {"transactions": [dict(txn("T1", 10_000, "debit", status="refund"), refund_id="R1"),
                                      txn("T2", 200_000, "debit", status="void")]})  # fmt: skip
    lost = [_item(status="lost", amount=400_000, dispute=f"CB-{i}") for i in (1, 2, 3)]
    taken = _send(secret, [*lost, _item(txn_id="T2", amount=200_000, dispute="CB-9")])
    assert taken.opened == 1 and [r["reason"] for r in taken.refused] == [
        "amount above what is left of the sale after its refunds and chargebacks",
        "amount above what is left of the sale after its refunds and chargebacks",
        "transaction was voided",
    ]
    assert _send(secret, [_item(status="lost", amount=400_001, dispute="CB-4")]).refused  # 410.000 - 10.000 refunded
    with read_session() as s:
        taken_back = sum(e.amount for e in s.exec(select(LedgerEntry).where(LedgerEntry.kind == "chargeback")))
    assert taken_back == -400_000
    # On the payout of the day it was taken: the sale's, or the next one after the day's cutoff
    # (23.00 WIB; this read the sale's payout only and failed from 23.00 to 24.00 WIB).
    shown = [payouts.detail([mine], p.id).chargebacks for p in payouts.of_merchants([mine])]
    assert shown.count("-Rp 400.000") == 1 and set(shown) <= {"Rp 0", "-Rp 400.000"}
    deliver(secret, {"transactions": [txn("T5", 200_000, "debit")]})
    _send(secret, [_item(status="lost", amount=50_000, txn_id="T5", dispute="CB-7")])
    late = deliver(secret, {"transactions": [dict(txn("T1", 10_000, "debit", status="refund"), refund_id="R2"),
                                             txn("T5", 200_000, "debit", status="void")]})  # fmt: skip
    assert [r["reason"] for r in late.refused] == [  # found by the ledger's property test
        "refunds would exceed the transaction's amount", "a charged back transaction cannot be voided"]  # fmt: skip
