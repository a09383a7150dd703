"""KlikBCA's CSV (services/orders/payments/statement.py reads the other shapes): a preamble naming the
account, the period and the currency, the header `Tanggal Transaksi,Keterangan,Cabang,
Jumlah,,Saldo`, dates `'DD/MM` whose year the period gives, `PEND` for a pending line, CR/DB
beside the amount, and a footer of totals that must equal the lines. The preamble and footer
come in the shapes KlikBCA has written them: `Kode Mata Uang : Rp` in one cell or
`Kode Mata Uang,:,Rp` in three, the currency `Rp`, `Rp.` or `IDR`."""

from __future__ import annotations

from datetime import date, datetime

from terminal_shop.formats import rupiah_cents
from terminal_shop.services.orders.payments.lines import PERIOD, Line, Statement, StatementError, amount
from terminal_shop.services.orders.payments.terms import StatementRefusal, StatementSource

BCA_HEADER = "Tanggal Transaksi"
RUPIAH = ("IDR", "RP")  # KlikBCA writes `Rp`; other exports `IDR`
FOOTER = ("Saldo Awal", "Mutasi Kredit", "Mutasi Debet", "Saldo Akhir")


def is_klikbca(rows: list[tuple[int, list[str]]]) -> bool:
    return any(cells and cells[0].strip().lower().startswith("no. rekening") for _, cells in rows[:10])


def read(rows: list[tuple[int, list[str]]]) -> Statement:
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
        raise StatementError(StatementRefusal.BCA_HEADER, rows[-1][0] if rows else 1)
    start, end = _period(facts)
    currency = facts.get("kode mata uang")
    if currency and currency[1].upper().rstrip(".") not in RUPIAH:
        raise StatementError(StatementRefusal.CURRENCY, currency[0], currency=currency[1])
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
        raise StatementError(StatementRefusal.PERIOD_MISSING, 1)
    n, text = facts["periode"]
    found = PERIOD.search(text)
    try:
        start, end = (datetime.strptime(d, "%d/%m/%Y").date() for d in found.groups()) if found else (None, None)
    except ValueError:
        start = end = None
    if start is None or end is None or start > end:
        raise StatementError(StatementRefusal.PERIOD, n, text=text[:40])
    return start, end


def _bca_line(n: int, cells: list[str], start: date, end: date) -> Line:
    if len(cells) < 4:
        raise StatementError(StatementRefusal.BCA_COLUMNS, n)
    when, description, money = cells[0].lstrip("'"), " ".join(cells[1].split()), cells[3]
    direction = next((c.upper() for c in cells[4:5] if c.upper() in ("CR", "DB")), "")
    balance = cells[5] if direction and len(cells) > 5 else (cells[4] if not direction and len(cells) > 4 else "")
    if not direction and money.upper().endswith(("CR", "DB")):
        money, direction = money[:-2], money[-2:].upper()
    if not direction:
        raise StatementError(StatementRefusal.DIRECTION, n)
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
        raise StatementError(StatementRefusal.BCA_DATE, n, text=text[:20]) from None
    for when in candidates:
        if start <= when <= end:
            return when
    raise StatementError(StatementRefusal.OUTSIDE, n, text=text, start=f"{start:%d/%m/%Y}", end=f"{end:%d/%m/%Y}")


def _check_totals(lines: list[Line], totals: list[tuple[int, str, int]]) -> None:
    """The footer's credit and debit totals against the lines read: a file cut short or
    edited by hand is refused. Pending lines may or may not be in them."""
    for n, label, stated in totals:
        credit = label.startswith("Mutasi Kredit")
        mine = [ln.amount_cents for ln in lines if ln.credit == credit]
        booked = [ln.amount_cents for ln in lines if ln.credit == credit and not ln.pending]
        if abs(stated) not in (abs(sum(mine)), abs(sum(booked))):
            read_ = rupiah_cents(abs(sum(booked)))
            raise StatementError(StatementRefusal.TOTALS, n, label=label, stated=rupiah_cents(abs(stated)), read=read_)
