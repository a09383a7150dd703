"""A merchant's payouts as a CSV file and as the rows of the monthly statement (issue 47.2):
the same figures as "Pencairan" shows, only the merchant's own."""

from __future__ import annotations

import csv
import io
import uuid
from datetime import date, timedelta

from sqlmodel import col, select

from terminal_shop.formats import rupiah
from terminal_shop.infra.csv_export import neutralise
from terminal_shop.infra.db import read_session
from terminal_shop.services import working_days
from terminal_shop.services.payouts.tables import Payout
from terminal_shop.services.payouts.terms import PayoutStatus

CSV_COLUMNS = ("Tanggal", "MID", "Acquirer", "Status", "Transaksi", "Penjualan", "MDR", "Refund", "Chargeback",
               "Penyesuaian", "Bersih", "Rekening", "Referensi bank")  # fmt: skip
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
        rows = s.exec(
            select(Payout).where(col(Payout.merchant_id).in_(merchant_ids), col(Payout.settle_on) >= today - timedelta(days=CSV_DAYS))
            .order_by(col(Payout.settle_on), col(Payout.mid))
        ).all()  # fmt: skip
    for p in rows:
        writer.writerow(neutralise(cell) for cell in (
            p.settle_on.isoformat(), p.mid, p.acquirer.upper(), PayoutStatus.label_of(p.status), p.count, p.gross, p.mdr,
            p.refunds, p.chargebacks, p.adjustments, p.net, p.account, p.bank_reference or ""))  # fmt: skip
    return out.getvalue()


def month_rows(merchant_ids: list[uuid.UUID], mid: str, first: date) -> list[tuple[str, str, str, str]]:
    """(day, status, net, bank reference) of one MID's payouts in the month starting `first`,
    for the monthly statement."""
    end = (first + timedelta(days=32)).replace(day=1)
    with read_session() as s:
        rows = s.exec(
            select(Payout).where(col(Payout.merchant_id).in_(merchant_ids), col(Payout.mid) == mid,
                                 col(Payout.settle_on) >= first, col(Payout.settle_on) < end).order_by(col(Payout.settle_on))
        ).all()  # fmt: skip
    return [(working_days.spoken(p.settle_on), PayoutStatus.label_of(p.status), rupiah(p.net), p.bank_reference or "-")
            for p in rows]  # fmt: skip
