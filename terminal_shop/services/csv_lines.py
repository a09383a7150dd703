"""A CSV an admin uploads to act on one line at a time (bulk shipping, stock by serial):
its non-empty lines with their numbers, a header line skipped, at most `limit` of them."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator


def each_line(data: bytes, header: re.Pattern[str], limit: int) -> Iterator[tuple[int, list[str]]]:
    """(line number, cells) of every line but empty ones and a first line `header` matches."""
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig", errors="replace"))))[: limit + 1]
    for n, cells in enumerate(rows, 1):
        if any(c.strip() for c in cells) and not (n == 1 and header.search(cells[0])):
            yield n, cells
