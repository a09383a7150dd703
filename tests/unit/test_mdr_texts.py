"""Every fee a page states is a figure of the MDR table (issue 51.4: the rates were written again
in the home page's texts, the product pages and a page description; the sentences are now made
from services/transactions/mdr.py, and this reads what the pages show)."""

from __future__ import annotations

import re

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
