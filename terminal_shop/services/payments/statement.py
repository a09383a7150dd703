"""Bank statements and QRIS reports read into lines, with the standard library's csv.

Three shapes: KlikBCA's CSV (a preamble naming the account and the period, the header
`Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo`, dates `'DD/MM` whose year the period
gives, `PEND` for a pending line, CR/DB beside the amount, a footer of totals); a plain
CSV with date, description and amount columns, for any other bank; and a QRIS report,
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
from dataclasses import dataclass, replace
from datetime import date, datetime
from decimal import Decimal, InvalidOperation

from terminal_shop.formats import rupiah_cents
from terminal_shop.vocabulary import StatementSource

MAX_LINES = 200_000
BCA_HEADER = "Tanggal Transaksi"
RUPIAH = ("IDR", "RP")  # KlikBCA writes `Rp`; other exports `IDR`
FOOTER = ("Saldo Awal", "Mutasi Kredit", "Mutasi Debet", "Saldo Akhir")
PLAIN_COLUMNS = {
    "date": ("date", "tanggal"),
    "description": ("description", "keterangan"),
    "amount": ("amount", "jumlah"),
}
_EN = re.compile(r"\d{1,3}(,\d{3})+(\.\d{1,2})?|\d+(\.\d{1,2})?")
_ID = re.compile(r"\d{1,3}(\.\d{3})+(,\d{1,2})?|\d+(,\d{1,2})?")
_PERIOD = re.compile(r"(\d{2}/\d{2}/\d{4})\s*-\s*(\d{2}/\d{2}/\d{4})")
_BILL = re.compile(r"(?<![0-9A-Za-z])[0-9A-Fa-f]{8}(?![0-9A-Za-z])")


class StatementError(ValueError):
    """The file cannot be read; the message names the line and says why, in Indonesian."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"Baris {line}: {reason}")
        self.line = line


class ColumnsMissing(StatementError):
    """A QRIS report without the columns named for it: the admin picks from `found`."""

    def __init__(self, missing: list[str], found: list[str]) -> None:
        super().__init__(1, f"kolom {', '.join(missing)} tidak ada di file. Kolom di file: {', '.join(found)}")
        self.found = found


@dataclass(frozen=True)
class Line:
    line: int  # the file's line number, as the admin's editor shows it
    booked_on: date | None  # None for a pending line
    description: str
    amount_cents: int  # a debit is negative
    pending: bool = False
    balance_cents: int | None = None
    reference: str = ""  # a QRIS report's bill number (the order number), upper case
    identity: str = ""  # the same line in any file that holds it (see `read`)

    @property
    def credit(self) -> bool:
        return self.amount_cents > 0

    @property
    def whole_rupiah(self) -> int | None:
        """The amount matching reads: a booked credit in whole rupiah, else None."""
        if self.pending or not self.credit or self.amount_cents % 100:
            return None
        return self.amount_cents // 100


@dataclass(frozen=True)
class Statement:
    source: StatementSource
    account: str
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class Columns:
    """A QRIS report's column names, as the admin mapped them once (reconcile.qris_columns)."""

    date: str = "Tanggal"
    amount: str = "Nominal"
    reference: str = "Bill Number"


def read(data: bytes) -> Statement:
    """A bank statement: KlikBCA's CSV when it has its preamble, else the plain CSV."""
    rows = _rows(data)
    if any(cells and cells[0].strip().lower().startswith("no. rekening") for _, cells in rows[:10]):
        return _identified(_read_bca(rows))
    return _identified(_read_plain(rows))


def read_qris(data: bytes, columns: Columns) -> Statement:
    rows = [(n, cells) for n, cells in _rows(data) if any(c.strip() for c in cells)]
    if not rows:
        raise StatementError(1, "file kosong")
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


def amount(text: str, line: int) -> int:
    """Cents from '3,498,873.00', '3.498.873,00', '3498873', '-150.000', 'Rp 1.000', '(500)'."""
    t = re.sub(r"\s|Rp|IDR", "", text.strip(), flags=re.IGNORECASE)
    negative = t.startswith("-") or (t.startswith("(") and t.endswith(")"))
    t = t.strip("+-()")
    if _EN.fullmatch(t):
        plain = t.replace(",", "")
    elif _ID.fullmatch(t):
        plain = t.replace(".", "").replace(",", ".")
    else:
        raise StatementError(line, f"jumlah '{text.strip()[:30]}' tidak terbaca")
    try:
        cents = int(Decimal(plain) * 100)
    except InvalidOperation:
        raise StatementError(line, f"jumlah '{text.strip()[:30]}' tidak terbaca") from None
    return -cents if negative else cents


def _rows(data: bytes) -> list[tuple[int, list[str]]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")  # an older export: the figures are ASCII
    if "\x00" in text:
        raise StatementError(1, "bukan file CSV")
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    rows = []
    try:
        for cells in reader:
            rows.append((reader.line_num, cells))
            if len(rows) > MAX_LINES:
                raise StatementError(reader.line_num, f"file lebih dari {MAX_LINES:,} baris".replace(",", "."))
    except csv.Error as exc:
        raise StatementError(reader.line_num, f"format CSV rusak ({exc})") from None
    return rows


def _read_bca(rows: list[tuple[int, list[str]]]) -> Statement:
    facts: dict[str, tuple[int, str]] = {}
    body = iter(rows)
    header: list[str] | None = None
    for n, cells in body:
        if cells and cells[0].strip().lstrip("'") == BCA_HEADER:
            header = [c.strip() for c in cells]
            break
        key, value = _preamble_fact(cells)
        if value:
            facts[key] = (n, value)
    if header is None:
        raise StatementError(
            rows[-1][0] if rows else 1,
            "baris judul 'Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo' tidak ditemukan",
        )
    start, end = _period(facts)
    currency = facts.get("kode mata uang")
    if currency and currency[1].upper().rstrip(".") not in RUPIAH:
        raise StatementError(currency[0], f"mata uang {currency[1]} tidak didukung, hanya Rupiah (Rp/IDR)")
    lines: list[Line] = []
    totals: list[tuple[int, str, int]] = []
    for n, cells in body:
        first = cells[0].strip() if cells else ""
        if not any(c.strip() for c in cells):
            continue
        if first.startswith(FOOTER):
            stated = _footer_figure(cells)
            if first.startswith(("Mutasi Kredit", "Mutasi Debet")) and stated:
                totals.append((n, first, amount(stated, n)))
            continue
        lines.append(_bca_line(n, [c.strip() for c in cells], start, end))
    _check_totals(lines, totals)
    account = facts.get("no. rekening", (0, ""))[1]
    return Statement(StatementSource.BCA, account, tuple(lines))


def _preamble_fact(cells: list[str]) -> tuple[str, str]:
    """('kode mata uang', 'Rp') from any of the shapes KlikBCA has written a preamble line in:
    `Kode Mata Uang : Rp` in one cell, `Kode Mata Uang,:,Rp` in three, a value quoted with `'`."""
    key, _, value = ",".join(cells).partition(":")
    return " ".join(key.strip(" ,").split()).lower(), value.strip(" ,").lstrip("'").strip()


def _footer_figure(cells: list[str]) -> str:
    """The amount of a footer line, whether it reads `Mutasi Kredit,"3,498,873.00",1`,
    `Mutasi Kredit : 3,498,873.00,1` or `Mutasi Kredit,:,3,498,873.00,1`."""
    _, colon, rest = cells[0].partition(":")
    after = ([rest] if colon else []) + cells[1:]
    figures = [c.strip() for c in after if c.strip() not in ("", ":")]
    return figures[0] if figures else ""


def _period(facts: dict[str, tuple[int, str]]) -> tuple[date, date]:
    if "periode" not in facts:
        raise StatementError(1, "baris 'Periode : dd/mm/yyyy - dd/mm/yyyy' tidak ditemukan")
    n, text = facts["periode"]
    found = _PERIOD.search(text)
    try:
        start, end = (datetime.strptime(d, "%d/%m/%Y").date() for d in found.groups()) if found else (None, None)
    except ValueError:
        start = end = None
    if start is None or end is None or start > end:
        raise StatementError(n, f"periode '{text[:40]}' tidak terbaca, contoh 01/11/2026 - 25/11/2026")
    return start, end


def _bca_line(n: int, cells: list[str], start: date, end: date) -> Line:
    if len(cells) < 4:
        raise StatementError(n, "kolom kurang: tanggal, keterangan, cabang, jumlah wajib ada")
    when, description, money = cells[0].lstrip("'"), " ".join(cells[1].split()), cells[3]
    direction = next((c.upper() for c in cells[4:5] if c.upper() in ("CR", "DB")), "")
    balance = cells[5] if direction and len(cells) > 5 else (cells[4] if not direction and len(cells) > 4 else "")
    if not direction and money.upper().endswith(("CR", "DB")):
        money, direction = money[:-2], money[-2:].upper()
    if not direction:
        raise StatementError(n, "tanda CR/DB tidak ditemukan")
    cents = abs(amount(money, n)) * (1 if direction == "CR" else -1)
    if when.upper() == "PEND":
        return Line(n, None, description[:500], cents, pending=True)
    return Line(n, _bca_date(when, n, start, end), description[:500], cents, balance_cents=_balance(balance, n))


def _balance(text: str, n: int) -> int | None:
    return amount(text, n) if text.strip() else None


def _bca_date(text: str, n: int, start: date, end: date) -> date:
    """'DD/MM' in the statement's period: its year is the period's start year, or its end
    year for a period that crosses New Year."""
    try:
        day, month = (int(part) for part in text.split("/"))
        candidates = [date(year, month, day) for year in sorted({start.year, end.year})]
    except ValueError:
        raise StatementError(n, f"tanggal '{text[:20]}' tidak terbaca, contoh '25/11") from None
    for when in candidates:
        if start <= when <= end:
            return when
    raise StatementError(n, f"tanggal {text} di luar periode {start:%d/%m/%Y} - {end:%d/%m/%Y}")


def _check_totals(lines: list[Line], totals: list[tuple[int, str, int]]) -> None:
    """The footer's credit and debit totals against the lines read: a file cut short or
    edited by hand is refused. Pending lines may or may not be in them."""
    for n, label, stated in totals:
        credit = label.startswith("Mutasi Kredit")
        mine = [ln.amount_cents for ln in lines if ln.credit == credit]
        booked = [ln.amount_cents for ln in lines if ln.credit == credit and not ln.pending]
        if abs(stated) not in (abs(sum(mine)), abs(sum(booked))):
            read_ = rupiah_cents(abs(sum(booked)))
            raise StatementError(
                n,
                f"{label} {rupiah_cents(abs(stated))} tidak sama dengan jumlah baris {read_}: file terpotong atau diubah?",
            )


def _read_plain(rows: list[tuple[int, list[str]]]) -> Statement:
    rows = [(n, cells) for n, cells in rows if any(c.strip() for c in cells)]
    if not rows:
        raise StatementError(1, "file kosong")
    header_line, header = rows[0]
    names = [h.strip().lower() for h in header]
    at = {}
    for key, aliases in PLAIN_COLUMNS.items():
        at[key] = next((names.index(a) for a in aliases if a in names), None)
    if None in at.values():
        raise StatementError(
            header_line,
            "bukan file mutasi yang dikenal: file mutasi BCA (KlikBCA) atau CSV dengan kolom date, description, amount",
        )
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
    raise StatementError(n, f"tanggal '{t[:20]}' tidak terbaca, contoh 2026-11-25 atau 25/11/2026")


def _identified(statement: Statement) -> Statement:
    """Each line's identity: its source, account, date, description, amount, balance and bill
    number, with how many identical lines came before it in the file. An overlapping export
    holds the same lines in the same order, so each gets the same identity again."""
    seen: Counter[tuple] = Counter()
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
