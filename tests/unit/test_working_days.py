"""Working days as a merchant in Indonesia counts them."""

from __future__ import annotations

from datetime import UTC, date, datetime

from terminal_shop.services import working_days as wd


def test_weekends_and_national_holidays_are_skipped():
    assert wd.add_working_days(date(2026, 11, 27), 1) == date(2026, 11, 30)  # Friday -> Monday
    assert wd.add_working_days(date(2026, 11, 23), 1) == date(2026, 11, 24)  # an ordinary Monday
    # Nyepi (19 March 2026) and the Idul Fitri holidays with their joint leave days, 20-24 March.
    assert not wd.is_working_day(date(2026, 3, 19))
    assert wd.add_working_days(date(2026, 3, 18), 1) == date(2026, 3, 25)
    # Christmas Eve joint leave and Christmas: three working days from 23 Dec end on the 30th.
    assert wd.add_working_days(date(2026, 12, 23), 3) == date(2026, 12, 30)
    assert wd.add_working_days(date(2026, 8, 14), 1) == date(2026, 8, 18)  # Independence Day on a Monday


def test_days_are_named_in_indonesian_and_counted_in_wib():
    assert wd.spoken(date(2026, 11, 30)) == "Senin, 30 Nov 2026"
    assert wd.spoken(date(2026, 8, 17)) == "Senin, 17 Agu 2026"
    # 20:00 UTC on a Friday is already Saturday in Jakarta.
    assert wd.today_wib(datetime(2026, 11, 27, 20, 0, tzinfo=UTC)) == date(2026, 11, 28)


def test_the_review_promise_and_settlement_count_working_days():
    # Sent on a Thursday: verified by the third working day, over the weekend.
    assert wd.review_due(date(2026, 11, 26)) == date(2026, 12, 1)
    assert wd.review_due(date(2026, 12, 23)) == date(2026, 12, 30)  # over Christmas and its joint leave
    assert wd.settlement_day(date(2026, 11, 27)) == date(2026, 11, 30)  # Friday's money on Monday
