"""The home page's fee estimate (services/transactions/mdr.py `estimate`): each channel's month
as transactions of the average amount, fees by the dashboard's own rules."""

from __future__ import annotations

from datetime import date

from terminal_shop.services.transactions import mdr

ON = date(2026, 11, 26)


def test_a_micro_merchants_qris_under_rp_500000_costs_nothing_and_above_it_0_3_percent():
    [small] = mdr.estimate("SOUNDBOX", True, {"qris": 15_000_000}, 100_000, ON)
    assert (small.channel, small.count, small.fee) == ("QRIS", 150, 0)
    [large] = mdr.estimate("SOUNDBOX", True, {"qris": 6_000_000}, 600_000, ON)
    assert (large.count, large.fee) == (10, 18_000)  # 0,3% of 600.000 = 1.800, ten times
    [regular] = mdr.estimate("SOUNDBOX", False, {"qris": 1_000_000}, 100_000, ON)
    assert regular.fee == 7_000  # 0,7% for a merchant that is not micro


def test_cards_follow_the_terminals_rules_and_the_last_smaller_transaction_counts_apart():
    debit, kredit = mdr.estimate("A920", True, {"debit": 250_000, "kredit": 1_000_000}, 100_000, ON)
    assert (debit.count, debit.fee) == (3, 2_500)  # 1% of 100.000 twice, then 1% of 50.000
    assert (kredit.count, kredit.fee) == (10, 19_000)  # 1,9%
    [flat] = mdr.estimate("A920", True, {"debit": 2_000_000}, 1_000_000, ON)
    assert flat.fee == 15_000  # above Rp 750.000: Rp 7.500 each
    assert mdr.estimate("SOUNDBOX", True, {"debit": 1_000_000}, 100_000, ON) == []  # a soundbox takes QRIS only
    assert [x.fee for x in mdr.estimate("D210", True, {"debit": 100_000}, 100_000, ON)] == [2_500]
