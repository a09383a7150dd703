"""A statement's lines and what goes wrong reading them: the types every reader returns
(statement.py, klikbca.py) and amounts in either separator."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from terminal_shop.services.orders.payments.terms import StatementSource
from terminal_shop.services.refusals import Refused
from terminal_shop.vocabulary import Term

_EN = re.compile(r"\d{1,3}(,\d{3})+(\.\d{1,2})?|\d+(\.\d{1,2})?")
_ID = re.compile(r"\d{1,3}(\.\d{3})+(,\d{1,2})?|\d+(,\d{1,2})?")
PERIOD = re.compile(r"(\d{2}/\d{2}/\d{4})\s*-\s*(\d{2}/\d{2}/\d{4})")


class StatementRefusal(Term):
    """Why a statement file cannot be read; the label is the admin's text ({line}: where)."""

    EMPTY = "kosong", "Baris {line}: file kosong"
    NOT_CSV = "bukan-csv", "Baris {line}: bukan file CSV"
    TOO_LONG = "panjang", "Baris {line}: file lebih dari {most} baris"
    BROKEN = "rusak", "Baris {line}: format CSV rusak ({why})"
    UNKNOWN_FORMAT = (
        "format",
        "Baris {line}: bukan file mutasi yang dikenal: file mutasi BCA (KlikBCA) atau CSV dengan kolom date, "
        "description, amount",
    )
    COLUMNS = "kolom", "Baris {line}: kolom {missing} tidak ada di file. Kolom di file: {found}"
    DATE = "tanggal", "Baris {line}: tanggal '{text}' tidak terbaca, contoh 2026-11-25 atau 25/11/2026"
    AMOUNT = "jumlah", "Baris {line}: jumlah '{text}' tidak terbaca"
    BCA_HEADER = (
        "judul",
        "Baris {line}: baris judul 'Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo' tidak ditemukan",
    )
    CURRENCY = "mata-uang", "Baris {line}: mata uang {currency} tidak didukung, hanya Rupiah (Rp/IDR)"
    PERIOD_MISSING = "periode", "Baris {line}: baris 'Periode : dd/mm/yyyy - dd/mm/yyyy' tidak ditemukan"
    PERIOD = "periode-format", "Baris {line}: periode '{text}' tidak terbaca, contoh 01/11/2026 - 25/11/2026"
    BCA_COLUMNS = "kolom-kurang", "Baris {line}: kolom kurang: tanggal, keterangan, cabang, jumlah wajib ada"
    DIRECTION = "cr-db", "Baris {line}: tanda CR/DB tidak ditemukan"
    BCA_DATE = "tanggal-bca", "Baris {line}: tanggal '{text}' tidak terbaca, contoh '25/11"
    OUTSIDE = "di-luar-periode", "Baris {line}: tanggal {text} di luar periode {start} - {end}"
    TOTALS = (
        "total",
        "Baris {line}: {label} {stated} tidak sama dengan jumlah baris {read}: file terpotong atau diubah?",
    )


class StatementError(Refused):
    """The file cannot be read: `code` says why, `line` where (`text`: both, in the admin's words)."""

    code: StatementRefusal

    def __init__(self, code: StatementRefusal, line: int, **details: Any) -> None:
        super().__init__(code, line=line, **details)
        self.line = line


class ColumnsMissing(StatementError):
    """A QRIS report without the columns named for it: the admin picks from `found`."""

    def __init__(self, missing: list[str], found: list[str]) -> None:
        super().__init__(StatementRefusal.COLUMNS, 1, missing=", ".join(missing), found=", ".join(found))
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
        raise StatementError(StatementRefusal.AMOUNT, line, text=text.strip()[:30])
    try:
        cents = int(Decimal(plain) * 100)
    except InvalidOperation:
        raise StatementError(StatementRefusal.AMOUNT, line, text=text.strip()[:30]) from None
    return -cents if negative else cents
