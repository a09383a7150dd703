"""The merchant's monthly statement (laporan) per MID, as a PDF: the month's sales, fees, refunds
and net, per day with the day the money was or will be paid, and per channel. Summed by the
database from the same rows the dashboard lists (history.py)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any
from urllib.parse import urlencode

import sqlalchemy as sa
from sqlmodel import col, func

from terminal_shop import routes
from terminal_shop.formats import WIB, day_text, rupiah, wib
from terminal_shop.infra.db import read_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.pdf import table_pdf
from terminal_shop.infra.pdf_text import latin
from terminal_shop.infra.settings import get_settings
from terminal_shop.services import reach, working_days
from terminal_shop.services.devices import units as device_units
from terminal_shop.services.reach import Reach
from terminal_shop.services.registrations.views import business_names
from terminal_shop.services.transactions import money
from terminal_shop.services.transactions.dashboard import mine
from terminal_shop.services.transactions.history import wib_day
from terminal_shop.services.transactions.tables import Transaction
from terminal_shop.services.transactions.terms import CHANNELS

MONTHS_OFFERED = 3  # this month and the two before it


@dataclass(frozen=True)
class Offered:
    label: str  # "Laporan Nov 2026 · MID 000885012345678"
    mid: str
    month: str  # "2026-11"


def months_back(today: date | None = None) -> list[date]:
    first = (today or working_days.today_wib()).replace(day=1)
    months = [first]
    for _ in range(MONTHS_OFFERED - 1):
        months.append((months[-1] - timedelta(days=1)).replace(day=1))
    return months


def mids_of(merchant_ids: Reach | list[uuid.UUID]) -> list[str]:
    """The MIDs of these merchants' terminals, and any their transactions came with."""
    if not merchant_ids:
        return []
    units = device_units.units()
    with read_session() as s:
        found: Any = s.execute(
            sa.union(
                sa.select(units.c.mid).where(
                    *reach.of(merchant_ids).where(units.c.merchant_id, units.c.id), units.c.mid.is_not(None)
                ),
                sa.select(col(Transaction.mid)).where(*mine(merchant_ids)),
            )
        ).all()
    return sorted(str(m) for (m,) in found if m)


def offered(merchant_ids: Reach | list[uuid.UUID]) -> list[Offered]:
    """The last MONTHS_OFFERED months of each MID, from the month of its first transaction on
    (issue 50.6: a new merchant was offered empty statements of months before it sold)."""
    firsts = _first_months(merchant_ids)  # a MID without a transaction has no statement yet
    return [
        Offered(f"Laporan {day_text(m).split(' ', 1)[1]} · MID {mid}", mid, m.strftime("%Y-%m"))
        for mid in sorted(firsts)
        for m in months_back()
        if m >= firsts[mid]
    ]


def _first_months(merchant_ids: Reach | list[uuid.UUID]) -> dict[str, date]:
    """Each MID's first transaction's WIB month (its first day)."""
    if not merchant_ids:
        return {}
    with read_session() as s:
        rows: Any = s.execute(
            sa.select(col(Transaction.mid), func.min(wib_day(s)))
            .where(*mine(merchant_ids)).group_by(col(Transaction.mid))
        ).all()  # fmt: skip
    return {str(mid): date.fromisoformat(str(day)[:10]).replace(day=1) for mid, day in rows if mid and day}


PayoutRows = Callable[[list[uuid.UUID], str, date], Sequence[tuple[str, str, str, str]]]


def render(
    merchant_ids: Reach | list[uuid.UUID], mid: str, month: str, payouts: PayoutRows | None = None
) -> bytes | None:
    """None when the MID is not one of these merchants', the month is not a month, or it is
    one no statement can have (before 2000, after this one: 9999-12 overflowed into a 500)."""
    try:
        first = date.fromisoformat(month + "-01")
    except ValueError:
        return None
    if not date(2000, 1, 1) <= first <= working_days.today_wib():
        return None
    if mid not in mids_of(merchant_ids):
        return None
    end = (first + timedelta(days=32)).replace(day=1)
    start_at, end_at = datetime.combine(first, time(), WIB), datetime.combine(end, time(), WIB)
    where = [*mine(merchant_ids), col(Transaction.mid) == mid,
             col(Transaction.occurred_at) >= start_at, col(Transaction.occurred_at) < end_at]  # fmt: skip
    counted = col(Transaction.status).in_(money.COUNTED)
    count, gross, fees, _, net = money.sums()
    with read_session() as s:
        day = wib_day(s)
        days: Any = s.execute(
            sa.select(day, count, gross, fees, net).where(*where).group_by(day).order_by(day)
        ).all()  # fmt: skip
        channels: Any = s.execute(
            sa.select(col(Transaction.channel), func.count(), func.sum(Transaction.amount), func.sum(Transaction.mdr))
            .where(*where, counted).group_by(col(Transaction.channel)).order_by(col(Transaction.channel))
        ).all()  # fmt: skip
        refunds = s.execute(
            sa.select(func.count().filter(col(Transaction.refunded) > 0), func.coalesce(func.sum(Transaction.refunded), 0)).where(*where)
        ).one()  # fmt: skip
        names = business_names(s, list(reach.of(merchant_ids).merchants))
    sent = payouts(list(reach.of(merchant_ids).merchants), mid, first) if payouts else ()
    return _pdf(mid, first, ", ".join(names), days, channels, refunds, sent)


def _pdf(mid: str, first: date, business: str, days: Any, channels: Any, refunds: Any,
         sent: Sequence[tuple[str, str, str, str]] = ()) -> bytes:  # fmt: skip
    s = get_settings()
    pdf = table_pdf(row_font_size=9, row_height=6)
    pdf.set_title(latin(f"Laporan {mid} {first:%Y-%m}"))
    pdf.set_author(latin(s.brand_name))
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 16)
    pdf.cell(0, 9, latin(s.brand_name), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "B", 13)
    pdf.cell(0, 8, latin(f"Laporan Transaksi {day_text(first).split(' ', 1)[1]}"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    pdf.multi_cell(0, 5, latin(f"{business}\nMID {mid}\nDibuat {wib(utcnow())}"))
    pdf.ln(3)
    count = sum(int(d[1]) for d in days)
    gross, fees, net = (sum(int(d[i]) for d in days) for i in (2, 3, 4))
    pdf.row([("Transaksi berhasil", 95, "L"), (str(count), 95, "R")])
    pdf.row([("Penjualan (bruto)", 95, "L"), (rupiah(gross), 95, "R")])
    pdf.row([("Biaya MDR", 95, "L"), (rupiah(fees), 95, "R")])
    pdf.row([(f"Pengembalian dana ({int(refunds[0])})", 95, "L"), ("-" + rupiah(int(refunds[1])), 95, "R")])
    pdf.row([("Bersih", 95, "L"), (rupiah(net), 95, "R")], bold=True)
    pdf.ln(4)
    widths = (46, 28, 40, 36, 40)
    pdf.row([("Tanggal", widths[0], "L"), ("Transaksi", widths[1], "R"), ("Penjualan", widths[2], "R"),
             ("MDR", widths[3], "R"), ("Bersih", widths[4], "R")], bold=True)  # fmt: skip
    for d, n, sales, fee, day_net in days:
        d = d if isinstance(d, date) else date.fromisoformat(str(d))  # SQLite's date() is text
        pdf.row([(day_text(d), widths[0], "L"), (str(n), widths[1], "R"), (rupiah(int(sales)), widths[2], "R"),
                 (rupiah(int(fee)), widths[3], "R"), (rupiah(int(day_net)), widths[4], "R")])  # fmt: skip
    pdf.ln(4)
    pdf.row([("Kanal", 64, "L"), ("Transaksi", 30, "R"), ("Penjualan", 50, "R"), ("MDR", 46, "R")], bold=True)
    for channel, n, sales, fee in channels:
        pdf.row([(CHANNELS.get(channel, channel), 64, "L"), (str(n), 30, "R"), (rupiah(int(sales or 0)), 50, "R"),
                 (rupiah(int(fee or 0)), 46, "R")])  # fmt: skip
    if sent:  # the payouts of the month, as Pencairan shows them (handed in by the caller: the payouts area reads them)
        pdf.ln(4)
        pdf.row(
            [("Pencairan", 64, "L"), ("Status", 36, "L"), ("Bersih", 44, "R"), ("Referensi bank", 46, "R")], bold=True
        )
        for day, status, net_text, reference in sent:
            pdf.row([(day, 64, "L"), (status, 36, "L"), (net_text, 44, "R"), (reference, 46, "R")])
    pdf.ln(3)
    pdf.set_font("Helvetica", "", 8)
    pdf.multi_cell(0, 4, latin("MDR dihitung per transaksi dan dibulatkan ke rupiah terdekat (setengah ke atas). "
                                "Pencairan H+1 hari kerja; hari Sabtu, Minggu dan libur nasional bukan hari kerja."))  # fmt: skip
    return bytes(pdf.output())


def links(merchant_ids: Reach | list[uuid.UUID]) -> list[dict[str, str]]:
    """Each monthly statement offered (from the merchant's first transaction on), with its link."""
    return [
        {"label": o.label, "link": f"{routes.API_ACCOUNT_STATEMENT}?{urlencode({'mid': o.mid, 'bulan': o.month})}"}
        for o in offered(merchant_ids)
    ]
