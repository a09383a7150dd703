"""Bank statements and QRIS reports read into lines, with the standard library's csv.

Three shapes: KlikBCA's CSV (klikbca.py); a plain CSV with date, description and amount columns, for any other bank; and a QRIS report,
whose date, amount and bill-number columns the admin names (`Columns`). A file that does
not read is refused whole, naming the line and the reason in Indonesian: nothing of it
is stored. Pure functions: nothing here touches the database.
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
from collections import Counter
from dataclasses import replace
from datetime import date, datetime

from terminal_shop.formats import number
from terminal_shop.services.orders.payments import klikbca
from terminal_shop.services.orders.payments.lines import (
    Columns,
    ColumnsMissing,
    Line,
    Statement,
    StatementError,
    amount,
)
from terminal_shop.services.orders.payments.terms import StatementRefusal, StatementSource

__all__ = [
    "Columns",
    "ColumnsMissing",
    "Line",
    "Statement",
    "StatementError",
    "StatementRefusal",
    "amount",
    "read",
    "read_qris",
]

MAX_LINES = 200_000
PLAIN_COLUMNS = {
    "date": ("date", "tanggal"),
    "description": ("description", "keterangan"),
    "amount": ("amount", "jumlah"),
}
_BILL = re.compile(r"(?<![0-9A-Za-z])[0-9A-Fa-f]{8}(?![0-9A-Za-z])")


def read(data: bytes) -> Statement:
    """A bank statement: KlikBCA's CSV when it has its preamble, else the plain CSV."""
    rows = _rows(data)
    if klikbca.is_klikbca(rows):
        return _identified(klikbca.read(rows))
    return _identified(_read_plain(rows))


def read_qris(data: bytes, columns: Columns) -> Statement:
    rows = [(n, cells) for n, cells in _rows(data) if any(c.strip() for c in cells)]
    if not rows:
        raise StatementError(StatementRefusal.EMPTY, 1)
    header_line, header = rows[0]
    names = [h.strip() for h in header]
    index = {name.lower(): i for i, name in enumerate(names)}
    wanted = {"date": columns.date, "amount": columns.amount, "reference": columns.reference}
    missing = [name for name in wanted.values() if name.strip().lower() not in index]
    if missing:
        raise ColumnsMissing(missing, [n for n in names if n])
    at = {key: index[name.strip().lower()] for key, name in wanted.items()}
    lines = []
    for n, cells in rows[1:]:
        cells = cells + [""] * (len(names) - len(cells))
        reference = cells[at["reference"]].strip()
        found = _BILL.findall(reference)
        lines.append(
            Line(
                n,
                _any_date(cells[at["date"]], n),
                reference[:500],
                amount(cells[at["amount"]], n),
                reference=(found[0] if found else reference)[:100].upper(),
            )
        )
    return _identified(Statement(StatementSource.QRIS, "", tuple(lines)))


def _rows(data: bytes) -> list[tuple[int, list[str]]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")  # an older export: the figures are ASCII
    if "\x00" in text:
        raise StatementError(StatementRefusal.NOT_CSV, 1)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    rows = []
    try:
        for cells in reader:
            rows.append((reader.line_num, cells))
            if len(rows) > MAX_LINES:
                raise StatementError(StatementRefusal.TOO_LONG, reader.line_num, most=number(MAX_LINES))
    except csv.Error as exc:
        raise StatementError(StatementRefusal.BROKEN, reader.line_num, why=exc) from None
    return rows


def _read_plain(rows: list[tuple[int, list[str]]]) -> Statement:
    rows = [(n, cells) for n, cells in rows if any(c.strip() for c in cells)]
    if not rows:
        raise StatementError(StatementRefusal.EMPTY, 1)
    header_line, header = rows[0]
    names = [h.strip().lower() for h in header]
    found = {key: next((names.index(a) for a in aliases if a in names), None) for key, aliases in PLAIN_COLUMNS.items()}
    at = {key: i for key, i in found.items() if i is not None}
    if len(at) < len(PLAIN_COLUMNS):
        raise StatementError(StatementRefusal.UNKNOWN_FORMAT, header_line)
    lines = []
    for n, cells in rows[1:]:
        cells = cells + [""] * (len(names) - len(cells))
        lines.append(
            Line(
                n,
                _any_date(cells[at["date"]], n),
                " ".join(cells[at["description"]].split())[:500],
                amount(cells[at["amount"]], n),
            )
        )
    return Statement(StatementSource.BANK, "", tuple(lines))


def _any_date(text: str, n: int) -> date:
    t = text.strip().lstrip("'")
    for shape, size in (("%Y-%m-%d", 10), ("%d/%m/%Y", 10), ("%d-%m-%Y", 10)):
        try:
            return datetime.strptime(t[:size], shape).date()
        except ValueError:
            continue
    raise StatementError(StatementRefusal.DATE, n, text=t[:20])


def _identified(statement: Statement) -> Statement:
    """Each line's identity: its source, account, date, description, amount, balance and bill
    number, with how many identical lines came before it in the file. An overlapping export
    holds the same lines in the same order, so each gets the same identity again."""
    seen: Counter[tuple[object, ...]] = Counter()
    out = []
    for ln in statement.lines:
        key = (
            statement.source.value,
            statement.account,
            str(ln.booked_on or "PEND"),
            ln.description,
            ln.amount_cents,
            ln.balance_cents,
            ln.reference,
        )
        seen[key] += 1
        digest = hashlib.sha256(repr((*key, seen[key])).encode()).hexdigest()
        out.append(replace(ln, identity=digest))
    return replace(statement, lines=tuple(out))
