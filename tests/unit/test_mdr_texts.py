"""Every fee a page states is a figure of the MDR table (issue 51.4: the rates were written again
in the home page's texts, the product pages and a page description; the sentences are now made
from services/transactions/mdr.py, and this reads what the pages show)."""

from __future__ import annotations

import re
from datetime import date

from terminal_shop.reflex_compat.testing import page_components
from terminal_shop.services.transactions import mdr

PERCENT = re.compile(r"(\d+(?:,\d+)?)%")
RUPIAH = re.compile(r"Rp ?(\d{1,3}(?:\.\d{3})+)")
FEE_WORDS = ("MDR", "biaya admin", "flat")


def _table() -> tuple[set[str], set[int]]:
    return {mdr.percent_text(r.percent) for r in mdr.RULES}, {n for r in mdr.RULES for n in (r.up_to, r.flat) if n}


def _fee_sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.;:])\s|\\n|\"", text) if any(w in s for w in FEE_WORDS)]


def test_every_fee_a_page_states_is_in_the_table():
    from terminal_shop.terminal_shop import app

    percents, amounts = _table()
    wrong, read = {}, 0
    for route, tree in page_components(app):
        page = app._unevaluated_pages[route]
        text = f"{tree.render()} {page.description or ''}"
        for sentence in _fee_sentences(text):
            read += bool(PERCENT.search(sentence))
            figures = [f"{p}%" for p in PERCENT.findall(sentence) if f"{p}%" not in percents]
            figures += [a for a in RUPIAH.findall(sentence) if int(a.replace(".", "")) not in amounts]
            if figures:
                wrong.setdefault(route, []).append((sentence[:120], figures))
    assert wrong == {}
    assert read >= 8  # the home page's fee list, the three product pages, a description


def test_a_changed_rate_is_caught():
    percents, amounts = _table()
    sentence = "Kartu kredit: MDR flat 2,1% tanpa batas nominal"
    assert [f"{p}%" for p in PERCENT.findall(sentence) if f"{p}%" not in percents] == ["2,1%"]
    assert "Rp 7.500" in mdr.rate_text(mdr.A920_DEBIT_ABOVE) and 7_500 in amounts


def test_a_fee_above_a_bound_says_the_bound_beside_the_sale():
    """Issue 63.7: a Rp 700.900 QRIS sale's 0,3% read "QRIS usaha mikro: 0,3%", as if every amount paid it."""
    on = date(2026, 12, 1)
    assert mdr.fee_and_reason("qris", None, True, 700_900, on) == (2_103, "QRIS usaha mikro di atas Rp 500.000: 0,3%")
    assert mdr.fee_and_reason("qris", None, True, 500_000, on) == (0, "QRIS usaha mikro s/d Rp 500.000: 0%")
    assert (
        mdr.fee_and_reason("debit", "A920", False, 900_000, on)[1]
        == "Kartu debit A920 di atas Rp 750.000: flat Rp 7.500"
    )
    assert mdr.fee_and_reason("qris", None, False, 900_000, on)[1] == "QRIS: 0,7%"  # no bound below it: none said
