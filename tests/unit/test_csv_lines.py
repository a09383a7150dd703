"""An upload's results as a page keeps them (issue 51.7): a file of 5,000 lines does not put
5,000 results into the tab's state, and the lines to fix are never the ones left out."""

from __future__ import annotations

from terminal_shop.services import csv_lines
from terminal_shop.services.orders.fulfilment import LineResult


def test_a_long_file_keeps_every_refused_line_first_and_says_how_many_there_were():
    results = [LineResult(n, f"N{n}", "dikirim" if n % 1000 else "resi kosong", n % 1000 != 0) for n in range(1, 5001)]
    kept, said = csv_lines.shown(results)
    assert len(kept) == csv_lines.SHOWN
    assert [r.line for r in kept if not r.ok] == [1000, 2000, 3000, 4000, 5000]
    assert [r.line for r in kept] == sorted(r.line for r in kept)
    assert said == "5000 baris: 4995 berhasil, 5 ditolak; ditampilkan 100 baris, yang ditolak lebih dahulu"


def test_a_short_file_is_kept_whole():
    results = [LineResult(1, "A", "dikirim", True), LineResult(2, "B", "Pesanan tidak ditemukan", False)]
    assert csv_lines.shown(results) == (results, "2 baris: 1 berhasil, 1 ditolak")
