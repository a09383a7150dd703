"""Payouts (issue 47.1-47.2, services/payouts) on this pass's real database: one per acquirer,
MID and settlement day, made of its transactions (sales, voids, refunds) and adjustments,
read again while Dijadwalkan and kept once Dikirim; a merchant reaches only their own."""

from __future__ import annotations

import io
import json
import uuid
from datetime import UTC, datetime, time, timedelta

import pytest
from sqlmodel import select
from starlette.testclient import TestClient
from test_transactions_services import NOW, active_device, deliver, txn

from terminal_shop.formats import WIB, day_text, rupiah
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.services import working_days
from terminal_shop.services.audit.tables import AuditEvent
from terminal_shop.services.backoffice import admin_overview
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.payouts import cases, merchant, recap, schedule, webhook
from terminal_shop.services.payouts.tables import Payout, PayoutAdjustment
from terminal_shop.services.payouts.terms import AdjustmentKind, CaseRefusal, PayoutStatus
from terminal_shop.services.team import admin_accounts
from terminal_shop.services.team.permissions import Permission
from terminal_shop.services.transactions import history, ingest, settlement_report
from terminal_shop.services.transactions.tables import RefusedDelivery, Transaction
from terminal_shop.web.api import files_app


def _day_of(txn_id: str):
    with read_session() as s:
        return s.exec(select(Transaction).where(Transaction.txn_id == txn_id)).one().settle_on


def _payouts() -> list[Payout]:
    with read_session() as s:
        return list(s.exec(select(Payout)))


def test_a_payout_adds_up_its_sales_voids_and_refunds_and_says_where_the_money_goes(clean_db, tmp_path):
    secret = ingest.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    deliver(secret, {"transactions": [txn("T1", 1_000_000, "kredit"), txn("T2", 200_000, "debit"),
                                      txn("T3", 50_000, "qris"), txn("T4", 300_000, "qris")]})  # fmt: skip
    deliver(secret, {"transactions": [txn("T3", 50_000, "qris", status="void"), dict(txn("T4", 100_000, "qris", status="refund"), refund_id="R1")]})  # fmt: skip
    day = _day_of("T1")
    assert schedule.refresh_day(day) == 1
    [payout] = _payouts()
    with read_session() as s:
        kept = {t.txn_id: t for t in s.exec(select(Transaction))}
    sold = kept["T1"].mdr + kept["T2"].mdr
    assert (payout.count, payout.gross, payout.mdr, payout.refunds) == (
        3,
        1_500_000,
        sold,
        100_000,
    )  # the void counts for nothing
    assert payout.net == 1_500_000 - sold - 100_000 and payout.status == PayoutStatus.SCHEDULED
    assert (
        payout.account == "BCA ••123" and payout.merchant_id == merchant_id
    )  # its last four digits: this one has three

    [line] = merchant.of_merchants([merchant_id], today=day)
    assert line.said.startswith(f"Rp {payout.net:,}".replace(",", ".") + " dijadwalkan masuk ke BCA ••123 pada ")
    assert line.said.endswith("dari 3 transaksi") and merchant.next_of([line]) == line
    shown = merchant.detail([merchant_id], line.id)
    assert [t.amount for t in shown.transactions] == ["Rp 1.000.000", "Rp 200.000", "Rp 300.000"]
    assert [t.refunded for t in shown.transactions] == ["", "", "Rp 100.000"]


def test_a_sent_payout_keeps_what_was_sent_and_an_adjustment_lands_on_its_day(clean_db, tmp_path):
    secret = ingest.add_acquirer("bri", "Bank BRI")
    active_device(tmp_path)
    deliver(secret, {"transactions": [txn("T1", 400_000, "qris")]})
    day = _day_of("T1")
    schedule.refresh_day(day)
    with write_session() as s:
        sent = s.exec(select(Payout)).one()
        sent.status, sent.bank_reference, sent.sent_at = PayoutStatus.SENT.value, "BRI-20261130-001", datetime.now(UTC)
        s.add(sent)
    before = _payouts()[0].net
    late = txn("T2", 250_000, "qris", at=datetime.now(UTC).isoformat())
    deliver(secret, {"transactions": [late]})
    schedule.refresh_day(day)
    assert _payouts()[0].net == before  # what was sent is what the bank received

    with write_session() as s:
        s.add(PayoutAdjustment(acquirer="bri", mid="000885012345678", applies_on=day,
                               kind=AdjustmentKind.CHARGEBACK.value, amount=-75_000, reason="Chargeback T9",
                               source="test:chargeback:T9"))  # fmt: skip
        s.exec(select(Payout)).one().status = PayoutStatus.SCHEDULED.value
    schedule.refresh_day(day)
    [payout] = _payouts()
    assert payout.chargebacks == -75_000 and payout.net == payout.gross - payout.mdr - payout.refunds - 75_000


def test_a_merchant_reaches_only_their_own_payouts(clean_db, tmp_path):
    secret = ingest.add_acquirer("bri", "Bank BRI")
    mine = active_device(tmp_path)
    theirs = active_device(tmp_path, tid="BRI00999")
    other_mid = dict(txn("T2", 100_000, tid="BRI00999"), mid="000885099999999")  # each merchant its own MID
    deliver(secret, {"transactions": [txn("T1", 100_000), other_mid]})
    schedule.refresh_day(_day_of("T1"))
    [their_line] = merchant.of_merchants([theirs], today=_day_of("T2"))
    assert merchant.detail([mine], their_line.id) is None
    assert merchant.detail([mine], str(uuid.uuid4())) is None and merchant.detail([mine], "bukan-id") is None
    assert merchant.detail([theirs], their_line.id) is not None


def _send(secret: str, payouts: list[dict], timestamp: int | None = None, tamper: bool = False):
    body = json.dumps({"payouts": payouts}).encode()
    ts = int(NOW if timestamp is None else timestamp)
    signature = ingest.sign(secret, ts, body)
    return webhook.accept("bri", body.replace(b"BRI-", b"XXX-") if tamper else body, signature, str(ts), now=NOW)


def test_a_signed_payout_delivery_marks_it_sent_with_its_reference_and_keeps_the_difference(clean_db, tmp_path):
    secret = ingest.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    deliver(secret, {"transactions": [txn("T1", 400_000, "qris"), txn("T2", 100_000, "debit")]})
    day = _day_of("T1")
    item = {"mid": "000885012345678", "settle_on": day.isoformat(), "net": 1, "bank_reference": "BRI-20261130-77"}

    with pytest.raises(ingest.WebhookRefused) as forged:
        _send(secret, [item], tamper=True)
    assert forged.value.status == 401 and _payouts() == []
    with pytest.raises(ingest.WebhookRefused) as stale:
        _send(secret, [item], timestamp=int(NOW) - 301)
    assert stale.value.status == 401
    with pytest.raises(ingest.WebhookRefused) as malformed:
        _send(secret, [dict(item, net="satu juta")])
    assert malformed.value.status == 400 and "#0: net" in malformed.value.reason
    with read_session() as s:
        assert sum(r.count for r in s.exec(select(RefusedDelivery))) == 3  # counted, not one row each

    taken = _send(secret, [item, dict(item, mid="000885000000000")])
    [payout] = _payouts()
    computed = payout.gross - payout.mdr - payout.refunds
    assert (taken.sent, taken.duplicates, len(taken.unknown)) == (1, 0, 1)
    assert taken.differences == [{"index": 0, "computed": computed, "reported": 1}]
    assert (payout.status, payout.bank_reference, payout.reported_net) == ("dikirim", "BRI-20261130-77", 1)
    with read_session() as s:
        assert {t.settled_on for t in s.exec(select(Transaction))} == {day}  # "Dibayar" on the payout's day
    assert _send(secret, [item]).duplicates == 1
    [line] = merchant.of_merchants([merchant_id], today=day)
    assert " dikirim ke BCA ••123 pada " in line.said and line.status.label == "Dikirim"
    assert merchant.detail([merchant_id], line.id).reference == "BRI-20261130-77"


def test_the_payout_route_answers_as_the_transactions_route_does(clean_db, tmp_path):
    secret = ingest.add_acquirer("bri", "Bank BRI")
    active_device(tmp_path)
    deliver(secret, {"transactions": [txn("T1", 400_000, "qris")]})
    body = json.dumps({"payouts": [{"mid": "000885012345678", "settle_on": _day_of("T1").isoformat(),
                                    "net": 397_200, "bank_reference": "BRI-1"}]}).encode()  # fmt: skip
    ts = int(datetime.now(UTC).timestamp())  # the route signs against the clock, not the module's NOW
    headers = {"X-Terminalku-Timestamp": str(ts), "X-Terminalku-Signature": ingest.sign(secret, ts, body)}
    client = TestClient(files_app(), client=("198.18.47.1", 50000))  # an address of its own: one Redis counts all
    answer = client.post("/api/pencairan/bri", content=body, headers=headers)
    assert answer.status_code == 200 and answer.json()["sent"] == 1
    assert (
        client.post(
            "/api/pencairan/bri", content=body, headers=dict(headers, **{"X-Terminalku-Signature": "sha256=00"})
        ).status_code
        == 401
    )
    assert client.post("/api/pencairan/bni", content=body, headers=headers).status_code == 404


def test_an_imported_settlement_report_marks_the_days_payouts_sent(clean_db, tmp_path):
    secret = ingest.add_acquirer("bri", "Bank BRI")
    active_device(tmp_path)
    deliver(secret, {"transactions": [txn("T1", 400_000, "qris")]})
    day = _day_of("T1")
    report = f"transaction_id,settlement_date,gross,mdr,net\nT1,{day.isoformat()},400000,2800,397200\n".encode()
    settlement_report.import_report("bri", report, admin_email="keuangan@terminalku.example")
    [payout] = _payouts()
    assert (payout.status, payout.bank_reference, payout.net) == ("dikirim", None, 400_000 - payout.mdr)
    with read_session() as s:
        audited = s.exec(select(AuditEvent).where(AuditEvent.entity_id == str(payout.id))).all()
    assert [(a.action, a.admin_email) for a in audited] == [("kirim", "keuangan@terminalku.example")]


def _mail_subjects(to: str) -> list[str]:
    with read_session() as s:
        return [
            m.subject.split(": ", 1)[1] for m in s.exec(select(OutboxMessage).where(OutboxMessage.to_addr == to))
        ]  # after the brand


def test_dana_belum_masuk_is_a_case_with_its_facts_answered_to_the_merchant(clean_db, tmp_path):
    """Issue 47.2: a working day past its date, the merchant reports a payout missing; the admins
    are told with every fact, the answer reaches the merchant, and the money is marked received."""
    secret = ingest.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    other = active_device(tmp_path, tid="BRI00999")
    deliver(secret, {"transactions": [txn("T1", 400_000, "qris")]})
    day = _day_of("T1")
    [line] = merchant.of_merchants([merchant_id], today=day)

    with pytest.raises(cases.CaseError) as early:
        cases.open_case([merchant_id], line.id, "bri00123@example.com", today=day)
    assert early.value.code is CaseRefusal.TOO_EARLY
    with pytest.raises(cases.CaseError) as theirs:
        cases.open_case([other], line.id, "bri00999@example.com", today=day + timedelta(days=7))
    assert theirs.value.code is CaseRefusal.NOT_FOUND

    later = working_days.add_working_days(day, 1)
    case = cases.open_case([merchant_id], line.id, "bri00123@example.com", today=later)
    assert cases.open_case([merchant_id], line.id, "bri00123@example.com", today=later) == case  # one open case
    assert case.status.label == "Sedang diperiksa" and case.promised.startswith("Jawaban paling lambat ")
    assert "BCA ••123" in case.facts and "1 transaksi" in case.facts and "MID 000885012345678" in case.facts
    told = admin_accounts.emails_of(Permission.TRANSACTIONS)  # who reads the transactions
    assert told and [_mail_subjects(a) for a in told] == [["Dana belum masuk: merchant menunggu jawaban"]] * len(told)
    assert [c.id for c in cases.open_cases()] == [case.id]
    assert [c.facts for c in admin_overview.overview().payout_cases] == [case.facts]  # on the overview, by promise

    with pytest.raises(cases.CaseError) as empty:
        cases.answer(case.id, "   ", "keuangan@terminalku.example")
    assert empty.value.code is CaseRefusal.ANSWER
    cases.answer(case.id, "Sudah kami cek: dana dikirim BRI hari ini, ref BRI-77.", "keuangan@terminalku.example",
                 received=True)  # fmt: skip
    shown = merchant.detail([merchant_id], line.id)
    assert shown.case.answer.startswith("Sudah kami cek") and shown.case.status.label == "Selesai"
    assert shown.line.status.label == "Diterima" and not shown.can_report and cases.open_cases() == []
    assert admin_overview.overview().payout_cases == ()
    assert "Jawaban untuk laporan dana belum masuk" in _mail_subjects("bri00123@example.com")


def test_the_merchant_says_the_money_arrived(clean_db, tmp_path):
    secret = ingest.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    deliver(secret, {"transactions": [txn("T1", 400_000, "qris")]})
    [line] = merchant.of_merchants([merchant_id], today=_day_of("T1"))
    cases.mark_received([merchant_id], line.id, "bri00123@example.com")
    [payout] = _payouts()
    assert payout.status == PayoutStatus.RECEIVED and payout.received_at is not None


def test_the_daily_recap_goes_once_a_day_from_seven_and_not_after_a_day_without_sales(clean_db, tmp_path):
    """Issue 47.5: yesterday's sales, fees, net and the next payout, by the channel asked for."""
    secret = ingest.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    quiet = active_device(tmp_path, tid="BRI00999")  # asked too, sold nothing yesterday
    yesterday_noon = datetime.now(WIB).replace(hour=12, minute=0, second=0, microsecond=0) - timedelta(days=1)
    deliver(secret, {"transactions": [txn("T1", 400_000, "qris", at=yesterday_noon.isoformat())]})
    assert recap.choose([merchant_id], "email", "bri00123@example.com") == "email"
    assert recap.choose([quiet], "email", "bri00999@example.com") == "email"
    assert recap.choice_of([merchant_id]) == "email"
    today = datetime.now(WIB).date()

    assert recap.queue_due(datetime.combine(today, time(6, 59), WIB)) == 0  # not before 07.00 WIB
    assert recap.queue_due(datetime.combine(today, time(7, 0), WIB)) == 1
    assert recap.queue_due(datetime.combine(today, time(7, 5), WIB)) == 0  # once a day, whichever worker
    [mail] = [m for m in _mail_subjects("bri00123@example.com") if m.startswith("Rekap ")]
    assert mail.endswith(": Rp 400.000")
    assert not [m for m in _mail_subjects("bri00999@example.com") if m.startswith("Rekap ")]

    recap.choose([merchant_id], "whatsapp", "bri00123@example.com")  # a number that never agreed: nothing
    assert recap.queue_due(datetime.combine(today + timedelta(days=1), time(7, 0), WIB)) == 0
    recap.choose([merchant_id], "", "bri00123@example.com")
    assert recap.choice_of([merchant_id]) == ""


def test_a_refund_before_its_payout_is_not_paid_and_one_after_is_taken_from_the_next_with_its_mdr(clean_db, tmp_path):
    """Issue 47.3, money.py's rule: the refunded part's MDR is returned pro rata; after the
    sale's payout was sent, the refund less that MDR is taken from the next payout."""
    secret = ingest.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)  # an A920: debit up to Rp 750.000 costs 1%
    deliver(secret, {"transactions": [txn("D1", 500_000, "debit"), txn("D2", 300_000, "debit")]})
    deliver(secret, dict(txn("D1", 100_000, "debit", status="refund"), refund_id="RF-1"))
    day = _day_of("D1")
    schedule.refresh_day(day)
    [payout] = _payouts()
    assert (payout.gross, payout.refunds, payout.mdr, payout.net) == (800_000, 100_000, 4_000 + 3_000, 693_000)
    shown = merchant.detail([merchant_id], str(payout.id))
    assert {t.reason for t in shown.transactions} == {"Kartu debit A920 s/d Rp 750.000: 1%"}

    item = {"mid": "000885012345678", "settle_on": day.isoformat(), "net": 693_000, "bank_reference": "BRI-1"}
    _send(secret, [item])  # sent: D1 and D2 are paid
    deliver(secret, dict(txn("D2", 200_000, "debit", status="refund"), refund_id="RF-2"))
    deliver(secret, dict(txn("D2", 200_000, "debit", status="refund"), refund_id="RF-2"))  # replayed: taken once
    next_day = working_days.add_working_days(day, 1)
    with read_session() as s:
        [taken] = s.exec(select(PayoutAdjustment)).all()
        d2 = s.exec(select(Transaction).where(Transaction.txn_id == "D2")).one()
    assert (taken.applies_on, taken.kind, taken.amount) == (next_day, "refund", -(200_000 - 2_000))
    assert taken.reason == "refund transaksi D2: Rp 200.000, MDR Rp 2.000 dikembalikan"
    assert (d2.mdr, d2.net) == (1_000, 99_000)  # a third of its MDR kept
    assert _payouts()[0].net == 693_000  # what was sent stays what was sent

    [later, first] = merchant.of_merchants([merchant_id], today=next_day)  # a day with no sale still has a payout
    assert (later.count, later.net) == (0, "-Rp 198.000") and first.id == str(payout.id)
    extra = merchant.detail([merchant_id], later.id).extra
    assert [(a.kind, a.amount) for a in extra] == [("Refund setelah pencairan", "-Rp 198.000")]

    page = history.page_of([merchant_id], history.Filters.parse({})[0])
    notes = {line.amount: line.refunds for line in page.lines}
    assert notes["Rp 500.000"][0].startswith("Refund Rp 100.000 · ") and notes["Rp 500.000"][0].endswith(
        "tidak ikut dicairkan"
    )
    assert notes["Rp 300.000"][0].endswith(f"dipotong dari pencairan {day_text(next_day)}")
    assert page.figures.refunds == "-Rp 300.000" and page.figures.net == rupiah(800_000 - 300_000 - 4_000 - 1_000)


def test_the_payouts_csv_and_the_monthly_statement_list_the_merchants_own_payouts(clean_db, tmp_path):
    """Issue 47.2: the CSV of payouts over HTTP for the signed-in merchant only, and the month's
    PDF statement with its payouts."""
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
    schedule.refresh_day(_day_of("P"))
    schedule.refresh_day(_day_of("Z"), ["000885099999999"])  # theirs only
    [mine_payout] = [p for p in _payouts() if p.merchant_id == mine]
    _send(secret, [{"mid": mine_payout.mid, "settle_on": mine_payout.settle_on.isoformat(), "net": mine_payout.net,
                    "bank_reference": "BRI-CSV-1"}])  # fmt: skip

    client = TestClient(files_app())
    assert client.get(routes.API_ACCOUNT_PAYOUTS_CSV, follow_redirects=False).headers["location"] == routes.SIGN_IN
    client.cookies.set(signin.SESSION_COOKIE, signed_in("bri00123@example.com"))
    rows = client.get(routes.API_ACCOUNT_PAYOUTS_CSV).text.lstrip("\ufeff").splitlines()
    assert rows[0].startswith("Tanggal,MID,Acquirer,Status") and len(rows) == 2  # theirs is not here
    assert rows[1].endswith(f",{mine_payout.net},BCA ••123,BRI-CSV-1") and ",Dikirim," in rows[1]
    their_rows = export.csv_text([theirs]).splitlines()
    assert len(their_rows) == 2 and ",999000," in their_rows[1] and "BRI-CSV-1" not in their_rows[1]

    day = mine_payout.settle_on
    pdf = statement.render([mine], mine_payout.mid, day.strftime("%Y-%m"), export.month_rows)
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Pencairan" in text and "BRI-CSV-1" in text and "Dikirim" in text


def test_the_admin_reconciles_each_acquirer_and_day_computed_reported_and_paid(clean_db, tmp_path):
    """Issue 47.6: a report line whose net differs from the site's is named with its transaction;
    a payout sent for less than computed is named with its MID; an agreeing day says so."""
    from terminal_shop.services.events import leases
    from terminal_shop.services.payouts import reconciliation

    secret = ingest.add_acquirer("bri", "Bank BRI")
    active_device(tmp_path)  # usaha mikro: QRIS up to Rp 500.000 costs nothing
    deliver(secret, {"transactions": [txn("T1", 400_000, "qris"), txn("T2", 100_000, "qris")]})
    day = _day_of("T1")
    assert reconciliation.make_due() == 10 and len(_payouts()) == 1  # the workers' round: a week back, two ahead
    assert reconciliation.make_due() == 10  # the same worker again: its lease renewed
    [before] = reconciliation.lines(today=day)
    assert (before.count, before.computed, before.reported, before.paid, before.state) == (
        2, "Rp 500.000", "-", "-", "Belum dilaporkan")  # fmt: skip

    report = (f"transaction_id,settlement_date,gross,mdr,net\nT1,{day.isoformat()},400000,0,400000\n"
              f"T2,{day.isoformat()},100000,0,98500\n").encode()  # fmt: skip
    settlement_report.import_report("bri", report, admin_email="keuangan@terminalku.example")
    [reported] = reconciliation.lines(today=day)
    assert (reported.reported, reported.state) == ("Rp 498.500", "Selisih Rp 1.500")
    assert reported.differences == ["T2 (MID 000885012345678): situs Rp 100.000, laporan Rp 98.500"]

    with write_session() as s:  # the report marked it sent; the acquirer's payout delivery says how much
        payout = s.exec(select(Payout)).one()
        payout.reported_net = 498_500
    [paid] = reconciliation.lines(today=day)
    assert paid.paid == "Rp 498.500"
    assert "Pencairan MID 000885012345678: situs Rp 500.000, dikirim Rp 498.500" in paid.differences

    later = datetime.now(UTC) + timedelta(seconds=601)  # this process's lease has ended
    assert leases.claim("payouts.make", 600, holder="worker-a", now=later)
    assert not leases.claim("payouts.make", 600, holder="worker-b", now=later)  # one worker makes the payouts
    assert reconciliation.make_due() == 0  # nor this one, while worker-a holds it
    assert leases.claim("payouts.make", 600, holder="worker-b", now=later + timedelta(seconds=601))  # after it ends
