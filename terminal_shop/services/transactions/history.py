"""The merchant's transaction history: a filtered, paged list (date range in WIB, device,
channel, status), the figures of exactly that list (sales, count, fees, net, per device),
the last 30 days' sales per day, and the same list as a CSV file. Only what the
caller's reach holds (services/reach.py: the session's merchants, outlets' devices, a cashier's today)."""

from __future__ import annotations

import csv
import io
import uuid
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, func, select

from terminal_shop import catalogue
from terminal_shop.formats import WIB, day_text, rupiah, wib
from terminal_shop.infra.csv_export import neutralise
from terminal_shop.infra.db import read_session
from terminal_shop.services import working_days
from terminal_shop.services.devices.units import units
from terminal_shop.services.reach import Reach
from terminal_shop.services.transactions import ledger_reads, money
from terminal_shop.services.transactions.dashboard import (
    Figures,
    TxnLine,
    at_the_counter,
    figures,
    line,
    mine,
    payout_word,
    refund_texts,
    status_word,
)
from terminal_shop.services.transactions.tables import Transaction
from terminal_shop.services.transactions.terms import CHANNELS, TxnStatus
from terminal_shop.vocabulary import Term

PER_PAGE = 20
LONGEST = timedelta(days=366)  # one range at most a year: the list and the CSV stay quick


class FilterNote(Term):
    """Why the filters shown are not quite the ones asked for (the label is the merchant's text)."""

    BAD_DATE = "tanggal", "Tanggal tidak valid"
    TOO_LONG = "rentang", "Rentang paling lama 1 tahun"


CHART_DAYS = 30


@dataclass(frozen=True)
class Filters:
    """What the merchant asked for, already checked (`parse`)."""

    start: date
    end: date  # inclusive
    device: str = ""  # a device id of theirs, '' for all
    channel: str = ""  # debit, kredit, qris
    status: str = ""  # approved, void, refund
    page: int = 1

    @classmethod
    def parse(cls, raw: dict[str, str], today: date | None = None) -> tuple[Filters, FilterNote | None]:
        """Filters from a form or an address (dari, sampai as YYYY-MM-DD), and a note when a
        value could not be used as given (today, or the longest range, is used instead)."""
        today = today or working_days.today_wib()
        error: FilterNote | None = None
        try:
            start = date.fromisoformat(raw.get("dari") or today.isoformat())
            end = date.fromisoformat(raw.get("sampai") or max(start, today).isoformat())
        except ValueError:
            start, end, error = today, today, FilterNote.BAD_DATE
        if end < start:
            start, end = end, start
        if end - start > LONGEST:
            start, error = end - LONGEST, FilterNote.TOO_LONG
        channel = raw.get("kanal", "") if raw.get("kanal", "") in CHANNELS else ""
        status = raw.get("status", "") if raw.get("status", "") in TxnStatus.labels() else ""
        page = int(raw["halaman"]) if str(raw.get("halaman", "")).isdigit() else 1
        return cls(start, end, str(raw.get("perangkat", ""))[:36], channel, status, max(1, min(page, 10_000))), error

    def query(self) -> dict[str, str]:
        """The same filters as an address's query (the CSV link)."""
        q = {"dari": self.start.isoformat(), "sampai": self.end.isoformat()}
        return q | {
            k: v for k, v in (("perangkat", self.device), ("kanal", self.channel), ("status", self.status)) if v
        }


@dataclass(frozen=True)
class DeviceLine:
    id: str
    device: str  # "A920 Pro · SN ..."
    count: int
    sales: str


@dataclass(frozen=True)
class DayBar:
    day: str  # "26 Nov"
    sales: str
    percent: int  # of the busiest day, for the bar's width


@dataclass(frozen=True)
class HistoryPage:
    lines: list[TxnLine]
    figures: Figures  # of every transaction the filters match, not only this page's
    devices: list[DeviceLine]
    page: int
    pages: int


def _where(merchant_ids: Reach | list[uuid.UUID], f: Filters) -> list[Any]:
    start = datetime.combine(f.start, time(), WIB)
    end = datetime.combine(f.end + timedelta(days=1), time(), WIB)
    conds = [*mine(merchant_ids), col(Transaction.occurred_at) >= start, col(Transaction.occurred_at) < end]
    if f.device:
        try:
            conds.append(col(Transaction.device_id) == uuid.UUID(f.device))
        except ValueError:
            conds.append(col(Transaction.device_id).is_(None) & col(Transaction.device_id).is_not(None))
    if f.channel:
        conds.append(col(Transaction.channel) == f.channel)
    if f.status:
        conds.append(col(Transaction.status) == f.status)
    return conds


def _device_name(model: str | None, serial: str | None, tid: str) -> str:
    product = catalogue.product(model or "")
    return f"{product.short_name if product else model} · SN {serial}" if serial else f"TID {tid}"


def page_of(merchant_ids: Reach | list[uuid.UUID], f: Filters) -> HistoryPage:
    """The figures are money.py's rule summed over every row the filters match."""
    if not merchant_ids:
        return HistoryPage([], figures(0, 0, 0, 0, 0), [], 1, 1)
    where = _where(merchant_ids, f)
    unit = units()
    with read_session() as s:
        totals: Any = s.execute(sa.select(func.count(), *money.sums()).where(*where)).one()
        rows_total, count, sales, fees, refunds, net = totals
        pages = max(1, -(-int(rows_total) // PER_PAGE))
        page = min(f.page, pages)
        rows = s.exec(
            select(Transaction, unit.c.model, unit.c.serial)
            .join(unit, unit.c.id == col(Transaction.device_id), isouter=True)
            .where(*where).order_by(col(Transaction.occurred_at).desc(), col(Transaction.id))
            .offset((page - 1) * PER_PAGE).limit(PER_PAGE)
        ).all()  # fmt: skip
        per_device: Any = s.execute(
            sa.select(col(Transaction.device_id), col(Transaction.tid), unit.c.model, unit.c.serial,
                      func.count(), func.sum(Transaction.amount))
            .join(unit, unit.c.id == col(Transaction.device_id), isouter=True)
            .where(*where, col(Transaction.status).in_(money.COUNTED))
            .group_by(col(Transaction.device_id), col(Transaction.tid), unit.c.model, unit.c.serial)
            .order_by(func.sum(Transaction.amount).desc())
        ).all()  # fmt: skip
        notes = refund_texts(s, [t for t, _, _ in rows])
        payouts = ledger_reads.sale_payouts(s, [(t.acquirer, t.txn_id) for t, _, _ in rows])
    return HistoryPage(
        lines=[
            at_the_counter(line(t, model, serial, notes.get((t.acquirer, t.txn_id)), payouts), merchant_ids)
            for t, model, serial in rows
        ],
        figures=at_the_counter(figures(count, sales, fees, refunds, net), merchant_ids),
        devices=[
            DeviceLine(str(d or ""), _device_name(model, serial, tid), int(n), rupiah(int(a or 0)))
            for d, tid, model, serial, n, a in per_device
        ],
        page=page,
        pages=pages,
    )


def last_days(merchant_ids: Reach | list[uuid.UUID], today: date | None = None) -> list[DayBar]:
    """Approved sales per WIB day for the last CHART_DAYS days, oldest first, empty days too."""
    today = today or working_days.today_wib()
    first = today - timedelta(days=CHART_DAYS - 1)
    totals: dict[date, int] = {}
    if merchant_ids:
        start = datetime.combine(first, time(), WIB)
        with read_session() as s:
            rows = _daily_sums(s, merchant_ids, start)
        totals = dict(rows)
    busiest = max(totals.values(), default=0)
    days = [first + timedelta(days=i) for i in range(CHART_DAYS)]
    return [
        DayBar(day_text(d).rsplit(" ", 1)[0], rupiah(totals.get(d, 0)), round(100 * totals.get(d, 0) / busiest) if busiest else 0)
        for d in days
    ]  # fmt: skip


def chart_top(bars: list[DayBar]) -> str:
    """The busiest day's sales: the chart's vertical scale (issue 50.6: the chart had no axis)."""
    return next((b.sales for b in bars if b.percent == 100), rupiah(0))


def wib_day(s: Session) -> Any:
    """A transaction's WIB calendar day, as the database computes it."""
    if s.get_bind().dialect.name == "postgresql":
        return func.date(func.timezone("Asia/Jakarta", col(Transaction.occurred_at)))
    return func.date(col(Transaction.occurred_at), "+7 hours")  # SQLite keeps UTC text; WIB is UTC+7 all year


def _daily_sums(s: Session, merchant_ids: Reach | list[uuid.UUID], start: datetime) -> list[tuple[date, int]]:
    """Sums per WIB day, added up by the database (a day's rows never travel to Python)."""
    day = wib_day(s)
    rows = s.exec(
        select(day, func.sum(Transaction.amount))
        .where(*mine(merchant_ids), col(Transaction.occurred_at) >= start, col(Transaction.status).in_(money.COUNTED))
        .group_by(day)
    ).all()  # fmt: skip
    return [(d if isinstance(d, date) else date.fromisoformat(str(d)), int(n or 0)) for d, n in rows]


CSV_COLUMNS = ("Waktu (WIB)", "Perangkat", "TID", "MID", "Kanal", "Skema/penerbit", "Status", "Nominal", "Refund", "MDR", "Bersih",
               "RRN", "Kode approval", "Pencairan", "Status pencairan")  # fmt: skip


def csv_text(merchant_ids: Reach | list[uuid.UUID], f: Filters) -> str:
    """Every transaction the filters match, as the list shows them (amounts as plain numbers);
    every cell neutralised as the admin's exports are (an acquirer's text may start with =, +, @)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    if not merchant_ids:
        return out.getvalue()
    with read_session() as s:
        unit = units()
        rows = s.exec(
            select(Transaction, unit.c.model, unit.c.serial)
            .join(unit, unit.c.id == col(Transaction.device_id), isouter=True)
            .where(*_where(merchant_ids, f)).order_by(col(Transaction.occurred_at), col(Transaction.id))
        ).all()  # fmt: skip
        payouts = ledger_reads.sale_payouts(s, [(t.acquirer, t.txn_id) for t, _, _ in rows])
    for t, model, serial in rows:
        on, sent = payouts.get((t.acquirer, t.txn_id), (None, False))
        writer.writerow(neutralise(cell) for cell in [
            wib(t.occurred_at).removesuffix(" WIB"), _device_name(model, serial, t.tid), t.tid, t.mid,
            CHANNELS.get(t.channel, t.channel), t.scheme or "", status_word(t), t.amount, t.refunded, t.mdr,
            t.net, t.rrn or "", t.approval_code or "", on.isoformat() if on else "",
            payout_word(t, payouts).split(" ")[0].rstrip(":") if on or t.held else "",
        ])  # fmt: skip
    return out.getvalue()
