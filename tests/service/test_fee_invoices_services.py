"""The merchant's monthly MDR invoice (issue 61.2) on this pass's real database: numbered in its own
series without gaps, once per merchant and month, its totals the ledger's entries of that month,
the PPN inside the MDR stated, sent by e-mail with the PDF and downloaded only by its owner."""

from __future__ import annotations

import base64
import csv
import io
from datetime import date, datetime, time, timedelta

import pytest
from pypdf import PdfReader
from sqlmodel import select
from test_transactions_services import active_device, deliver, txn

from terminal_shop.formats import WIB, rupiah
from terminal_shop.infra.db import read_session
from terminal_shop.refusals import Refused
from terminal_shop.services import working_days
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.registrations import tax_identity
from terminal_shop.services.transactions import fee_invoices, signers
from terminal_shop.services.transactions.tables import FeeInvoice, LedgerEntry
from terminal_shop.tax import Tax, TaxRefusal


def _last_month() -> date:
    return (working_days.today_wib().replace(day=1) - timedelta(days=1)).replace(day=1)


def _at(day: date, hour: int = 10) -> str:
    return datetime.combine(day, time(hour), WIB).isoformat()


def _ledger_mdr(month: date) -> int:
    """The MDR charged less the MDR returned, summed straight from the ledger's entries of the month."""
    lo = datetime.combine(month, time(0), WIB)
    hi = datetime.combine((month + timedelta(days=32)).replace(day=1), time(0), WIB)
    with read_session() as s:
        rows = s.exec(select(LedgerEntry).where(LedgerEntry.occurred_at >= lo, LedgerEntry.occurred_at < hi)).all()
    return -sum(e.amount for e in rows if e.kind == "mdr") - sum(e.amount for e in rows if e.kind == "mdr_kembali")


def _invoices() -> list[FeeInvoice]:
    with read_session() as s:
        return list(s.exec(select(FeeInvoice).order_by(FeeInvoice.number)))


def test_a_month_of_mdr_is_invoiced_once_numbered_without_gaps_and_equal_to_the_ledger(clean_db, tmp_path):
    secret = signers.add_acquirer("bri", "Bank BRI")
    month = _last_month()
    first = active_device(tmp_path)
    second = active_device(tmp_path, tid="BRI00777", mid="000885000000777")
    deliver(secret, {"transactions": [txn("K1", 1_000_000, "kredit", at=_at(month)), txn("D1", 400_000, "debit", at=_at(month)),
                                      dict(txn("T7", 2_000_000, "kredit", tid="BRI00777", at=_at(month + timedelta(days=1))),
                                           mid="000885000000777")]})  # fmt: skip
    deliver(secret, {"transactions": [dict(txn("K1", 500_000, "kredit", status="refund", at=_at(month + timedelta(days=2))),
                                           refund_id="RF1")]})  # fmt: skip
    deliver(secret, {"transactions": [txn("NOW", 300_000, "kredit")]})  # this month's: on next month's invoice

    assert fee_invoices.issue_month(month) == 2
    assert fee_invoices.issue_month(month) == 0  # a second round: nothing again, no number taken
    rows = _invoices()
    year = datetime.now(WIB).year
    assert [r.number for r in rows] == [f"MDR/{year}/000001", f"MDR/{year}/000002"]
    assert sum(r.total for r in rows) == _ledger_mdr(month) > 0
    mine = next(r for r in rows if r.merchant_id == first)
    [line] = mine.lines
    assert (line["mid"], line["count"], line["gross"]) == ("000885012345678", 2, 1_400_000)
    assert mine.total == line["mdr"] - line["back"] and line["back"] > 0  # the refund gave MDR back

    name, pdf = fee_invoices.download([first], mine.number)
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    tax = Tax.of(mine.total)
    assert name == mine.number.replace("/", "-") + ".pdf" and mine.number in text
    assert rupiah(mine.total) in text and rupiah(tax.ppn) in text and "PPN 12% x DPP" in text
    assert fee_invoices.download([second], mine.number) is None  # another merchant's: not found

    with read_session() as s:
        mail = s.exec(select(OutboxMessage).where(OutboxMessage.key == f"fee-invoice:{mine.number}")).one()
    assert "Invoice biaya MDR" in mail.subject and base64.b64decode(mail.attachment_pdf).startswith(b"%PDF")
    assert [f.number for f in fee_invoices.of_merchants([first])] == [mine.number]


def test_the_round_waits_for_the_first_working_day_of_the_month(clean_db):
    assert fee_invoices.issue_due(date(2026, 11, 1)) == 0  # a Sunday: Monday 2 November is the first working day


def test_a_round_too_small_for_every_merchant_leaves_the_rest_to_the_next(clean_db, tmp_path, monkeypatch):
    """A round invoices at most ISSUED_AT_ONCE merchants; the next takes the ones still without
    one (its first draft sliced before leaving out those done, and never reached the rest)."""
    secret = signers.add_acquirer("bri", "Bank BRI")
    month = _last_month()
    active_device(tmp_path)
    active_device(tmp_path, tid="BRI00777", mid="000885000000777")
    deliver(secret, {"transactions": [txn("K1", 1_000_000, "kredit", at=_at(month)),
                                      dict(txn("T7", 2_000_000, "kredit", tid="BRI00777", at=_at(month)), mid="000885000000777")]})  # fmt: skip
    monkeypatch.setattr(fee_invoices, "ISSUED_AT_ONCE", 1)
    assert [fee_invoices.issue_month(month) for _ in range(3)] == [1, 1, 0]
    assert len(_invoices()) == 2


def test_a_pkp_merchants_invoice_names_its_npwp_and_goes_to_coretax_with_its_totals(clean_db, tmp_path):
    """Issue 61.2: the owner says the business is a PKP (a 15-digit NPWP refused in words, nothing
    stored); its next invoice names the NPWP and NITKU, and the month's Coretax CSV holds it, with
    the invoice's total split as the invoice splits it; a merchant that is no PKP is left out."""
    secret = signers.add_acquirer("bri", "Bank BRI")
    month = _last_month()
    pkp = active_device(tmp_path)
    active_device(tmp_path, tid="BRI00777", mid="000885000000777")  # a merchant that is no PKP
    deliver(secret, {"transactions": [txn("K1", 1_000_000, "kredit", at=_at(month)),
                                      dict(txn("T7", 2_000_000, "kredit", tid="BRI00777", at=_at(month)), mid="000885000000777")]})  # fmt: skip
    form = {"pkp": "on", "tax_id": "09.254.294.3-407.000", "tax_nitku": "0925429434070000000000",
            "tax_name": "PT Warung Maju", "tax_address": "Jl. Kenjeran 10, Surabaya"}  # fmt: skip
    with pytest.raises(Refused) as short:
        tax_identity.save(pkp, form, "pemilik@example.com")
    assert short.value.code is TaxRefusal.TAX_ID and tax_identity.of_merchant(pkp) is None
    tax_identity.save(pkp, {**form, "tax_id": "0925 4294 3407 0000"}, "pemilik@example.com")
    assert tax_identity.of_merchant(pkp).tax_id == "0925429434070000"

    assert fee_invoices.issue_month(month) == 2
    mine = next(r for r in _invoices() if r.merchant_id == pkp)
    _, pdf = fee_invoices.download([pkp], mine.number)
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "NPWP/NIK 0925429434070000" in text and "NITKU 0925429434070000000000" in text and "PT Warung Maju" in text

    name, body = fee_invoices.coretax_csv(month.strftime("%Y-%m"))
    rows = list(csv.reader(io.StringIO(body)))
    tax = Tax.of(mine.total)
    assert name == f"coretax-mdr-{month:%Y-%m}.csv" and rows[0][3] == "NPWP/NIK Pembeli"
    assert [r[2:6] + r[8:12] for r in rows[1:]] == [
        [
            "04",
            "0925429434070000",
            "0925429434070000000000",
            "PT Warung Maju",
            mine.number,
            str(tax.price),
            str(tax.base),
            str(tax.ppn),
        ]
    ]  # only the PKP's, the other merchant's invoice needs no faktur
    assert tax.price + tax.ppn == mine.total
    tax_identity.save(pkp, {}, "pemilik@example.com")  # no longer a PKP
    assert (
        tax_identity.of_merchant(pkp) is None
        and len(list(csv.reader(io.StringIO(fee_invoices.coretax_csv(month.strftime("%Y-%m"))[1])))) == 1
    )
