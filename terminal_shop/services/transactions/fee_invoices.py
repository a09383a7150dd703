"""The merchant's monthly MDR invoice (issue 61.2): on the first working day of a month each merchant
whose MIDs were charged MDR in the month before gets a numbered invoice (a series of its own, no
gaps), per MID the month's sales, their gross, the MDR charged and the MDR returned by refunds,
all summed from the ledger's entries of that month (WIB), with the PPN inside the MDR stated
(the published rates include it: docs/decisions.md, Payouts). A PDF on /akun/pencairan and by
e-mail."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, func, select

from terminal_shop.formats import WIB, day_text, rupiah
from terminal_shop.infra.db import next_in_series, read_session, write_session
from terminal_shop.infra.models import table_of
from terminal_shop.infra.pdf import table_pdf
from terminal_shop.infra.pdf_text import latin
from terminal_shop.infra.settings import get_settings
from terminal_shop.services import working_days
from terminal_shop.services.notifications import outbox
from terminal_shop.services.notifications.content import Content
from terminal_shop.services.notifications.emails import email
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.registrations import tax_identity
from terminal_shop.services.transactions.tables import FeeInvoice, FeeInvoiceCounter, LedgerEntry
from terminal_shop.services.transactions.terms import EntryKind
from terminal_shop.tax import CoretaxLine, TaxIdentity
from terminal_shop.tax import coretax_csv as coretax_layout

ISSUED_AT_ONCE = 200  # merchants one round invoices
# Per worker: the day a month was last found wholly invoiced. The hourly round sums a month of
# the ledger; once nothing is left it looks again the next day (a late first sale of the month).
_finished: dict[str, date] = {}


@dataclass(frozen=True)
class FeeInvoiceLine:
    """One invoice as /akun/pencairan lists it."""

    number: str
    month: str  # "Nov 2026"
    total: str


def _bounds(month: date) -> tuple[datetime, datetime]:
    first = month.replace(day=1)
    following = (first + timedelta(days=32)).replace(day=1)
    return datetime.combine(first, time(0), WIB), datetime.combine(following, time(0), WIB)


def _sums(s: Session, month: date) -> dict[uuid.UUID, list[dict[str, int | str]]]:
    """Per merchant and MID: the month's sales (count, gross), MDR charged and returned."""
    lo, hi = _bounds(month)
    e = LedgerEntry
    kind = col(e.kind)
    rows: Any = s.execute(sa.select(col(e.merchant_id), col(e.mid),
                         func.sum(sa.case((kind == EntryKind.SALE.value, 1), else_=0)),
                         func.sum(sa.case((kind == EntryKind.SALE.value, e.amount), else_=0)),
                         func.sum(sa.case((kind == EntryKind.MDR.value, -e.amount), else_=0)),
                         func.sum(sa.case((kind == EntryKind.MDR_BACK.value, e.amount), else_=0)))
                  .where(col(e.occurred_at) >= lo, col(e.occurred_at) < hi, col(e.merchant_id).is_not(None))
                  .group_by(col(e.merchant_id), col(e.mid)).order_by(col(e.mid))).all()  # fmt: skip
    found: dict[uuid.UUID, list[dict[str, int | str]]] = {}
    for merchant_id, mid, count, gross, mdr, back in rows:
        if merchant_id is not None and int(mdr or 0):
            found.setdefault(merchant_id, []).append(
                {
                    "mid": mid,
                    "count": int(count or 0),
                    "gross": int(gross or 0),
                    "mdr": int(mdr or 0),
                    "back": int(back or 0),
                }
            )
    return found


def _allocate(s: Session, when: datetime) -> str:
    year = when.astimezone(WIB).year
    return f"MDR/{year}/{next_in_series(s, table_of(FeeInvoiceCounter), year):06d}"


def issue_month(month: date, now: datetime | None = None) -> int:
    """Each merchant charged MDR in `month` and not yet invoiced for it: its invoice and e-mail,
    one transaction each (a number is taken only with its invoice)."""
    moment, key = now or datetime.now(WIB), month.strftime("%Y-%m")
    with read_session() as s:
        sums = _sums(s, month)
        done = set(s.exec(select(FeeInvoice.merchant_id).where(col(FeeInvoice.month) == key)))
    todo = [(merchant_id, lines) for merchant_id, lines in sums.items() if merchant_id not in done]
    issued = 0
    for merchant_id, lines in todo[:ISSUED_AT_ONCE]:  # the rest in the next round
        with write_session() as s:
            merchant = registrations.record(s, merchant_id)
            if merchant is None or merchant.purged_at is not None:
                continue
            total = sum(int(line["mdr"]) - int(line["back"]) for line in lines)
            row = FeeInvoice(number=_allocate(s, moment), merchant_id=merchant_id, month=key, lines=lines, total=total,
                             issued_at=moment)  # fmt: skip
            s.add(row)
            s.flush()
            said = Content(f"Invoice biaya MDR {_month_text(key)}", "Halo,",
                           [f"Terlampir invoice {row.number}: biaya MDR {merchant.nama_usaha} untuk {_month_text(key)}, "
                            f"{rupiah(total)} (termasuk PPN), sudah dipotong dari pencairan Anda."],
                           document=_pdf(row, merchant.nama_usaha, tax_identity.of(s, merchant_id)),
                           document_name=_file_name(row.number))  # fmt: skip
            mail = email(merchant.email, said)
            outbox.enqueue(s, f"fee-invoice:{row.number}", "merchant", str(merchant_id), mail)
        issued += 1
    if len(todo) <= ISSUED_AT_ONCE:
        _finished[key] = working_days.today_wib()
    return issued


def issue_due(today: date | None = None) -> int:
    """The background round: from the first working day of a month, last month's invoices."""
    day = today or working_days.today_wib()
    first_working = day.replace(day=1)
    while not working_days.is_working_day(first_working):
        first_working += timedelta(days=1)
    month = (day.replace(day=1) - timedelta(days=1)).replace(day=1)
    if day < first_working or _finished.get(month.strftime("%Y-%m")) == day:
        return 0
    return issue_month(month)


def _month_text(key: str) -> str:
    return day_text(date.fromisoformat(f"{key}-01")).split(" ", 1)[1]


def _file_name(number: str) -> str:
    return number.replace("/", "-") + ".pdf"


def of_merchants(merchant_ids: list[uuid.UUID]) -> list[FeeInvoiceLine]:
    if not merchant_ids:
        return []
    with read_session() as s:
        rows = s.exec(select(FeeInvoice).where(col(FeeInvoice.merchant_id).in_(merchant_ids))
                      .order_by(col(FeeInvoice.month).desc(), col(FeeInvoice.number))).all()  # fmt: skip
    return [FeeInvoiceLine(r.number, _month_text(r.month), rupiah(r.total)) for r in rows]


def download(merchant_ids: list[uuid.UUID], number: str) -> tuple[str, bytes] | None:
    """One of these merchants' invoices as a PDF; None for anyone else's."""
    with read_session() as s:
        row = s.exec(select(FeeInvoice).where(col(FeeInvoice.number) == str(number)[:30])).first()
        merchant = registrations.record(s, row.merchant_id) if row is not None else None
        tax = tax_identity.of(s, row.merchant_id) if row is not None else None
    if row is None or merchant is None or row.merchant_id not in merchant_ids:
        return None
    return _file_name(row.number), _pdf(row, merchant.nama_usaha, tax)


def coretax_csv(month: str) -> tuple[str, str]:
    """(file name, CSV) of a month's MDR invoices to PKP merchants ("2026-11": the invoices for
    November's fees), in the layout the buyers' orders go to Coretax in (terminal_shop/tax.py)."""
    key = str(month)[:7]
    with read_session() as s:
        rows = s.exec(select(FeeInvoice).where(col(FeeInvoice.month) == key).order_by(col(FeeInvoice.number))).all()
        lines = []
        for r in rows:
            merchant, tax = registrations.record(s, r.merchant_id), tax_identity.of(s, r.merchant_id)
            if merchant is not None and tax is not None:
                lines.append(CoretaxLine(r.issued_at.astimezone(WIB).date(), tax, merchant.email, r.number, r.total))
    return f"coretax-mdr-{key}.csv", coretax_layout(lines)


def _pdf(row: FeeInvoice, business: str, pkp: TaxIdentity | None = None) -> bytes:
    s = get_settings()
    pdf = table_pdf()
    pdf.set_title(latin(f"Invoice {row.number}"))
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 14)
    pdf.cell(0, 8, latin(f"INVOICE BIAYA MDR {row.number}"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 9)
    buyer = f"{pkp.name}, {pkp.address}\nNPWP/NIK {pkp.tax_id} · NITKU {pkp.nitku}" if pkp else business
    pdf.multi_cell(0, 5, latin(f"{s.brand_name}, {s.seller_address}, NPWP {s.seller_npwp}\nKepada: {buyer}\n"
                               f"Periode: {_month_text(row.month)} (transaksi menurut tanggal WIB)"),
                   new_x="LMARGIN", new_y="NEXT")  # fmt: skip
    pdf.ln(3)
    widths = (40, 22, 42, 42, 42)
    pdf.row([("MID", widths[0], "L"), ("Transaksi", widths[1], "R"), ("Penjualan", widths[2], "R"),
                    ("MDR dikenakan", widths[3], "R"), ("MDR dikembalikan", widths[4], "R")], bold=True)  # fmt: skip
    for line in row.lines:
        pdf.row([(str(line["mid"]), widths[0], "L"), (str(line["count"]), widths[1], "R"), (rupiah(int(line["gross"])), widths[2], "R"),
                 (rupiah(int(line["mdr"])), widths[3], "R"), (rupiah(int(line["back"])), widths[4], "R")])  # fmt: skip
    label = sum(widths[:4])
    pdf.ln(2)
    pdf.row([("Total biaya MDR (termasuk PPN)", label, "R"), (rupiah(row.total), widths[4], "R")])
    pdf.tax_rows(row.total, label, widths[4])
    pdf.ln(3)
    pdf.set_font("Helvetica", "", 8)
    pdf.multi_cell(0, 4, latin("Biaya MDR sudah dipotong dari pencairan harian; invoice ini tidak perlu dibayar lagi."),
                   new_x="LMARGIN", new_y="NEXT")  # fmt: skip
    return bytes(pdf.output())
