"""Transactions from the acquirers (services/transactions, issue 37 points 3-5) on this pass's
real database: the webhook's signature, its 5-minute window and replays, one row per
transaction however often it arrives, void and refund, unknown TIDs kept, the MDR at its
boundaries, the settlement day across weekends and national holidays, and a dashboard whose
figures add up to its list."""

from __future__ import annotations

import csv
import io
import json
import re
import time
import uuid
from datetime import UTC, date, datetime, timedelta

import pytest
import reflex as rx
from sqlmodel import select
from starlette.testclient import TestClient

from terminal_shop import routes
from terminal_shop.formats import WIB, day_text, rupiah
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.intake import signed
from terminal_shop.intake.tables import RefusedDelivery
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.events.tables import DomainEventRecord
from terminal_shop.services.transactions import (
    dashboard,
    health,
    history,
    ingest,
    mdr,
    settlement,
    settlement_report,
    signers,
)
from terminal_shop.services.transactions.tables import Acquirer, Transaction
from terminal_shop.web.api import files_app

from support.factories import make_merchant
from support.refusals import codes

NOW = time.time()


def active_device(
    tmp_path, tid: str = "BRI00123", model: str = "A920", omzet: str = "15000000", mid: str = "000885012345678"
):
    merchant_id = make_merchant(tmp_path, email=f"{tid.lower()}@example.com", omzet_bulanan=omzet)
    with write_session() as s:
        device = Device(serial=f"S{tid}", model=model, status="aktif", received_by="admin@terminalku.example",
                        merchant_id=merchant_id, tid=tid, mid=mid, imei="490154203237518" if model == "D210" else None)  # fmt: skip
        s.add(device)
    return merchant_id


def txn(
    txn_id: str,
    amount: int = 100_000,
    channel: str = "qris",
    status: str = "approved",
    tid: str = "BRI00123",
    at: str | None = None,
) -> dict:
    return {"id": txn_id, "tid": tid, "mid": "000885012345678", "time": at or datetime.now(UTC).isoformat(),
            "amount": amount, "channel": channel, "scheme": "QRIS BCA", "status": status, "rrn": "123456789012",
            "approval_code": "A1B2C3"}  # fmt: skip


def deliver(secret: str, payload: dict, timestamp: int | None = None, code: str = "bri", tamper: bool = False):
    body = json.dumps(payload).encode()
    ts = int(NOW if timestamp is None else timestamp)
    signature = signed.sign(secret, ts, body)
    return ingest.accept(code, body.replace(b"100000", b"900000") if tamper else body, signature, str(ts), now=NOW)


def signed_in(email: str) -> str:
    """A customer session for `email`, by the code its sign-in e-mail carries."""
    from terminal_shop.services.customers import signin
    from terminal_shop.services.notifications.tables import OutboxMessage

    signin.request_code(email, "203.0.113.9", "browser")
    with read_session() as s:
        mail = s.exec(
            select(OutboxMessage).where(OutboxMessage.to_addr == email).order_by(OutboxMessage.id.desc())
        ).first()
    return signin.verify(email, re.search(r"Kode masuk Anda: (\d{6})", mail.body_text).group(1), "browser")


@pytest.fixture
def strict_webhook_limits():
    from terminal_shop.infra import rate_limits

    rate_limits.configure(factor=1)
    yield
    rate_limits.configure()


def refused(call) -> tuple[int, str]:
    with pytest.raises(signed.WebhookRefused) as no:
        call()
    return no.value.status, no.value.reason


def test_only_a_signed_fresh_delivery_is_taken_and_each_transaction_is_kept_once(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    active_device(tmp_path)
    assert refused(lambda: deliver("bukan-rahasia", txn("T1")))[0] == 401
    assert refused(lambda: deliver(secret, txn("T1"), tamper=True)) == (401, "signature does not match")
    assert refused(lambda: deliver(secret, txn("T1"), timestamp=int(NOW) - 301))[0] == 401  # a replay 5 minutes on
    assert refused(lambda: deliver(secret, txn("T1"), code="bni"))[0] == 404
    with read_session() as s:
        assert sum(r.count for r in s.exec(select(RefusedDelivery))) == 3 and s.exec(select(Transaction)).all() == []
    first = deliver(secret, {"transactions": [txn("T1"), txn("T2", channel="debit")]})
    again = deliver(secret, {"transactions": [txn("T1"), txn("T2", channel="debit")]})  # the same batch again
    assert (first.accepted, again.accepted, again.duplicates) == (2, 0, 2)
    with read_session() as s:
        assert sorted(t.txn_id for t in s.exec(select(Transaction))) == ["T1", "T2"]


def test_void_and_refund_change_the_transaction_and_unknown_tids_are_kept(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    deliver(secret, {"transactions": [txn("T1", 1_000_000, "kredit"), txn("T2", 200_000, "debit")]})
    changed = deliver(
        secret,
        {"transactions": [txn("T1", 1_000_000, "kredit", status="void"), txn("T2", 200_000, "debit", status="refund")]},
    )
    assert changed.changed == 2
    unknown = deliver(secret, txn("T9", tid="TIDASING"))
    assert unknown.unknown_tid == 1
    with read_session() as s:
        rows = {t.txn_id: t for t in s.exec(select(Transaction))}
    assert (rows["T1"].status, rows["T1"].mdr, rows["T1"].net) == ("void", 0, 0)
    assert (rows["T2"].status, rows["T2"].mdr, rows["T2"].net) == (
        "refund",
        0,
        0,
    )  # a whole refund: nothing paid, no MDR
    assert rows["T9"].device_id is None and rows["T9"].merchant_id is None and rows["T1"].merchant_id == merchant_id
    assert refused(lambda: deliver(secret, {"transactions": [{"id": "X", "tid": "BRI00123", "amount": -5}]}))[0] == 400


def test_a_refund_or_void_is_checked_against_what_it_changes(clean_db, tmp_path):
    """Issue 46.4: every one of these was applied, setting a merchant's net to -99.000.000,
    changing another merchant's row, flipping a status back and forth, storing a negative sale."""
    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    active_device(tmp_path, tid="BRI00999")  # another merchant's terminal
    deliver(secret, {"transactions": [txn("S1", 250_000), txn("S2", 100_000), txn("S3", 80_000)]})
    answer = deliver(secret, {"transactions": [
        txn("S1", 99_000_000, status="refund"),  # more than the sale
        txn("S2", 50_000, status="refund", tid="BRI00999"),  # names another merchant's TID
        txn("NEVER", 40_000, status="refund"),  # an id never received
        {**txn("S2", 30_000, status="refund"), "refund_id": "RF-1"},  # a partial refund
        {**txn("S2", 30_000, status="refund"), "refund_id": "RF-1"},  # the same one replayed: a duplicate
        {**txn("S2", 50_000, status="refund"), "refund_id": "RF-2"},  # 80.000 of 100.000 so far
        {**txn("S2", 30_000, status="refund"), "refund_id": "RF-3"},  # would make 110.000
        txn("S2", 100_000, status="void"),  # refunded: cannot be voided
        txn("S3", 80_000, status="void"), txn("S3", 80_000, status="refund"),  # voided: cannot be refunded
    ]})  # fmt: skip
    reasons = {r["index"]: r["reason"] for r in answer.refused}
    assert reasons == {0: "refunds would exceed the transaction's amount",
                       1: "void or refund names another TID than its transaction",
                       2: "void or refund of a transaction never received",
                       6: "refunds would exceed the transaction's amount",
                       7: "a refunded transaction cannot be voided", 9: "transaction already voided"}  # fmt: skip
    assert (answer.changed, answer.duplicates) == (3, 1)
    with read_session() as s:
        rows = {t.txn_id: t for t in s.exec(select(Transaction))}
        tallies = {(r.reason, r.count) for r in s.exec(select(RefusedDelivery))}
    assert set(rows) == {"S1", "S2", "S3"}  # no negative transaction stored
    assert (rows["S1"].status, rows["S1"].net) == ("approved", 250_000 - rows["S1"].mdr)
    s2 = rows["S2"]  # QRIS of a usaha mikro up to Rp 500.000 costs nothing: the part not refunded is paid
    assert (s2.status, s2.refunded, s2.mdr, s2.net, s2.fee_rule) == (
        "refund",
        80_000,
        0,
        20_000,
        "QRIS usaha mikro s/d Rp 500.000: 0%",
    )
    assert (rows["S3"].status, rows["S3"].net) == ("void", 0)
    assert all(t.merchant_id == merchant_id for t in rows.values())
    assert ("refunds would exceed the transaction's amount", 2) in tallies  # kept for the admin, counted
    again = deliver(secret, {"transactions": [txn("S3", 80_000, status="void"), txn("S1", 250_000, status="refund")]})
    assert (again.duplicates, again.changed, again.refused) == (1, 1, [])  # a whole refund of S1, once
    assert deliver(secret, txn("S1", 250_000, status="refund")).duplicates == 1  # replayed: nothing flips


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("amount", 10**20, "amount must be a whole number of rupiah from 1 to 1000000000000"),
        ("amount", True, "amount must be a whole number of rupiah from 1 to 1000000000000"),
        ("amount", 2**62, "amount must be a whole number of rupiah from 1 to 1000000000000"),
        ("time", "0001-01-01T00:00:00+07:00", "time must be within the last 400 days and at most 10 minutes ahead"),
        ("time", "9999-12-31T23:59:59+00:00", "time must be within the last 400 days and at most 10 minutes ahead"),
        ("time", "2026-11-27T10:00:00", "time needs its UTC offset"),
    ],
)
def test_a_bad_item_is_named_with_its_index_never_a_500(clean_db, tmp_path, field, value, reason):
    """Issue 46.5: these failed the whole batch with a 500 (the acquirer retried for ever), or
    were taken (JSON true as Rp 1; 2^62 twice overflowed every sum of the merchant)."""
    secret = signers.add_acquirer("bri", "Bank BRI")
    active_device(tmp_path)
    body = json.dumps({"transactions": [txn("OK1"), {**txn("BAD"), field: value}]}).encode()
    client = TestClient(files_app())
    ts = int(time.time())
    answer = client.post("/api/transaksi/bri", content=body,
                         headers={"X-Terminalku-Timestamp": str(ts), "X-Terminalku-Signature": signed.sign(secret, ts, body)})  # fmt: skip
    assert answer.status_code == 400
    assert answer.json() == {"error": "1 of 2 transactions are malformed", "items": [{"index": 1, "reason": reason}]}
    with read_session() as s:
        assert s.exec(select(Transaction)).all() == []  # the batch is sent again once mended


def test_forged_deliveries_cost_a_count_not_rows_and_the_forger_is_stopped(clean_db, tmp_path, strict_webhook_limits):
    """Issue 46.6: every badly signed POST wrote a row (2,000 in 18 s from one client)."""
    from terminal_shop.services.transactions import health

    secret = signers.add_acquirer("bri", "Bank BRI")
    body = json.dumps(txn("T1")).encode()
    client = TestClient(files_app(), client=("198.18.9.9", 50000))  # no other test's address: one Redis counts all
    ts = str(int(time.time()))
    answers = [client.post("/api/transaksi/bri", content=body,
                           headers={"X-Terminalku-Timestamp": ts, "X-Terminalku-Signature": "sha256=" + "0" * 64}).status_code
               for _ in range(65)]  # fmt: skip
    assert answers[:60] == [401] * 60 and answers[60:] == [429] * 5  # 60 failures an hour from one address
    with read_session() as s:
        [tally] = s.exec(select(RefusedDelivery)).all()
    assert (tally.reason, tally.count, tally.example) == ("signature does not match", 60, "dari 198.18.9.9")
    [bri] = health.acquirers()
    assert (bri.refused_today, bri.last_refusal) == (60, "signature does not match")
    acquirer = TestClient(files_app(), client=("198.51.100.20", 443))  # the acquirer itself, from its own address
    answer = acquirer.post("/api/transaksi/bri", content=body,
                           headers={"X-Terminalku-Timestamp": ts, "X-Terminalku-Signature": signed.sign(secret, int(ts), body)})  # fmt: skip
    assert (answer.status_code, answer.json()["accepted"]) == (200, 1)


@pytest.mark.parametrize(
    ("channel", "model", "micro", "amount", "fee"),
    [
        ("qris", None, True, 500_000, 0),  # usaha mikro: 0% up to Rp 500.000 exactly
        ("qris", None, True, 500_001, 1_500),  # 0,3% above: 1.500,003 rounded
        ("qris", None, False, 100_000, 700),  # others: 0,7%
        ("debit", "A920", False, 750_000, 7_500),  # 1% up to Rp 750.000
        ("debit", "A920", False, 750_001, 7_500),  # flat Rp 7.500 above
        ("kredit", "A920", False, 333_333, 6_333),  # 1,9% = 6.333,327 rounded down
        ("kredit", "A920", False, 26_316, 500),  # 1,9% = 500,004
        ("debit", "D210", False, 10_000, 250),  # 2,5%
        ("qris", None, True, 500_050, 1_500),  # 1.500,15 rounded down
        ("qris", None, False, 50, 0),  # 0,35 rounds to 0
        ("qris", None, False, 500, 4),  # 3,5 rounds half up to 4
    ],
)
def test_mdr_at_its_boundaries(channel, model, micro, amount, fee):
    assert mdr.fee(channel, model, micro, amount, date(2026, 11, 26)) == fee


def test_settlement_is_the_next_working_day_after_weekends_holidays_and_the_cutoff():
    at = lambda y, m, d, h=12, mi=0: datetime(y, m, d, h, mi, tzinfo=WIB)  # noqa: E731
    assert settlement.settle_on(at(2026, 11, 26)) == date(2026, 11, 27)  # Thursday -> Friday
    assert settlement.settle_on(at(2026, 11, 27)) == date(2026, 11, 30)  # Friday -> Monday
    assert settlement.settle_on(at(2026, 11, 28)) == date(2026, 11, 30)  # Saturday -> Monday
    assert settlement.settle_on(at(2026, 11, 26, 23, 30)) == date(2026, 11, 30)  # after the cut-off: counts for Friday
    assert settlement.settle_on(at(2026, 12, 23)) == date(2026, 12, 28)  # 24 Dec joint holiday, 25 Christmas, weekend
    assert settlement.settle_on(at(2026, 3, 18)) == date(2026, 3, 25)  # Nyepi and the Lebaran holidays
    assert settlement.settle_on(at(2026, 8, 16)) == date(2026, 8, 18)  # Sunday; 17 August is Independence Day


def test_the_dashboard_figures_add_up_to_its_list(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    other = active_device(tmp_path, tid="BRI00999")
    deliver(secret, {"transactions": [txn("A", 600_000, "qris"), txn("B", 200_000, "debit"), txn("C", 50_000, "kredit"),
                                      txn("Z", 999_000, "qris", tid="BRI00999")]})  # fmt: skip
    deliver(secret, txn("C", 50_000, "kredit", status="void"))
    board = dashboard.for_merchants([merchant_id])
    assert (board.today.sales, board.today.count) == ("Rp 800.000", 2)  # the void left the sales
    assert board.today.fees == "Rp 3.800" and board.today.net == "Rp 796.200"  # 0,3% of 600.000 + 1% of 200.000
    assert {c.channel: c.sales for c in board.channels} == {"Kartu debit": "Rp 200.000", "QRIS": "Rp 600.000"}
    listed = history.page_of([merchant_id], history.Filters.parse({})[0]).lines  # today's, in the history
    assert sorted(t.amount for t in listed) == ["Rp 200.000", "Rp 50.000", "Rp 600.000"]  # not the other merchant's
    day = settlement.settle_on(datetime.now(UTC))
    assert {t.settlement for t in listed} == {f"Dijadwalkan {day_text(day)}"}  # the payout each sale is in
    assert dashboard.marker([merchant_id]) != dashboard.marker([other])


def test_the_webhook_route_answers_with_what_it_kept(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    active_device(tmp_path)
    body = json.dumps(txn("R1")).encode()
    ts = int(time.time())
    client = TestClient(files_app())
    ok = client.post("/api/transaksi/bri", content=body,
                     headers={"X-Terminalku-Timestamp": str(ts), "X-Terminalku-Signature": signed.sign(secret, ts, body)})  # fmt: skip
    assert (ok.status_code, ok.json()) == (
        200,
        {"accepted": 1, "duplicates": 0, "unknown_tid": 0, "changed": 0, "refused": [], "held": 0},
    )
    bad = client.post("/api/transaksi/bri", content=body, headers={"X-Terminalku-Timestamp": str(ts)})
    assert (bad.status_code, bad.json()) == (401, {"error": "signature does not match"})


def test_the_settlement_report_marks_transactions_paid_and_lists_differences(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    deliver(secret, {"transactions": [txn("A", 600_000, "qris"), txn("B", 200_000, "debit")]})
    report = (
        b"Tanggal Settle,ID Transaksi,Kotor,Biaya,Bersih\n"
        b'27/11/2026,A,Rp 600.000,"1.800",598.200\n'  # as the site computed
        b"27/11/2026,B,200.000,2.500,197.500\n"  # the acquirer charged Rp 2.500, the site expected Rp 2.000
        b"27/11/2026,X9,50.000,0,50.000\n"  # never received by the site
    )
    with pytest.raises(settlement_report.ReportError) as wrong:
        settlement_report.import_report("bri", report)  # the acquirer's own column names: chosen once
    assert wrong.value.code is settlement_report.ReportRefusal.COLUMNS
    columns = {
        "txn_id": "ID Transaksi",
        "settled_on": "Tanggal Settle",
        "gross": "Kotor",
        "mdr": "Biaya",
        "net": "Bersih",
    }
    result = settlement_report.import_report("bri", report, columns)
    assert result.settled == 2 and result.unknown == ["X9"]
    assert [(d.txn_id, d.what) for d in result.differences] == [
        ("B", "MDR: situs Rp 2.000, laporan Rp 2.500"), ("B", "Bersih: situs Rp 198.000, laporan Rp 197.500")
    ]  # fmt: skip
    assert settlement_report.columns_of("bri") == columns  # remembered for the next report
    again = settlement_report.import_report("bri", report)
    assert again.settled == 2
    many = b"Tanggal Settle,ID Transaksi,Kotor,Biaya,Bersih\n" + b"".join(
        b"27/11/2026,Y%d,50.000,0,50.000\n" % i for i in range(settlement_report.SHOWN + 7)
    )
    unknown = settlement_report.import_report("bri", many)  # issue 60.8: the tab gets the first ones and a count
    assert (len(unknown.unknown), unknown.more_unknown) == (settlement_report.SHOWN, 7)  # fmt: skip
    with read_session() as s:
        assert {t.txn_id: t.settled_on for t in s.exec(select(Transaction))} == {
            "A": date(2026, 11, 27),
            "B": date(2026, 11, 27),
        }
    listed = history.page_of([merchant_id], history.Filters.parse({})[0]).lines
    assert {t.settlement.split(" ")[0] for t in listed} == {"Dikirim"}  # the report sent their payout


def test_the_admin_sees_each_acquirers_health_unknown_tids_and_silent_devices(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    signers.add_acquirer("bca", "Bank BCA")
    active_device(tmp_path)
    quiet = active_device(tmp_path, tid="BRI00777")
    with write_session() as s:
        for d in s.exec(select(Device)):
            d.activated_at = datetime(2026, 1, 5, tzinfo=UTC)  # both active since January
            s.add(d)
    deliver(secret, {"transactions": [txn("A"), txn("U", tid="ASING001")]})
    refused(lambda: deliver("salah", txn("B")))
    by_code = {a.code: a for a in health.acquirers()}
    assert (by_code["bri"].refused_today, by_code["bri"].last_refusal) == (1, "signature does not match")
    assert by_code["bca"].last_transaction == "-" and by_code["bri"].last_transaction != "-"
    assert [(u.tid, u.amount) for u in health.unknown_tids()] == [("ASING001", "Rp 100.000")]
    assert [d.tid for d in health.silent_devices()] == ["BRI00777"] and quiet  # the other one took a payment today


def test_the_history_filters_pages_and_sums_exactly_the_list_it_shows(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    with write_session() as s:  # a second terminal of the same merchant
        second = Device(serial="SBRI00456", model="D210", status="aktif", received_by="admin@terminalku.example",
                        merchant_id=merchant_id, tid="BRI00456", mid="000885012345678", imei="490154203237518")  # fmt: skip
        s.add(second)
        s.flush()
        second_id = str(second.id)
    other = active_device(tmp_path, tid="BRI00999")
    today = datetime.now(UTC)
    yesterday = datetime.combine(today.astimezone(WIB).date(), datetime.min.time(), WIB) - timedelta(hours=2)
    batch = [txn(f"Q{i}", 10_000 + i, "qris", at=today.isoformat()) for i in range(22)]
    batch += [txn("D1", 500_000, "debit", tid="BRI00456", at=today.isoformat()), txn("OLD", 70_000, at=yesterday.isoformat()),
              txn("X", 999_000, tid="BRI00999", at=today.isoformat())]  # fmt: skip
    deliver(secret, {"transactions": batch})
    deliver(secret, txn("D1", 500_000, "debit", status="void", tid="BRI00456", at=today.isoformat()))
    mine = [merchant_id]

    filters, error = history.Filters.parse({})
    first = history.page_of(mine, filters)  # today, every device and channel
    assert (error, first.page, first.pages, len(first.lines)) == (None, 1, 2, history.PER_PAGE)
    second_page = history.page_of(mine, history.Filters.parse({"halaman": "2"})[0])
    listed = first.lines + second_page.lines
    assert len(listed) == 23 and "Rp 999.000" not in {t.amount for t in listed}  # not the other merchant's
    approved_sum = sum(10_000 + i for i in range(22))
    assert (first.figures.count, first.figures.sales) == (22, rupiah(approved_sum))  # the void is listed, not summed
    assert {d.device.split(" · ")[0]: d.count for d in first.devices} == {"A920 Pro": 22}

    by_device = history.page_of(mine, history.Filters.parse({"perangkat": second_id})[0])
    assert [t.status for t in by_device.lines] == ["Dibatalkan"] and by_device.figures.count == 0
    assert history.page_of(mine, history.Filters.parse({"kanal": "debit"})[0]).figures.sales == "Rp 0"
    assert len(history.page_of(mine, history.Filters.parse({"status": "void"})[0]).lines) == 1
    day_before = (today.astimezone(WIB).date() - timedelta(days=1)).isoformat()
    both_days = history.page_of(mine, history.Filters.parse({"dari": day_before})[0])
    assert both_days.figures.count == 23 and both_days.pages == 2
    assert history.Filters.parse({"dari": "kemarin"})[1] is history.FilterNote.BAD_DATE
    two_years, note = history.Filters.parse({"dari": "2024-01-01", "sampai": "2025-12-31"})
    assert (note, two_years.start) == (history.FilterNote.TOO_LONG, date(2025, 12, 31) - history.LONGEST)
    assert history.page_of([other], filters).figures.sales == "Rp 999.000"

    rows = list(csv.reader(io.StringIO(history.csv_text(mine, history.Filters.parse({"dari": day_before})[0]))))
    assert rows[0][:3] == ["Waktu (WIB)", "Perangkat", "TID"] and len(rows) == 1 + 24
    assert {r[2] for r in rows[1:]} == {"BRI00123", "BRI00456"} and "70000" in {r[7] for r in rows[1:]}

    bars = history.last_days(mine)
    assert len(bars) == history.CHART_DAYS and bars[-1].percent == 100 and bars[-1].sales == rupiah(approved_sum)
    assert bars[-2].sales == "Rp 70.000" and bars[0].sales == "Rp 0"


def test_the_csv_route_gives_the_signed_in_merchant_only_their_own(clean_db, tmp_path):
    from terminal_shop import routes
    from terminal_shop.services.customers import signin
    from terminal_shop.services.registrations.tables import MerchantRegistration

    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    active_device(tmp_path, tid="BRI00999")
    with write_session() as s:  # both approved
        for row in s.exec(select(MerchantRegistration)):
            row.status = "approved"
            s.add(row)
    deliver(secret, {"transactions": [txn("A", 123_456), txn("Z", 999_000, tid="BRI00999")]})

    client = TestClient(files_app())
    assert client.get(routes.API_ACCOUNT_TRANSACTIONS_CSV, follow_redirects=False).headers["location"] == routes.SIGN_IN
    client.cookies.set(signin.SESSION_COOKIE, signed_in("bri00123@example.com"))
    answer = client.get(routes.API_ACCOUNT_TRANSACTIONS_CSV)
    assert answer.headers["content-disposition"].startswith('attachment; filename="transaksi-')
    assert "123456" in answer.text and "999000" not in answer.text
    assert (
        history.csv_text([merchant_id], history.Filters.parse({})[0]).splitlines()[1:]
        == answer.text.lstrip("\ufeff").splitlines()[1:]
    )


def test_the_merchants_csv_neutralises_formulas_the_acquirer_sent(clean_db, tmp_path):
    """Issue 46.7: an acquirer's text came out of the merchant's CSV as written, so a spreadsheet
    ran it; cells are neutralised as the admin's exports are, and numbers stay numbers."""
    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    hostile = [{**txn(f"F{i}", 250_000), "rrn": rrn, "approval_code": code}
               for i, (rrn, code) in enumerate([('=HYPERLINK("http://x")', "@SUM(A1)"), ("+1+2", "-3")])]  # fmt: skip
    deliver(secret, {"transactions": hostile})
    rows = list(csv.reader(io.StringIO(history.csv_text([merchant_id], history.Filters.parse({})[0]))))
    header = rows[0]
    cells = {(r[header.index("RRN")], r[header.index("Kode approval")]) for r in rows[1:]}
    assert cells == {('\'=HYPERLINK("http://x")', "'@SUM(A1)"), ("'+1+2", "'-3")}
    assert {r[header.index("Nominal")] for r in rows[1:]} == {"250000"}


def test_an_agreed_mdr_replaces_the_tables_rule_from_its_day_for_that_merchant_only(clean_db, tmp_path):
    from terminal_shop.services.transactions import agreed

    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    active_device(tmp_path, tid="BRI00999")
    today = datetime.now(UTC).astimezone(WIB).date()
    refused = agreed.set_rate(str(merchant_id), {"channel": "debit", "percent": "12", "since": ""}, "pemilik@x")
    assert codes(refused) == {"percent": agreed.RateRefusal.PERCENT, "since": agreed.RateRefusal.SINCE}
    future = {"channel": "debit", "percent": "0,5", "flat": "", "since": (today + timedelta(days=1)).isoformat()}
    assert agreed.set_rate(str(merchant_id), future, "pemilik@x") == {}
    deliver(secret, {"transactions": [txn("A", 300_000, "debit")]})  # not in effect yet: 1% of the table
    assert agreed.set_rate(str(merchant_id), {**future, "since": today.isoformat(), "flat": "1.000"}, "pemilik@x") == {}
    deliver(secret, {"transactions": [txn("B", 300_000, "debit"), txn("Z", 300_000, "debit", tid="BRI00999")]})
    with read_session() as s:
        fees = {t.txn_id: t.mdr for t in s.exec(select(Transaction))}
    assert fees == {"A": 3_000, "B": 2_500, "Z": 3_000}  # 0,5% + Rp 1.000 for B; the table's 1% for A and Z
    # Just after midnight WIB, sent in UTC (the day before there): the rate agreed from today applies.
    just_after_midnight = datetime(today.year, today.month, today.day, 0, 10, tzinfo=WIB).astimezone(UTC).isoformat()
    deliver(secret, {"transactions": [txn("D", 300_000, "debit", at=just_after_midnight)]})
    with read_session() as s:
        assert s.exec(select(Transaction.mdr).where(Transaction.txn_id == "D")).one() == 2_500
    deliver(secret, {"transactions": [txn("C", 1_000_000, "debit")]})
    with read_session() as s:
        assert (
            s.exec(select(Transaction.mdr).where(Transaction.txn_id == "C")).one() == 6_000
        )  # not the table's Rp 7.500
    lines = agreed.rates_of(str(merchant_id))
    assert [(r.channel, r.rate) for r in lines] == [("Kartu debit", "0,5%"), ("Kartu debit", "0,5% + Rp 1.000")]


def test_the_monthly_statement_sums_one_mid_of_the_merchants_own(clean_db, tmp_path):
    from pypdf import PdfReader

    from terminal_shop import routes
    from terminal_shop.services.customers import signin
    from terminal_shop.services.registrations.tables import MerchantRegistration
    from terminal_shop.services.transactions import statement

    secret = signers.add_acquirer("bri", "Bank BRI")
    merchant_id = active_device(tmp_path)
    other = active_device(tmp_path, tid="BRI00999")
    today = datetime.now(UTC)
    deliver(secret, {"transactions": [txn("A", 600_000, "qris", at=today.isoformat()), txn("B", 200_000, "debit", at=today.isoformat()),
                                      txn("R", 50_000, "kredit", at=today.isoformat())]})  # fmt: skip
    deliver(secret, txn("R", 50_000, "kredit", status="refund", at=today.isoformat()))
    month = today.astimezone(WIB).strftime("%Y-%m")
    assert statement.offered([merchant_id])[0].label.endswith("· MID 000885012345678")
    pdf = statement.render([merchant_id], "000885012345678", month)
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Laporan Transaksi" in text and "MID 000885012345678" in text
    assert "Rp 850.000" in text and "Rp 3.800" in text  # every sale; R's MDR returned with its whole refund
    assert "Pengembalian dana (1)" in text and "-Rp 50.000" in text and "Rp 796.200" in text  # 850.000 - 50.000 - 3.800
    theirs = statement.render([other], "000885012345678", month)  # the same MID on its terminal: its own rows only
    assert theirs is not None and "Rp 800.000" not in "".join(
        p.extract_text() for p in PdfReader(io.BytesIO(theirs)).pages
    )
    assert (
        statement.render([merchant_id], "999", month) is None
        and statement.render([merchant_id], "000885012345678", "x") is None
    )

    with write_session() as s:
        row = s.get(MerchantRegistration, merchant_id)
        row.status = "approved"
        s.add(row)
    client = TestClient(files_app())
    link = f"{routes.API_ACCOUNT_STATEMENT}?mid=000885012345678&bulan={month}"
    assert client.get(link, follow_redirects=False).status_code == 303  # signed out: to /masuk
    client.cookies.set(signin.SESSION_COOKIE, signed_in("bri00123@example.com"))
    answer = client.get(link)
    assert answer.status_code == 200 and answer.content.startswith(b"%PDF")
    assert client.get(link.replace("000885012345678", "000885000000009")).status_code == 404  # not one of theirs
    for month in ("9999-12", "0001-01", "2099-01"):  # issue 46.7: a month no statement has is not a 500
        assert client.get(link.replace(f"bulan={today.astimezone(WIB):%Y-%m}", f"bulan={month}")).status_code == 404


def test_an_acquirer_added_by_the_admin_gets_a_secret_once_and_a_new_one_replaces_it(clean_db, tmp_path):
    from terminal_shop.services.audit.tables import AuditEvent
    from terminal_shop.services.transactions import acquirers

    active_device(tmp_path)
    no = acquirers.AcquirerRefusal
    for code, name, cutoff, why in (("B R I", "Bank BRI", "", no.CODE), ("bri", " ", "", no.NAME),
                                    ("bri", "Bank BRI", "25:00", no.CUTOFF)):  # fmt: skip
        with pytest.raises(acquirers.AcquirerError) as refused_as:
            acquirers.add(code, name, cutoff, "pemilik@x")
        assert refused_as.value.code is why
    secret = acquirers.add("BRI", "Bank BRI", "21.30", "pemilik@x")
    with pytest.raises(acquirers.AcquirerError) as refused_as:
        acquirers.add("bri", "Bank BRI lagi", "", "pemilik@x")
    assert (refused_as.value.code, refused_as.value.text) == (no.EXISTS, "Acquirer bri sudah ada")
    assert deliver(secret, txn("T1")).accepted == 1
    new = acquirers.rotate("bri", "pemilik@x")
    assert new != secret and refused(lambda: deliver(secret, txn("T2")))[0] == 401  # the old one is refused
    assert deliver(new, txn("T2")).accepted == 1
    with read_session() as s:
        assert s.get(Acquirer, "bri").cutoff_minutes == 21 * 60 + 30
        entries = s.exec(select(AuditEvent).where(AuditEvent.entity_type == "acquirer").order_by(AuditEvent.id)).all()
        events = s.exec(
            select(DomainEventRecord).where(DomainEventRecord.entity_type == "acquirer").order_by(DomainEventRecord.id)
        ).all()
        stored = repr([a.model_dump() for a in s.exec(select(Acquirer))]) + repr([e.model_dump() for e in entries])
        stored += repr([e.model_dump() for e in events])
    assert [e.action for e in entries] == ["tambah", "ganti-rahasia"] and secret not in stored and new not in stored
    assert [e.name for e in events] == ["transactions.acquirer_added", "transactions.acquirer_secret_replaced"]


def test_an_open_dashboard_is_woken_by_its_own_merchants_delivery_only(clean_db, tmp_path):
    """services/transactions/live.py: one query per process tells which dashboards to refresh."""
    import asyncio

    from terminal_shop.services.transactions import live

    secret = signers.add_acquirer("bri", "Bank BRI")
    mine = active_device(tmp_path)
    other = active_device(tmp_path, tid="BRI00999")
    before = dashboard.marker([mine])

    async def scenario() -> tuple[bool, float, bool]:
        feed = live.ChangeFeed()
        waiting = asyncio.create_task(feed.wait([mine], 5))
        bystander = asyncio.create_task(feed.wait([other], 1.5))
        await asyncio.sleep(0.3)
        await asyncio.to_thread(deliver, secret, txn("T1"))
        sent = time.perf_counter()
        woke = await waiting
        return woke, time.perf_counter() - sent, await bystander

    woke, after, bystander_woke = asyncio.run(scenario())
    assert woke and after < 2 and not bystander_woke
    assert dashboard.marker([mine]) != before


def account_tab(email: str):
    """The account pages of a tab signed in as `email`, and a way to call their handlers as the
    websocket does (any handler, any arguments): tests/support/account_tab.py."""
    from terminal_shop.services.customers import signin

    from support.account_tab import account_tab as tab_of

    return tab_of(signin.hash_token(signed_in(email)))


def _two_approved_merchants(tmp_path):
    from terminal_shop.services.registrations.tables import MerchantRegistration

    secret = signers.add_acquirer("bri", "Bank BRI")
    mine, theirs = active_device(tmp_path), active_device(tmp_path, tid="BRI00999", mid="000885099999999")
    with write_session() as s:
        for row in s.exec(select(MerchantRegistration)):
            row.status = "approved"
            s.add(row)
    their_mid = dict(txn("Z", 999_000, tid="BRI00999"), mid="000885099999999")  # each merchant its own MID
    deliver(secret, {"transactions": [txn("A", 111_000), their_mid]})
    return secret, mine, theirs


def test_a_signed_in_merchant_reaches_nothing_of_anothers_over_the_websocket(clean_db, tmp_path):
    """Issue 37: ownership when the handlers are called with another person's ids."""
    from terminal_shop.infra.storage import get_storage
    from terminal_shop.state.checkout import CheckoutState

    from support.factories import checkout_order
    from support.files import png

    _, mine, theirs = _two_approved_merchants(tmp_path)
    with read_session() as s:
        their_device = str(s.exec(select(Device.id).where(Device.tid == "BRI00999")).one())
    their_order = checkout_order(get_storage(), png(tmp_path / "p.png").read_bytes(),
                                 buyer={"buyer_name": "Orang Lain", "buyer_phone": "081299990000",
                                        "buyer_email": "bri00999@example.com", "shipping_address": "Jl. Lain 1"})  # fmt: skip
    root, state, call = account_tab("bri00123@example.com")
    call("load")
    assert state.board is not None and state.board.today.sales == "Rp 111.000"
    call("filter", {"perangkat": their_device})  # another merchant's terminal, by id
    assert state.history.lines == [] and state.history.figures.sales == "Rp 0"
    call("order_again", str(their_order.id))  # another person's order, by id
    cart = root.get_substate(CheckoutState.get_full_name().split(".")[1:]).cart
    assert cart == {} and theirs not in [uuid.UUID(m) for m in state._merchants] and str(mine) in state._merchants


def test_a_merchant_reaches_no_payout_case_or_dispute_of_anothers_over_the_websocket(clean_db, tmp_path):
    """Issue 47: every payouts and disputes handler, called with another merchant's ids."""
    import io

    from terminal_shop.services.disputes import webhook as disputes
    from terminal_shop.services.disputes.tables import Dispute, DisputeEvidence
    from terminal_shop.services.payouts.tables import Payout

    from support.files import png

    secret, _, theirs = _two_approved_merchants(tmp_path)
    _, state, call = account_tab("bri00123@example.com")
    call("load")
    assert [p.said.endswith("dari 1 transaksi") for p in state.payouts] == [True]
    their_payout = payout_key("Z")
    call("open_payout", their_payout)
    assert state.payout is None
    call("open_payout", state.payouts[0].id)
    assert state.payout is not None and state.payout.gross == "Rp 111.000"
    call("report_missing", their_payout)
    call("confirm_received", their_payout)
    call("reopen_case", their_payout)
    with read_session() as s:
        assert s.exec(select(Payout)).all() == []  # nothing happened to theirs: no row was made

    deadline = (date.today() + timedelta(days=7)).isoformat()
    body = json.dumps({"disputes": [{"id": "CB-Z", "transaction_id": "Z", "reason_code": "4853", "reason": "x",
                                     "amount": 1_000, "deadline": deadline, "status": "open"}]}).encode()  # fmt: skip
    disputes.accept("bri", body, signed.sign(secret, int(NOW), body), str(int(NOW)), now=NOW)
    with read_session() as s:
        theirs_open = str(s.exec(select(Dispute.id)).one())
    call("load")
    assert state.disputes == []  # not listed for this merchant
    call("answer_dispute_open", theirs_open)
    call("upload_evidence", [rx.UploadFile(file=io.BytesIO(png(tmp_path / "e.png").read_bytes()))])
    call("answer_dispute", {"keputusan": "terima", "catatan": ""})
    with read_session() as s:
        assert s.exec(select(DisputeEvidence)).all() == [] and s.exec(select(Dispute)).one().decision == ""


def _settle_day(txn_id: str) -> date:
    with read_session() as s:
        return s.exec(select(Transaction).where(Transaction.txn_id == txn_id)).one().settle_on


def payout_key(txn_id: str) -> str:
    """The payout a sale is in, as the merchant's page names it ("bri:<MID>:<day>")."""
    from terminal_shop.services.transactions.tables import LedgerEntry

    with read_session() as s:
        e = s.exec(select(LedgerEntry).where(LedgerEntry.txn_id == txn_id, LedgerEntry.kind == "sale")).one()
    return f"{e.acquirer}:{e.mid}:{e.payout_on.isoformat()}"


def test_a_merchant_reaches_no_device_case_outlet_or_invoice_of_anothers_over_the_websocket(clean_db, tmp_path):
    """Issues 48-49: every device service, supplies and outlet handler, called with another
    merchant's ids: nothing is opened, stored, moved or put in the cart."""
    import io

    from terminal_shop.services.merchant_team import outlets
    from terminal_shop.services.merchant_team.tables import DeviceOutlet, Outlet
    from terminal_shop.services.servicing import cases, steps
    from terminal_shop.services.servicing.tables import ServiceCase, ServiceMedia
    from terminal_shop.state.checkout import CheckoutState

    from support.files import png

    _, mine, theirs = _two_approved_merchants(tmp_path)
    with read_session() as s:
        their_device = str(s.exec(select(Device.id).where(Device.tid == "BRI00999")).one())
    cases.open_for(their_device, "tidak-menyala", "Mati", "gudang@terminalku.example")
    [their_case] = cases.of_merchants([theirs])
    steps.check(their_case.id, "Diganti", solved=False, admin="gudang@terminalku.example")
    [their_outlet], _ = outlets.of_merchants([theirs], "bri00999@example.com")
    root, state, call = account_tab("bri00123@example.com")
    call("load")
    assert state.service_cases == [] and {o.merchant_id for o in state.outlets} == {str(mine)}

    with write_session() as s:  # a second unit of theirs, with no case open: only ownership stops a report
        spare = Device(serial="SBRI00998", model="A920", status="aktif", received_by="gudang@terminalku.example",
                       merchant_id=theirs, tid="BRI00998", mid="000885099999999")  # fmt: skip
        s.add(spare)
        s.flush()
        their_spare = str(spare.id)
    from terminal_shop.state.account_service import ServiceState

    state.at(routes.ACCOUNT_SERVICE, perangkat=their_spare)  # another merchant's unit: no form
    state.open(ServiceState)
    call("report_problem", [], {"masalah": "kertas", "keterangan": "bukan punya saya"})
    call("media_open", their_case.id)
    call("upload_service_media", [rx.UploadFile(file=io.BytesIO(png(tmp_path / "m.png").read_bytes()))], their_case.id)
    call("pay_service_fee", their_case.id)
    call("order_paper", their_spare)  # an A920: it has a printer
    call("move_device", their_device, state.outlets[0].id)
    call("add_outlet", {"usaha": str(theirs), "nama": "Cabang Palsu", "alamat": "Jl. X", "kecamatan": "Y", "kota": "Z"})
    with read_session() as s:
        assert len(s.exec(select(ServiceCase)).all()) == 1 and s.exec(select(ServiceMedia)).all() == []
        assert (
            s.exec(select(DeviceOutlet)).all() == []
            and s.exec(select(Outlet).where(Outlet.name == "Cabang Palsu")).first() is None
        )
    assert root.get_substate(CheckoutState.get_full_name().split(".")[1:]).cart == {}
    assert their_outlet.merchant_id == str(theirs)
