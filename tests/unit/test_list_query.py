"""An admin list's query read from and written to its URL, and WIB periods."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from terminal_shop.services.lists.list_query import ListQuery, period_days
from terminal_shop.services.lists.terms import SortField
from terminal_shop.services.orders import order_list
from terminal_shop.services.registrations import merchant_list


def test_a_query_survives_its_url_and_bad_values_fall_back():
    q = ListQuery(
        search="budi",
        status="confirmed",
        method="QRIS",
        period="pilih",
        start="2026-11-01",
        end="2026-11-05",
        sort="total",
        descending=False,
        page=3,
    )
    url = q.url("/admin/orders")
    assert url.startswith("/admin/orders?q=budi&status=confirmed&metode=QRIS&periode=pilih")
    params = dict(p.split("=") for p in url.split("?")[1].split("&"))
    assert order_list.query_from(params) == q
    junk = {"status": "hacked", "metode": "CASH", "urut": "password", "hal": "-4", "arah": "x", "periode": "kemarin"}
    assert order_list.query_from(junk) == ListQuery()
    # Merchants cannot be sorted by total; the default query writes no parameters at all.
    assert merchant_list.query_from({"urut": "total"}).sort == SortField.DATE
    assert ListQuery().url("/admin") == "/admin"
    # A header clicked twice turns the sort around; another column starts in its own direction.
    assert q.sorted_by("total").descending is True and q.sorted_by("total").page == 1
    assert ListQuery().sorted_by("nama").descending is False


def test_periods_are_wib_days():
    at = datetime(2026, 11, 24, 18, 30, tzinfo=UTC)  # already 25 Nov in Jakarta
    assert period_days("hari-ini", now=at) == (at.date() + timedelta(days=1),) * 2
    first, last = period_days("7-hari", now=at)
    assert (last - first).days == 6 and str(last) == "2026-11-25"
    assert period_days("bulan-ini", now=at)[0].isoformat() == "2026-11-01"
    assert [str(d) for d in period_days("pilih", "2026-11-09", "2026-11-02")] == ["2026-11-02", "2026-11-09"]
    lo, hi = ListQuery(period="pilih", start="2026-11-02", end="2026-11-02").bounds()
    assert (lo.isoformat(), hi.isoformat()) == ("2026-11-01T17:00:00+00:00", "2026-11-02T17:00:00+00:00")
