"""Payouts as one ledger (issue 59, services/transactions/ledger.py, services/payouts) on this
pass's real database: every movement one entry in exactly one payout of its MID; a sent payout's
entries fixed and what comes later on the next one, named; the acquirer's figure beside ours;
what cannot be true refused per item; a merchant reaches only their own."""

from __future__ import annotations

import io
import json
import uuid
from datetime import UTC, datetime, time, timedelta

import pytest
from sqlmodel import select
from starlette.testclient import TestClient
from test_transactions_services import NOW, active_device, deliver, txn

from terminal_shop.formats import WIB, day_text, rupiah, wib
from terminal_shop.infra.db import read_session
from terminal_shop.intake import signed
from terminal_shop.intake.tables import RefusedDelivery
from terminal_shop.services import working_days
from terminal_shop.services.audit.tables import AuditEvent
from terminal_shop.services.backoffice import admin_overview
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.payouts import cases, merchant, recap, reconciliation, webhook
from terminal_shop.services.payouts.tables import Payout
from terminal_shop.services.payouts.terms import CaseRefusal, PayoutStatus
from terminal_shop.services.team import admin_accounts
from terminal_shop.services.team.permissions import Permission
from terminal_shop.services.transactions import history, ledger, settlement, settlement_report, signers
from terminal_shop.services.transactions.ledger import PayoutKey
from terminal_shop.services.transactions.tables import LedgerEntry, Transaction
from terminal_shop.web.api import files_app

MID = "000885012345678"


def _ago(days: int, hour: int = 10) -> str:
    """A sale's time `days` ago at `hour` WIB: its payout day has come (a payout is never sent
    for a day ahead)."""
    return datetime.combine(working_days.today_wib() - timedelta(days=days), time(hour), WIB).isoformat()


def _day_of(txn_id: str):
    with read_session() as s:
        return s.exec(select(Transaction).where(Transaction.txn_id == txn_id)).one().settle_on


def _payouts() -> list[Payout]:
    with read_session() as s:
        return list(s.exec(select(Payout)))


def _entries() -> list[LedgerEntry]:
    with read_session() as s:
        return list(s.exec(select(LedgerEntry)))


def _send(secret: str, payouts: list[dict], timestamp: int | None = None, tamper: bool = False):
    body = json.dumps({"payouts": payouts}).encode()
    ts = int(NOW if timestamp is None else timestamp)
    signature = signed.sign(secret, ts, body)
    return webhook.accept("bri", body.replace(b"BRI-", b"XXX-") if tamper else body, signature, str(ts), now=NOW)


def _sent(day, net: int, reference: str = "BRI-1", mid: str = MID) -> dict:
    return {"mid": mid, "settle_on": day.isoformat(), "net": net, "bank_reference": reference}


def test_a_payout_is_its_entries_summed_and_says_where_the_money_goes(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    at = _ago(10)
    deliver(secret, {"transactions": [txn("T1", 1_000_000, "kredit", at=at), txn("T2", 200_000, "debit", at=at),
                                      txn("T3", 50_000, "qris", at=at), txn("T4", 300_000, "qris", at=at)]})  # fmt: skip
    deliver(secret, {"transactions": [txn("T3", 50_000, "qris", status="void", at=at),
                                      dict(txn("T4", 100_000, "qris", status="refund", at=at), refund_id="R1")]})  # fmt: skip
    day = _day_of("T1")
    with read_session() as s:
        kept = {t.txn_id: t for t in s.exec(select(Transaction))}
    assert {e.payout_on for e in _entries()} == {day}  # each refund and void on its sale's payout, still open
    assert sum(e.amount for e in _entries()) == sum(t.net for t in kept.values())

    [line] = merchant.of_merchants([merchant_id], today=day)
    net = sum(t.net for t in kept.values())
    assert (
        line.said
        == f"{rupiah(net)} dijadwalkan masuk ke BCA ••123 paling lambat {working_days.spoken(day)} 17.00 WIB, "
        "dari 4 transaksi"  # today's rule: H+1 working day, by 17.00 WIB
    )
    assert merchant.next_of([line]) == line and line.status.label == "Dijadwalkan"
    shown = merchant.detail([merchant_id], line.id, today=day)
    assert (shown.gross, shown.refunds, shown.net) == ("Rp 1.550.000", "Rp 150.000", rupiah(net))
    assert [t.amount for t in shown.transactions] == ["Rp 1.000.000", "Rp 200.000", "Rp 50.000", "Rp 300.000"]
    assert [t.refunded for t in shown.transactions] == ["", "", "Rp 50.000", "Rp 100.000"]
    assert [x.kind for x in shown.extra] == [
        "Pembatalan",
        "Refund",
    ]  # a micro merchant's QRIS costs nothing: no MDR back
    [late_line] = merchant.of_merchants([merchant_id], today=working_days.add_working_days(day, 2))
    assert late_line.status.label == "Terlambat" and "belum dikirim acquirer" in late_line.said and late_line.can_report


def test_a_late_sale_after_its_payout_was_sent_lands_on_the_next_one_named_and_every_rupiah_once(clean_db, tmp_path):
    """Issue 59: a Rp 700.000 sale delivered after its day's payout was sent was in no payout."""
    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    deliver(secret, {"transactions": [txn("T1", 400_000, "qris", at=_ago(10))]})
    day = _day_of("T1")
    assert _send(secret, [_sent(day, 400_000)]).sent == 1
    deliver(secret, {"transactions": [txn("LATE", 700_000, "qris", at=_ago(10, hour=11))]})
    deliver(secret, {"transactions": [txn("LATE", 700_000, "qris", at=_ago(10, hour=11))]})  # replayed: posted once

    [late] = [e for e in _entries() if e.txn_id == "LATE" and e.kind == "sale"]
    assert late.due_on == day and late.payout_on == working_days.add_working_days(day, 1)
    assert len({(e.source) for e in _entries()}) == len(_entries())  # every entry once
    [after, sent] = merchant.of_merchants([merchant_id], today=late.payout_on)
    assert sent.net == "Rp 400.000" and sent.status.label == "Dikirim"  # what was sent stays what was sent
    with read_session() as s:
        net = s.exec(select(Transaction).where(Transaction.txn_id == "LATE")).one().net
    assert after.net == rupiah(net) and after.count == 1
    shown = merchant.detail([merchant_id], after.id)
    assert [(x.kind, x.amount) for x in shown.extra] == [(f"Transaksi terlambat {day_text(day)}", "+Rp 700.000")]
    assert shown.transactions[0].late.startswith("Transaksi terlambat (jadwal ")
    assert [t.amount for t in merchant.detail([merchant_id], sent.id).transactions] == [
        "Rp 400.000"
    ]  # not the late one


def test_a_merchant_reaches_only_their_own_payouts(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    mine = active_device(tmp_path)
    theirs = active_device(tmp_path, tid="BRI00999", mid="000885099999999")
    other_mid = dict(txn("T2", 100_000, tid="BRI00999"), mid="000885099999999")  # each merchant its own MID
    deliver(secret, {"transactions": [txn("T1", 100_000), other_mid]})
    [their_line] = merchant.of_merchants([theirs])
    assert merchant.detail([mine], their_line.id) is None
    assert merchant.detail([mine], str(uuid.uuid4())) is None and merchant.detail([mine], "bukan-id") is None
    assert merchant.detail([theirs], their_line.id) is not None


def test_a_sale_whose_mid_is_not_its_terminals_is_held_out_of_every_payout(clean_db, tmp_path):
    """Issue 59: one acquirer mistake put merchant B's sale in merchant A's payout, and the other
    merchant's /akun then failed on the unique key for good."""
    secret = signers.add_acquirer("bri", "Bank BRI")
    mine = active_device(tmp_path)
    theirs = active_device(tmp_path, tid="BRI00999", mid="000885099999999")
    wrong = dict(txn("W1", 500_000, tid="BRI00999"), mid=MID)  # their terminal, my MID
    taken = deliver(secret, {"transactions": [txn("T1", 100_000), wrong]})
    assert (taken.accepted, taken.held) == (2, 1)
    with read_session() as s:
        held = s.exec(select(Transaction).where(Transaction.txn_id == "W1")).one()
    assert (held.held, held.merchant_id, held.device_id) == ("mid", None, None)
    assert {e.payout_on for e in _entries() if e.txn_id == "W1"} == {None}
    [line] = merchant.of_merchants([mine])
    assert line.net == "Rp 100.000" and merchant.of_merchants([theirs]) == []
    deliver(secret, dict(txn("W1", 500_000, tid="BRI00999", status="refund"), mid=MID, refund_id="R1"))
    assert {e.payout_on for e in _entries() if e.txn_id == "W1"} == {None}  # its refund is held with it
    from terminal_shop.services.transactions import health

    [unknown] = health.unknown_tids()
    assert unknown.tid == "BRI00999" and unknown.why == f"MID tidak sesuai dengan terminal (MID {MID})"


def test_a_signed_payout_delivery_marks_it_sent_shows_what_was_sent_and_refuses_what_cannot_be(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    deliver(
        secret, {"transactions": [txn("T1", 1_000_000, "debit", at=_ago(10)), txn("T2", 378_553, "qris", at=_ago(10))]}
    )
    day = _day_of("T1")
    with read_session() as s:
        ours = sum(t.net for t in s.exec(select(Transaction)))

    with pytest.raises(signed.WebhookRefused) as forged:
        _send(secret, [_sent(day, 1)], tamper=True)
    with pytest.raises(signed.WebhookRefused) as stale:
        _send(secret, [_sent(day, 1)], timestamp=int(NOW) - 301)
    with pytest.raises(signed.WebhookRefused) as malformed:
        _send(secret, [dict(_sent(day, 1), net="satu juta")])
    assert (forged.value.status, stale.value.status, malformed.value.status) == (401, 401, 400)
    assert "#0: net" in malformed.value.reason and _payouts() == []

    tomorrow = working_days.today_wib() + timedelta(days=1)
    taken = _send(secret, [_sent(tomorrow, 1), _sent(day, -5), _sent(day, 2_000_000), _sent(day, 1, mid="000885000000000"),
                           _sent(day - timedelta(days=1), 1), _sent(day, ours - 5_000, "BRI-20261130-77")])  # fmt: skip
    assert [r["reason"] for r in taken.refused] == [
        "payout day has not come yet", "net below zero", "net above the payout's sales",
        "no merchant account of this acquirer has that MID", "no entries for that MID and day",
    ]  # fmt: skip
    assert (taken.sent, taken.differences) == (1, [{"index": 5, "computed": ours, "reported": ours - 5_000}])
    with read_session() as s:
        assert {r.reason for r in s.exec(select(RefusedDelivery))} >= {
            "payout: net below zero",
            "payout: payout day has not come yet",
        }
    [payout] = _payouts()
    assert (payout.status, payout.bank_reference, payout.reported_net, payout.account) == (
        "dikirim", "BRI-20261130-77", ours - 5_000, "BCA ••123")  # fmt: skip
    assert _send(secret, [_sent(day, ours - 5_000)]).duplicates == 1

    [line] = merchant.of_merchants([merchant_id], today=day)
    assert line.said.startswith(f"{rupiah(ours - 5_000)} dikirim ke BCA ••123 pada ")  # what the bank received
    assert line.gap == f"Acquirer mengirim {rupiah(ours - 5_000)}, hitungan kami {rupiah(ours)} (selisih -Rp 5.000)"
    assert line.report_label == "Selisih?"
    shown = merchant.detail([merchant_id], line.id)
    assert shown.reference == "BRI-20261130-77" and shown.net == rupiah(ours) and shown.can_confirm


def test_the_payout_route_answers_as_the_transactions_route_does(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    active_device(tmp_path)
    deliver(secret, {"transactions": [txn("T1", 400_000, "qris", at=_ago(10))]})
    body = json.dumps({"payouts": [_sent(_day_of("T1"), 400_000)]}).encode()
    ts = int(datetime.now(UTC).timestamp())  # the route signs against the clock, not the module's NOW
    headers = {"X-Terminalku-Timestamp": str(ts), "X-Terminalku-Signature": signed.sign(secret, ts, body)}
    client = TestClient(files_app(), client=("198.18.47.1", 50000))  # an address of its own: one Redis counts all
    answer = client.post("/api/pencairan/bri", content=body, headers=headers)
    assert answer.status_code == 200 and answer.json()["sent"] == 1 and answer.json()["refused"] == []
    forged = client.post(
        "/api/pencairan/bri", content=body, headers=dict(headers, **{"X-Terminalku-Signature": "sha256=00"})
    )
    assert forged.status_code == 401
    assert client.post("/api/pencairan/bni", content=body, headers=headers).status_code == 404


def test_an_imported_settlement_report_marks_the_days_payouts_sent(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    deliver(secret, {"transactions": [txn("T1", 400_000, "qris", at=_ago(10))]})
    day = _day_of("T1")
    report = f"transaction_id,settlement_date,gross,mdr,net\nT1,{day.isoformat()},400000,0,400000\n".encode()
    settlement_report.import_report("bri", report, admin_email="keuangan@terminalku.example")
    [payout] = _payouts()
    assert (payout.status, payout.bank_reference, payout.reported_net) == ("dikirim", None, None)
    with read_session() as s:
        audited = s.exec(select(AuditEvent).where(AuditEvent.entity_id == str(payout.id))).all()
    assert [(a.action, a.admin_email) for a in audited] == [("kirim", "keuangan@terminalku.example")]
    [line] = merchant.of_merchants([merchant_id], today=day)
    assert line.status.label == "Dikirim" and line.gap == ""


def _mail_subjects(to: str) -> list[str]:
    with read_session() as s:
        return [
            m.subject.split(": ", 1)[1] for m in s.exec(select(OutboxMessage).where(OutboxMessage.to_addr == to))
        ]  # after the brand


def test_dana_belum_masuk_is_a_case_answered_to_the_merchant_who_may_say_it_still_did_not_arrive(clean_db, tmp_path):
    """Issue 47.2, 59.6: a working day past its date the merchant reports a payout missing on its
    row; the admins are told with every fact; after "it arrived" the merchant may reopen it."""
    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    other = active_device(tmp_path, tid="BRI00999", mid="000885099999999")
    deliver(secret, {"transactions": [txn("T1", 400_000, "qris", at=_ago(10))]})
    day = _day_of("T1")
    [line] = merchant.of_merchants([merchant_id], today=day)
    assert not line.can_report

    with pytest.raises(cases.CaseError) as early:
        cases.open_case([merchant_id], line.id, "bri00123@example.com", today=day)
    assert early.value.code is CaseRefusal.TOO_EARLY
    with pytest.raises(cases.CaseError) as theirs:
        cases.open_case([other], line.id, "bri00999@example.com", today=day + timedelta(days=7))
    assert theirs.value.code is CaseRefusal.NOT_FOUND

    later = working_days.add_working_days(day, 1)
    [line] = merchant.of_merchants([merchant_id], today=later)
    assert line.can_report and line.report_label == "Dana belum masuk?" and line.status.label == "Terlambat"
    case = cases.open_case([merchant_id], line.id, "bri00123@example.com", today=later)
    assert cases.open_case([merchant_id], line.id, "bri00123@example.com", today=later) == case  # one open case
    assert case.status.label == "Sedang diperiksa" and case.promised.startswith("Jawaban paling lambat ")
    assert "BCA ••123" in case.facts and "1 transaksi" in case.facts and f"MID {MID}" in case.facts
    [line] = merchant.of_merchants([merchant_id], today=later)
    assert not line.can_report and line.case_open == "Laporan Anda sedang diperiksa"  # the open case instead
    told = admin_accounts.emails_of(Permission.TRANSACTIONS)
    assert told and [_mail_subjects(a) for a in told] == [["Dana belum masuk: merchant menunggu jawaban"]] * len(told)
    assert [c.id for c in cases.open_cases()] == [case.id] and cases.open_cases()[0].payout_id == line.id
    assert [c.facts for c in admin_overview.overview().payout_cases] == [case.facts]

    with pytest.raises(cases.CaseError) as empty:
        cases.answer(case.id, "   ", "keuangan@terminalku.example")
    assert empty.value.code is CaseRefusal.ANSWER
    cases.answer(case.id, "Sudah kami cek: dana dikirim BRI hari ini, ref BRI-77.", "keuangan@terminalku.example",
                 received=True)  # fmt: skip
    shown = merchant.detail([merchant_id], line.id, today=later)
    assert shown.case.answer.startswith("Sudah kami cek") and shown.case.status.label == "Selesai"
    assert shown.line.status.label == "Diterima" and not shown.can_report and cases.open_cases() == []
    assert shown.can_reopen and admin_overview.overview().payout_cases == ()
    assert "Jawaban untuk laporan dana belum masuk" in _mail_subjects("bri00123@example.com")

    reopened = cases.reopen([merchant_id], line.id, "bri00123@example.com", today=later)
    assert reopened.status.label == "Sedang diperiksa" and reopened.facts.startswith("Masih belum masuk")
    assert [c.id for c in cases.open_cases()] == [case.id]
    assert (
        merchant.detail([merchant_id], line.id, today=later).line.status.label == "Terlambat"
    )  # never sent: late again


def test_the_merchant_says_the_money_arrived(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    deliver(secret, {"transactions": [txn("T1", 400_000, "qris", at=_ago(10))]})
    _send(secret, [_sent(_day_of("T1"), 400_000)])
    [line] = merchant.of_merchants([merchant_id])
    cases.mark_received([merchant_id], line.id, "bri00123@example.com")
    [payout] = _payouts()
    assert payout.status == PayoutStatus.RECEIVED and payout.received_at is not None


def test_the_daily_recap_goes_once_a_day_from_seven_with_the_ledgers_figures_and_why_they_differ(clean_db, tmp_path):
    """Issue 47.5, 59: yesterday's sales, fees, net and the next payout, by the channel asked for."""
    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    quiet = active_device(tmp_path, tid="BRI00999", mid="000885099999999")  # asked too, sold nothing yesterday
    yesterday_noon = datetime.now(WIB).replace(hour=12, minute=0, second=0, microsecond=0) - timedelta(days=1)
    deliver(secret, {"transactions": [txn("T1", 400_000, "qris", at=yesterday_noon.isoformat())]})
    assert recap.choose([merchant_id], "email", "bri00123@example.com") == "email"
    assert recap.choose([quiet], "email", "bri00999@example.com") == "email"
    assert recap.choice_of([merchant_id]) == "email"
    today = datetime.now(WIB).date()

    assert recap.queue_due(datetime.combine(today, time(6, 59), WIB)) == 0  # not before 07.00 WIB
    assert recap.queue_due(datetime.combine(today, time(7, 0), WIB)) == 1
    assert recap.queue_due(datetime.combine(today, time(7, 5), WIB)) == 0  # once a day, whichever worker
    [subject] = [m for m in _mail_subjects("bri00123@example.com") if m.startswith("Rekap ")]
    assert subject.endswith(": Rp 400.000")
    with read_session() as s:
        body = s.exec(select(OutboxMessage).where(OutboxMessage.subject.contains("Rekap "))).one().body_text
    paid_on = settlement.settle_on(yesterday_noon)
    if paid_on >= today:  # the sale's payout is still to come: it is the next one
        assert f"Pencairan berikutnya: Rp 400.000 pada {working_days.spoken(paid_on)}" in body
    assert f"dijadwalkan cair {working_days.spoken(paid_on)}" in body  # why the two figures differ
    assert not [m for m in _mail_subjects("bri00999@example.com") if m.startswith("Rekap ")]

    assert recap.offered([merchant_id]) == {"email": "Email"}  # a number that never agreed: no WhatsApp offered
    assert recap.choose([merchant_id], "whatsapp", "bri00123@example.com") == ""  # nor kept if asked over the websocket
    assert recap.queue_due(datetime.combine(today + timedelta(days=1), time(7, 0), WIB)) == 0
    recap.choose([merchant_id], "", "bri00123@example.com")
    assert recap.choice_of([merchant_id]) == ""


def test_a_refund_names_the_payout_it_landed_on_at_its_own_time_and_a_partial_one_says_so(clean_db, tmp_path):
    """Issue 47.3, 59: the refunded part's MDR is returned pro rata; before the sale's payout is
    sent it is not paid out, after it the refund less that MDR lands on the next one."""
    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)  # an A920: debit up to Rp 750.000 costs 1%
    at = _ago(10)
    deliver(secret, {"transactions": [txn("D1", 500_000, "debit", at=at), txn("D2", 300_000, "debit", at=at)]})
    deliver(secret, dict(txn("D1", 100_000, "debit", status="refund", at=at), refund_id="RF-1"))
    day = _day_of("D1")
    [line] = merchant.of_merchants([merchant_id], today=day)
    shown = merchant.detail([merchant_id], line.id)
    assert (shown.gross, shown.refunds, shown.mdr, shown.net) == ("Rp 800.000", "Rp 100.000", "Rp 7.000", "Rp 693.000")
    assert {t.reason for t in shown.transactions} == {"Kartu debit A920 s/d Rp 750.000: 1%"}

    _send(secret, [_sent(day, 693_000)])
    refund_at = _ago(3, hour=15)
    deliver(secret, dict(txn("D2", 200_000, "debit", status="refund", at=refund_at), refund_id="RF-2"))
    deliver(secret, dict(txn("D2", 200_000, "debit", status="refund", at=refund_at), refund_id="RF-2"))  # taken once
    landed = settlement.settle_on(datetime.fromisoformat(refund_at))
    taken = [e for e in _entries() if e.txn_id == "D2" and e.kind in ("refund", "mdr_kembali")]
    assert sorted((e.kind, e.amount, e.payout_on) for e in taken) == [
        ("mdr_kembali", 2_000, landed),
        ("refund", -200_000, landed),
    ]
    with read_session() as s:
        d2 = s.exec(select(Transaction).where(Transaction.txn_id == "D2")).one()
    assert (d2.mdr, d2.net) == (1_000, 99_000)  # a third of its MDR kept

    lines = merchant.of_merchants([merchant_id], today=landed)
    assert {x.day: x.net for x in lines}[working_days.spoken(day)] == "Rp 693.000"  # what was sent stays
    [later] = [x for x in lines if x.day == working_days.spoken(landed)]
    assert (later.count, later.net) == (0, "-Rp 198.000")  # a day with no sale still has a payout
    extra = merchant.detail([merchant_id], later.id).extra
    assert [(a.kind, a.amount) for a in extra] == [("Refund", "-Rp 200.000"), ("MDR dikembalikan", "+Rp 2.000")]

    page = history.page_of(
        [merchant_id], history.Filters.parse({"dari": (working_days.today_wib() - timedelta(days=30)).isoformat()})[0]
    )
    by_amount = {x.amount: x for x in page.lines}
    assert (
        by_amount["Rp 500.000"].refunds[0]
        == f"Refund Rp 100.000 · {wib(datetime.fromisoformat(at))} · tidak ikut dicairkan"
    )
    assert by_amount["Rp 300.000"].refunds[0] == (
        f"Refund Rp 200.000 · {wib(datetime.fromisoformat(refund_at))} · dipotong dari pencairan {day_text(landed)}")  # fmt: skip
    assert by_amount["Rp 300.000"].status == "Refund sebagian" and by_amount["Rp 500.000"].status == "Refund sebagian"
    assert by_amount["Rp 300.000"].settlement == f"Dikirim {day_text(day)}"


def test_the_payouts_csv_and_the_monthly_statement_list_the_merchants_own_payouts(clean_db, tmp_path):
    """Issue 47.2, 59: the CSV of payouts over HTTP for the signed-in merchant only, with what the
    acquirer sent beside ours, and the month's PDF statement with its payouts."""
    from pypdf import PdfReader
    from test_transactions_services import _two_approved_merchants, signed_in

    from terminal_shop import routes
    from terminal_shop.services.customers import signin
    from terminal_shop.services.payouts import export
    from terminal_shop.services.transactions import statement

    secret, mine, theirs = _two_approved_merchants(tmp_path)
    first_of_month = datetime.now(WIB).date().replace(day=1)
    mid_last_month = datetime.combine(first_of_month - timedelta(days=20), time(10), WIB)  # its payout: the same month
    deliver(secret, {"transactions": [txn("P", 222_000, at=mid_last_month.isoformat())]})
    day = _day_of("P")
    _send(secret, [_sent(day, 221_000, "BRI-CSV-1")])

    client = TestClient(files_app())
    assert client.get(routes.API_ACCOUNT_PAYOUTS_CSV, follow_redirects=False).headers["location"] == routes.SIGN_IN
    client.cookies.set(signin.SESSION_COOKIE, signed_in("bri00123@example.com"))
    rows = client.get(routes.API_ACCOUNT_PAYOUTS_CSV).text.lstrip("\ufeff").splitlines()
    assert rows[0].startswith("Tanggal,MID,Acquirer,Status") and ",Dikirim acquirer,Selisih," in rows[0]
    assert len(rows) == 3  # P's payout and today's sale A's; theirs is not here
    [sent] = [r for r in rows if r.startswith(day.isoformat())]
    assert sent.endswith(",222000,221000,-1000,BCA ••123,BRI-CSV-1") and ",Dikirim," in sent
    their_rows = export.csv_text([theirs]).splitlines()
    assert len(their_rows) == 2 and ",999000," in their_rows[1] and "BRI-CSV-1" not in their_rows[1]

    pdf = statement.render([mine], MID, day.strftime("%Y-%m"), export.month_rows)
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Pencairan" in text and "BRI-CSV-1" in text and "Dikirim" in text and "Rp 222.000" in text


def test_the_admin_reconciles_each_mid_and_day_and_never_calls_unequal_amounts_matched(clean_db, tmp_path):
    """Issue 59: the reconciliation compared only payouts marked sent and summed per acquirer
    and day, so +Rp 5.000 on one MID and -Rp 5.000 on another cancelled out."""
    secret = signers.add_acquirer("bri", "Bank BRI")
    active_device(tmp_path)  # usaha mikro: QRIS up to Rp 500.000 costs nothing
    active_device(tmp_path, tid="BRI00999", mid="000885099999999")
    at = _ago(10)
    deliver(secret, {"transactions": [txn("T1", 400_000, "qris", at=at), txn("T2", 100_000, "qris", at=at),
                                      dict(txn("T3", 600_000, "debit", tid="BRI00999", at=at), mid="000885099999999")]})  # fmt: skip
    day = _day_of("T1")
    before = {x.mid: x for x in reconciliation.lines(today=day)}
    assert (before[MID].count, before[MID].computed, before[MID].state) == (2, "Rp 500.000", "Dijadwalkan")
    later = working_days.add_working_days(day, 1)
    assert {x.state for x in reconciliation.lines(today=later)} == {"Belum dikirim"}  # not sent is not "Cocok"

    report = (f"transaction_id,settlement_date,gross,mdr,net\nT1,{day.isoformat()},400000,0,400000\n"
              f"T2,{day.isoformat()},100000,0,98500\n").encode()  # fmt: skip
    settlement_report.import_report("bri", report, admin_email="keuangan@terminalku.example")
    _send(secret, [_sent(day, 495_000, "BRI-A"), _sent(day, 599_000, "BRI-B", mid="000885099999999")])  # 594.000 ours
    lines = {x.mid: x for x in reconciliation.lines(today=later)}
    assert (lines[MID].paid, lines[MID].state) == ("Rp 495.000", "Selisih -Rp 5.000")
    assert lines["000885099999999"].state == "Selisih +Rp 5.000"  # each MID on its own: no cancelling out
    assert "T2: situs Rp 100.000, laporan Rp 98.500" in lines[MID].differences
    assert all(x.differs for x in reconciliation.lines(today=later, differences_only=True))

    deliver(secret, {"transactions": [txn("T4", 50_000, "qris", at=_ago(5))]})
    _send(secret, [_sent(_day_of("T4"), 50_000, "BRI-C")])
    shown = reconciliation.lines(today=later + timedelta(days=7))
    assert [x.state for x in shown if x.day == working_days.spoken(_day_of("T4"))] == ["Cocok"]
    assert "Cocok" not in [
        x.state for x in reconciliation.lines(today=later + timedelta(days=7), differences_only=True)
    ]


def test_each_acquirer_pays_by_its_own_schedule_and_late_follows_its_hour(clean_db, tmp_path):
    """Issue 59.5: acquirers differ (BRI pays H+1 by 10.00; card terminals often H+1 calendar day);
    the owner sets each one's, a payout says its hour, "Terlambat" and "Dana belum masuk?" follow it."""
    from terminal_shop.services.payouts import book
    from terminal_shop.services.transactions import acquirers

    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    with pytest.raises(acquirers.AcquirerError) as wrong:
        acquirers.set_schedule("bri", "23:00", "jam sepuluh", True, "pemilik@terminalku.example")
    assert wrong.value.text == "Isi jam dana masuk seperti 10:00"
    plan = acquirers.set_schedule("bri", "22:00", "10:00", True, "pemilik@terminalku.example")
    assert plan.words() == "H+1 hari kalender, batas 22.00, paling lambat 10.00 WIB"
    with read_session() as s:
        assert [a.action for a in s.exec(select(AuditEvent).where(AuditEvent.entity_id == "bri"))][-1:] == ["jadwal"]

    friday = working_days.today_wib() - timedelta(days=(working_days.today_wib().weekday() - 4) % 7 + 7)
    deliver(secret, {"transactions": [txn("F1", 100_000, at=datetime.combine(friday, time(21, 30), WIB).isoformat()),
                                      txn("F2", 100_000, at=datetime.combine(friday, time(22, 30), WIB).isoformat())]})  # fmt: skip
    assert (_day_of("F1"), _day_of("F2")) == (
        friday + timedelta(days=1),
        friday + timedelta(days=2),
    )  # Saturday, Sunday
    saturday = friday + timedelta(days=1)
    [line] = [x for x in merchant.of_merchants([merchant_id], today=saturday) if x.day == working_days.spoken(saturday)]
    assert line.said.endswith(f"paling lambat {working_days.spoken(saturday)} 10.00 WIB, dari 1 transaksi")
    with read_session() as s:
        booked = book.one(s, PayoutKey("bri", MID, saturday), today=saturday)
    before, after = (datetime.combine(saturday, time(9, 59), WIB), datetime.combine(saturday, time(10, 1), WIB))
    assert book.status_of(None, booked.arrives_by, before) is PayoutStatus.SCHEDULED
    assert book.status_of(None, booked.arrives_by, after) is PayoutStatus.LATE  # past its hour, not a day later


def test_an_admins_correction_lands_on_the_next_payout_with_its_reason_audited(clean_db, tmp_path):
    """Issue 59.1: a correction is an entry of its own (the ledger is never edited), with the
    reason the merchant reads."""
    from terminal_shop.services.transactions import corrections

    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    deliver(secret, {"transactions": [txn("T1", 400_000, "qris", at=_ago(10))]})
    day = _day_of("T1")
    _send(secret, [_sent(day, 395_000)])  # sent Rp 5.000 short
    for amount, reason, said in (("0", "Selisih", "Tulis jumlah dengan tanda, misalnya -5.000 atau 5000 (bukan 0)"),
                                 ("5.000", "x", "Tulis alasan koreksi yang dibaca merchant (5-200 karakter)")):  # fmt: skip
        with pytest.raises(corrections.CorrectionError) as refused:
            corrections.correct("bri", MID, amount, reason, "keuangan@terminalku.example")
        assert refused.value.text == said
    with pytest.raises(corrections.CorrectionError) as unknown:
        corrections.correct("bri", "000885000000000", "5.000", "Selisih 27 Nov", "keuangan@terminalku.example")
    assert unknown.value.text == "MID ini tidak punya pencairan di acquirer tersebut"

    value, landed = corrections.correct(
        "bri", MID, "+5.000", "Kekurangan pencairan 24 Nov dikirim ulang", "keuangan@terminalku.example"
    )
    assert value == 5_000 and landed >= working_days.today_wib()  # not on the sent one
    [line] = [x for x in merchant.of_merchants([merchant_id]) if x.day == working_days.spoken(landed)]
    shown = merchant.detail([merchant_id], line.id)
    assert shown.adjustments == "+Rp 5.000" and shown.net == "Rp 5.000"
    assert [(x.kind, x.reason, x.amount) for x in shown.extra] == [
        ("Koreksi", "Kekurangan pencairan 24 Nov dikirim ulang", "+Rp 5.000")
    ]
    with read_session() as s:
        [audited] = s.exec(select(AuditEvent).where(AuditEvent.action == "koreksi")).all()
    assert audited.admin_email == "keuangan@terminalku.example" and audited.entity_id == f"bri:{MID}"


def test_a_held_sale_goes_to_its_terminals_merchant_once_the_terminal_is_active(clean_db, tmp_path):
    """Issue 59.4: a sale held out of every payout until the admin resolves it."""
    from terminal_shop.infra.db import write_session
    from terminal_shop.services.devices.tables import Device
    from terminal_shop.services.transactions import health, held

    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    deliver(secret, {"transactions": [dict(txn("H1", 300_000, tid="BRI00555", at=_ago(3)), mid=MID)]})
    [line] = health.unknown_tids()
    assert line.releasable and line.txn_id == "H1"
    with pytest.raises(held.HeldError) as early:
        held.release("bri", "H1", "keuangan@terminalku.example")
    assert early.value.text == f"Belum ada terminal aktif dengan TID BRI00555 dan MID {MID}"
    assert merchant.of_merchants([merchant_id]) == []

    with write_session() as s:  # the terminal activated late, on the merchant's MID
        s.add(Device(serial="SBRI00555", model="A920", status="aktif", received_by="admin@terminalku.example",
                     merchant_id=merchant_id, tid="BRI00555", mid=MID))  # fmt: skip
    day = held.release("bri", "H1", "keuangan@terminalku.example")
    assert day >= working_days.today_wib() and health.unknown_tids() == []
    [line] = merchant.of_merchants([merchant_id])
    assert line.day == working_days.spoken(day) and line.count == 1
    with pytest.raises(held.HeldError):
        held.release("bri", "H1", "keuangan@terminalku.example")  # once
    with read_session() as s:
        assert [a.action for a in s.exec(select(AuditEvent).where(AuditEvent.entity_id == "H1"))] == ["lepas-tahan"]


def test_a_payout_below_zero_pays_nothing_and_its_shortfall_goes_to_the_next(clean_db, tmp_path):
    """Issue 59's walk: a refund of an old sale on a day without sales left that day's payout at
    -Rp 40.000, listed "Terlambat" with "Dana belum masuk?" for money that never comes. On its
    day it pays nothing (Nihil), and the next payout carries the shortfall, named in its breakdown."""
    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    deliver(secret, txn("OLD", 100_000, "qris", at=_ago(12)))
    with read_session() as s:
        paid = s.exec(select(Transaction)).one().net
    _send(secret, [_sent(_day_of("OLD"), paid)])  # the sale's own payout sent
    deliver(secret, dict(txn("OLD", 40_000, "qris", status="refund", at=_ago(3, 11)), refund_id="R1"))
    # today's, before the cut-off: the delivery's own moment (01.00 WIB was still ahead from 00.00 to
    # 01.00 WIB and refused), but never past 23.00 WIB, whose sale is paid a day after the carried shortfall
    cutoff = datetime.combine(working_days.today_wib(), time(22, 59), WIB)
    new_at = min(datetime.fromtimestamp(NOW, UTC), cutoff)
    deliver(secret, txn("NEW", 200_000, "qris", at=new_at.isoformat()))
    with read_session() as s:
        kept = {t.txn_id: t.net for t in s.exec(select(Transaction))}
    shortfall = paid - kept["OLD"]  # the refund less the MDR it returned
    [short] = [p for p in merchant.of_merchants([merchant_id]) if p.net.startswith("-")]
    assert short.said == (f"Potongan melebihi penjualan untuk {short.day} sebesar {rupiah(shortfall)}: tidak ada "
                          "yang dicairkan, kekurangannya dipotong dari pencairan berikutnya")  # fmt: skip
    assert merchant.next_of(merchant.of_merchants([merchant_id])).id != short.id  # nothing to expect from it

    assert ledger.carry_due() == 1 and ledger.carry_due() == 0  # once
    lines = merchant.of_merchants([merchant_id])
    nil = next(p for p in lines if p.id == short.id)
    assert (nil.net, nil.status.label, nil.can_report) == ("Rp 0", "Nihil", False)
    assert nil.said.startswith(f"Tidak ada yang dicairkan pada {short.day}")
    following = next(p for p in lines if p.id.endswith(_day_of("NEW").isoformat()))
    shown = merchant.detail([merchant_id], following.id)
    assert following.net == shown.net == rupiah(kept["NEW"] - shortfall)  # its own sale, less the shortfall
    assert [x.amount for x in shown.extra if x.reason.startswith(f"Sisa potongan pencairan {short.day}")] == [
        "-" + rupiah(shortfall)]  # fmt: skip
    with read_session() as s:
        assert sum(e.amount for e in s.exec(select(LedgerEntry))) == kept["OLD"] + kept["NEW"]  # moved, not made
