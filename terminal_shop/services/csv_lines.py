"""A CSV an admin uploads to act on one line at a time (bulk shipping, stock by serial):
its non-empty lines with their numbers, a header line skipped, at most `limit` of them."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from typing import Protocol, TypeVar


def each_line(data: bytes, header: re.Pattern[str], limit: int) -> Iterator[tuple[int, list[str]]]:
    """(line number, cells) of every line but empty ones and a first line `header` matches."""
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig", errors="replace"))))[: limit + 1]
    for n, cells in enumerate(rows, 1):
        if any(c.strip() for c in cells) and not (n == 1 and header.search(cells[0])):
            yield n, cells


class Result(Protocol):
    @property
    def line(self) -> int: ...

    @property
    def ok(self) -> bool: ...


R = TypeVar("R", bound=Result)
SHOWN = 100  # result lines a page keeps of one upload (a file may hold 5,000)


def shown(results: list[R]) -> tuple[list[R], str]:
    """What the page keeps of an upload's results: the refused lines first (what the admin
    must fix), then the others, at most SHOWN; and the whole file's count in words."""
    refused = [r for r in results if not r.ok]
    kept = sorted((refused + [r for r in results if r.ok])[:SHOWN], key=lambda r: r.line)
    said = f"{len(results)} baris: {len(results) - len(refused)} berhasil, {len(refused)} ditolak"
    if len(kept) < len(results):
        said += f"; ditampilkan {len(kept)} baris" + (", yang ditolak lebih dahulu" if refused else "")
    return kept, said
