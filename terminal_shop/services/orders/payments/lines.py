"""A statement's lines and what goes wrong reading them: the types every reader returns
(statement.py, klikbca.py) and amounts in either separator."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from terminal_shop.refusals import Refused
from terminal_shop.services.orders.payments.terms import StatementRefusal, StatementSource

_EN = re.compile(r"\d{1,3}(,\d{3})+(\.\d{1,2})?|\d+(\.\d{1,2})?")
_ID = re.compile(r"\d{1,3}(\.\d{3})+(,\d{1,2})?|\d+(,\d{1,2})?")
PERIOD = re.compile(r"(\d{2}/\d{2}/\d{4})\s*-\s*(\d{2}/\d{2}/\d{4})")


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
