"""A merchant's payouts as a CSV file and as the rows of the monthly statement (issue 47.2, 59):
the same figures and words as "Pencairan" shows (payouts/book.py), only the merchant's own."""

from __future__ import annotations

import csv
import io
import uuid
from datetime import date, timedelta

from terminal_shop.formats import rupiah
from terminal_shop.infra.csv_export import neutralise
from terminal_shop.infra.db import read_session
from terminal_shop.services import working_days
from terminal_shop.services.payouts import book
from terminal_shop.services.transactions import ledger_reads

CSV_COLUMNS = ("Tanggal", "MID", "Acquirer", "Status", "Transaksi", "Penjualan", "MDR", "Refund", "Chargeback",
               "Penyesuaian", "Bersih", "Dikirim acquirer", "Selisih", "Rekening", "Referensi bank")  # fmt: skip
CSV_DAYS = 366


def csv_text(merchant_ids: list[uuid.UUID], today: date | None = None) -> str:
    """The last year's payouts, oldest first; amounts as plain numbers, every cell neutralised."""
    today = today or working_days.today_wib()
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    if not merchant_ids:
        return out.getvalue()
    with read_session() as s:
        found = ledger_reads.of_merchants(
            s, merchant_ids, 0, since=today - timedelta(days=CSV_DAYS), newest_first=False
        )
        rows = book.read(s, found, today)
    for b in rows:
        f = b.sums
        writer.writerow(neutralise(cell) for cell in (
            b.key.day.isoformat(), b.key.mid, b.key.acquirer.upper(), b.status.label, f.count, f.gross, f.mdr,
            f.refunds, f.chargebacks, f.corrections, f.net, "" if b.reported is None else b.reported,
            b.gap if b.reported is not None else "", b.account, b.reference))  # fmt: skip
    return out.getvalue()


def month_rows(merchant_ids: list[uuid.UUID], mid: str, first: date) -> list[tuple[str, str, str, str]]:
    """(day, status, net, bank reference) of one MID's payouts in the month starting `first`,
    for the monthly statement."""
    end = (first + timedelta(days=32)).replace(day=1)
    with read_session() as s:
        found = ledger_reads.of_merchants(s, merchant_ids, 0, since=first, until=end, mid=mid, newest_first=False)
        rows = book.read(s, found)
    return [(working_days.spoken(b.key.day), b.status.label, rupiah(b.sums.net), b.reference or "-") for b in rows]
