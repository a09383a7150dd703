"""Real CSV for spreadsheets: RFC 4180 quoting, UTF-8, no formula injection, streamed."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator

FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
BOM = "\ufeff"  # lets spreadsheet programs read the file as UTF-8


def neutralise(value: object) -> str:
    """A cell a spreadsheet will show as text, never run as a formula. A number is written as
    it is (a refund's -250000 stays a number: no formula can hide in an int)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_PREFIXES) else text


def stream(header: list[str], rows: Iterable[Iterable[object]], batch: int = 500) -> Iterator[bytes]:
    """Yields the file in chunks so memory stays flat however many rows there are."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\r\n")
    buf.write(BOM)
    writer.writerow(header)
    for n, row in enumerate(rows, 1):
        writer.writerow([neutralise(v) for v in row])
        if n % batch == 0:
            yield buf.getvalue().encode("utf-8")
            buf.seek(0)
            buf.truncate()
    yield buf.getvalue().encode("utf-8")
