"""The back office as a daily tool: sorts, date ranges, URLs that restore a list, the
overview's figures. Against the real database (both modes)."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

from sqlmodel import col, delete, select, update

from terminal_shop.formats import WIB
from terminal_shop.infra.db import get_engine, read_session, write_session
from terminal_shop.services.backoffice import admin_overview
from terminal_shop.services.lists.list_query import ListQuery
from terminal_shop.services.lists.listing import COUNT_CAP
from terminal_shop.services.lists.tables import StatusTally
from terminal_shop.services.lists.terms import Period
from terminal_shop.services.orders import order_list
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import OrderStatus
from terminal_shop.services.registrations import merchant_list
from terminal_shop.services.registrations.terms import RegistrationStatus

from support.factories import make_order, merchant_row, wib_midnight


def names(page) -> list[str]:
    return [r.buyer for r in page.rows]


# ---------- the URL query ----------


# ---------- sorting and paging ----------


def test_orders_sort_by_total_name_and_status_and_page_through_each(clean_db):
    start = wib_midnight(3)
    for i in range(25):
        status = (OrderStatus.PAID_REVIEW, OrderStatus.CONFIRMED, OrderStatus.CANCELLED)[i % 3]
        make_order(
            f"Pembeli {i:02d}",
            total=100_000 + (i * 7919) % 25 * 1000,
            created=start + timedelta(minutes=i),
            status=status,
            method="QRIS",
        )
    by_total = order_list.list_page(sort="total", descending=True)
    totals = [int(r.total.replace("Rp", "").replace(".", "").strip()) for r in by_total.rows]
    assert totals == sorted(totals, reverse=True) and totals[0] == 124_000
    cheapest = order_list.list_page(sort="total", descending=False).rows[0]
    assert cheapest.total == "Rp 100.000"
    assert names(order_list.list_page(sort="nama", descending=False))[:3] == [
        "Pembeli 00",
        "Pembeli 01",
        "Pembeli 02",
    ]
    assert names(order_list.list_page(sort="nama", descending=True))[0] == "Pembeli 24"
    by_status = order_list.list_page(sort="status", descending=False, page=1)
    assert [r.status for r in by_status.rows] == ["cancelled"] * 8 + ["confirmed"] * 2

    for sort, descending in (("total", True), ("nama", False), ("status", False), ("tanggal", True)):
        # Next seeks from the last row, Previous from the first: the same rows as counting from the top.
        counted = [names(order_list.list_page(sort=sort, descending=descending, page=n)) for n in (1, 2, 3)]
        page, forward = order_list.list_page(sort=sort, descending=descending), []
        for n in (2, 3):
            forward.append(names(page))
            page = order_list.list_page(sort=sort, descending=descending, page=n, after=page.last_key)
        forward.append(names(page))
        assert forward == counted, sort
        assert not page.has_next and len(page.rows) == 5
        back = order_list.list_page(sort=sort, descending=descending, page=2, before=page.first_key)
        assert names(back) == counted[1] and back.has_next
    # A key that does not fit the sort (tampered, or from another sort) counts from the top.
    assert names(order_list.list_page(sort="total", page=2, after='["x"]')) == counted_page(2)


def counted_page(n: int) -> list[str]:
    return names(order_list.list_page(sort="total", page=n))


def test_merchants_sort_by_name_and_status(clean_db):
    start = wib_midnight(2)
    for i, (shop, status) in enumerate(
        [("Warung Citra", "approved"), ("Apotek Bunda", "pending"), ("Toko Budi", "rejected")]
    ):
        merchant_row(shop, start + timedelta(hours=i), status, n=i)
    by_name = merchant_list.list_page(sort="nama", descending=False)
    assert [r.nama_usaha for r in by_name.rows] == ["Apotek Bunda", "Toko Budi", "Warung Citra"]
    by_status = merchant_list.list_page(sort="status", descending=True)
    assert [r.status for r in by_status.rows] == ["rejected", "pending", "approved"]


# ---------- date ranges and counts ----------


def test_date_ranges_pick_wib_days_and_the_export_follows_the_list(clean_db):
    today = wib_midnight(0)
    make_order("Hari Ini", total=300_000, created=today + timedelta(minutes=1), status="confirmed", method="QRIS")
    make_order(
        "Kemarin Malam", total=200_000, created=today - timedelta(minutes=1), method="QRIS"
    )  # 23.59 WIB yesterday
    make_order("Minggu Lalu", total=100_000, created=wib_midnight(8) + timedelta(hours=3), method="QRIS")
    make_order("Bulan Lalu", total=50_000, created=wib_midnight(40), method="QRIS")
    assert names(order_list.list_page(period="hari-ini")) == ["Hari Ini"]
    assert names(order_list.list_page(period="7-hari")) == ["Hari Ini", "Kemarin Malam"]
    assert names(order_list.list_page(period="30-hari")) == ["Hari Ini", "Kemarin Malam", "Minggu Lalu"]
    day8 = (datetime.now(UTC).astimezone(WIB).date() - timedelta(days=8)).isoformat()
    only8 = order_list.list_page(period="pilih", start=day8, end=day8)
    assert names(only8) == ["Minggu Lalu"] and (only8.total, only8.capped) == (1, False)
    assert order_list.list_page(period="30-hari", status="confirmed").total == 1

    q = order_list.query_from({"periode": "30-hari", "urut": "total", "arah": "naik"})
    rows = list(csv.reader(io.StringIO(b"".join(order_list.export_csv(q)).decode().lstrip("\ufeff"))))
    assert [r[2] for r in rows[1:]] == ["Minggu Lalu", "Kemarin Malam", "Hari Ini"]
    assert describe(q) == ["Periode: 30 hari terakhir"]


def describe(q: ListQuery) -> list[str]:
    return q.describe(OrderStatus, None)


def test_common_words_are_counted_up_to_a_cap(clean_db):
    start = wib_midnight(1)
    rows = [
        Order(
            buyer_name=f"Andi {i}",
            buyer_email=f"andi{i}@example.com",
            buyer_phone="081234567890",
            shipping_address="Jl. A",
            items=[],
            subtotal=1000,
            total=1000,
            payment_method="QRIS",
            status="paid_review",
            created_at=start + timedelta(seconds=i),
        )
        for i in range(COUNT_CAP + 5)
    ]
    with write_session() as s:
        s.add_all(rows)
    found = order_list.list_page(search="andi")
    assert (found.total, found.capped, found.has_next, len(found.rows)) == (COUNT_CAP, True, True, 10)
    assert names(found)[0] == f"Andi {COUNT_CAP + 4}"
    exact = order_list.list_page()  # no search, no range: the exact tally
    assert (exact.total, exact.capped) == (COUNT_CAP + 5, False)
    assert order_list.list_page(search="andi 100").total == 6  # 100, 1000..1004


def test_the_stat_cards_stay_exact_across_the_tallys_stripes(clean_db):
    """Migration 0026 stripes each status over 16 rows on PostgreSQL: the cards add them up
    through inserts, status changes and deletes."""
    rows = [
        Order(buyer_name=f"Cici {i}", buyer_email=f"c{i}@example.com", buyer_phone="081234567890", shipping_address="Jl. A",
              items=[], subtotal=1000, total=1000, payment_method="QRIS" if i % 3 else "TRANSFER_BCA", status="paid_review")
        for i in range(60)
    ]  # fmt: skip
    with write_session() as s:
        s.add_all(rows)
    with write_session() as s:
        s.exec(
            update(Order).where(col(Order.buyer_name).in_([f"Cici {i}" for i in range(20)])).values(status="confirmed")
        )
        s.exec(delete(Order).where(col(Order.buyer_name).in_([f"Cici {i}" for i in range(50, 60)])))
    page = order_list.list_page()
    assert (page.total, page.cards["total"], page.cards["paid_review"], page.cards["confirmed"]) == (50, 50, 30, 20)
    assert order_list.list_page(method="QRIS").total == sum(1 for i in range(50) if i % 3)
    with read_session() as s:
        stripes = s.exec(select(StatusTally.slot).where(StatusTally.entity == "orders").distinct()).all()
    assert len(stripes) > 1 if get_engine().dialect.name == "postgresql" else stripes == [0]


# ---------- the overview ----------


def test_overview_figures_come_from_the_rows(clean_db):
    today = wib_midnight(0)
    yesterday = wib_midnight(1)
    make_order(
        "Satu",
        total=1_000_000,
        created=yesterday + timedelta(hours=2),
        status="confirmed",
        method="QRIS",
        confirmed_after=timedelta(hours=2),
    )
    make_order(
        "Dua",
        total=500_000,
        created=yesterday + timedelta(hours=5),
        status="confirmed",
        method="QRIS",
        confirmed_after=timedelta(hours=4),
    )
    make_order("Tiga", total=250_000, created=today + timedelta(minutes=5), status="cancelled", method="QRIS")
    make_order("Empat", total=99_000, created=today + timedelta(minutes=10), method="QRIS")  # waiting
    make_order("Lama", total=10_000, created=wib_midnight(40), method="QRIS")  # outside 30 days, but still waiting
    merchant_row("Toko A", datetime.now(UTC) - timedelta(days=3, minutes=1), "pending", n=1)
    merchant_row("Toko B", wib_midnight(1), "approved", n=2)

    view = admin_overview.overview(Period.LAST_7)
    assert len(view.days) == 7
    by_day = {d.date: (d.orders, d.revenue_text) for d in view.days}
    assert by_day[view.days[-1].date] == (2, "Rp 0")  # today: one cancelled, one waiting
    assert by_day[view.days[-2].date] == (2, "Rp 1.500.000")  # yesterday: both confirmed
    assert (view.orders, view.revenue, view.confirmed) == ("4", "Rp 1.500.000", "2")
    assert view.average_confirmation == "3 jam"
    orders_waiting, merchants_waiting, *queues = view.waiting
    shipping = [
        w for w in queues if not w.label.startswith(("Servis:", "Ganti rekening", "Retur"))
    ]  # others: their own tests
    # The shipping queues as the orders list counts them: both confirmed orders wait to be packed.
    assert [(w.label, w.count) for w in shipping] == [
        ("Perlu dikemas", 2),
        ("Perlu dikirim", 0),
        ("Dalam pengiriman", 0),
    ]
    assert "pengiriman=perlu-dikemas" in shipping[0].href
    assert (orders_waiting.count, orders_waiting.oldest) == (2, "1 bulan")
    assert "status=paid_review" in orders_waiting.href
    assert (merchants_waiting.count, merchants_waiting.oldest) == (1, "3 hari")
    counts = {c.badge.label: c.count for c in view.registrations}
    assert counts == {
        RegistrationStatus.PENDING.label: 1,
        RegistrationStatus.APPROVED.label: 1,
        RegistrationStatus.REJECTED.label: 0,
    }
    assert len(admin_overview.overview(Period.TODAY).days) == 1
    assert admin_overview.overview(Period.TODAY).orders == "2"
