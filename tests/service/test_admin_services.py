"""Back-office services against the real database and storage."""

from __future__ import annotations

import csv
import io
import re
import threading
import uuid
from datetime import timedelta

import pytest
from sqlalchemy import text as sql
from sqlmodel import select

from terminal_shop.infra import csv_export
from terminal_shop.infra.db import get_engine, read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.backoffice import admin_merchants, merchant_actions
from terminal_shop.services.orders import order_list, transitions
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import ChangeRefusal
from terminal_shop.services.registrations import admin_edit, merchant_list
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.team import admin_auth

from support.factories import ADMIN, audit_rows, make_merchant, make_order

# ---------- helpers that write rows as the site does ----------


# ---------- sign-in ----------


# ---------- orders ----------


def test_order_stats_list_pages_and_filters(clean_db):
    base = utcnow()
    for i in range(23):
        make_order(
            name=f"Pembeli {i:02d}",
            email=f"p{i}@example.com",
            phone=f"0812000000{i:02d}",
            created=base - timedelta(minutes=i),
            status=("paid_review", "confirmed", "cancelled")[i % 3],
            method=("TRANSFER_BCA", "QRIS")[i % 2],
        )
    assert order_list.stats() == {"total": 23, "pending": 0, "paid_review": 8, "confirmed": 8, "cancelled": 7}
    page1 = order_list.list_page()
    assert (page1.total, page1.pages, len(page1.rows)) == (23, 3, 10)
    assert page1.rows[0].buyer == "Pembeli 00"  # newest first
    assert len(order_list.list_page(page=3).rows) == 3
    assert order_list.list_page(page=99).rows == []
    assert {r.status for r in order_list.list_page(status="confirmed").rows} == {"confirmed"}
    assert order_list.list_page(method="QRIS").total == 11
    assert order_list.list_page(status="paid_review", method="QRIS").total == 4
    assert order_list.list_page(search="pembeli 07").total == 1
    assert order_list.list_page(search="P7@EXAMPLE").total == 1
    assert order_list.list_page(search="081200000013").total == 1
    assert order_list.list_page(search="50%_").total == 0
    shipping = {"perlu-dikemas": 8, "perlu-dikirim": 0, "dalam-pengiriman": 0, "diterima": 0, "mencurigakan": 0}
    assert page1.cards == order_list.stats() | shipping  # the shipping and proof filters' counts beside the cards
    assert order_list.list_page(fulfilment="perlu-dikemas").total == 8
    assert order_list.list_page(fulfilment="perlu-dikemas", method="QRIS").total == 4


def test_search_finds_every_row_that_contains_the_text(clean_db):
    make_order(name="Rina Lestari", email="rina.lestari@gmail.com", phone="081311112222")
    make_order(name="Karina Lestari Putri", email="karina.lestari@gmail.com.sg", phone="6281311112222")
    make_order(name="Toko @rina 99", email="toko99@yahoo.co.id", phone="085700001111")
    make_order(name="Ab", email="ab@gmail.com", phone="089800001111")

    def found(text: str, **kw) -> list[str]:
        page = order_list.list_page(search=text, **kw)
        assert page.total == len(page.rows)
        return sorted(r.buyer for r in page.rows)

    assert found("RINA.LESTARI@gmail.com") == [
        "Karina Lestari Putri",
        "Rina Lestari",
    ]  # a whole address, and one that contains it
    assert found("lestari@gmail.com.sg") == ["Karina Lestari Putri"]
    assert found("ab@gmail") == ["Ab"]  # a short name before the @
    assert found("@rina") == ["Toko @rina 99"]  # names may hold what e-mails do
    assert found("rina lestari") == ["Karina Lestari Putri", "Rina Lestari"]
    assert found("1311112222") == ["Karina Lestari Putri", "Rina Lestari"]
    assert found("99") == ["Toko @rina 99"]  # in a name, not only in phones
    assert found("gmail.com", status="paid_review") == ["Ab", "Karina Lestari Putri", "Rina Lestari"]
    assert found("gmail com") == []
    # A page past the matches still says how many there are; Next within a search counts too.
    assert order_list.list_page(search="gmail", page=9).total == 3
    first = order_list.list_page(search="a")
    assert order_list.list_page(search="a", page=2, after=first.last_key).total == first.total == 4


def test_next_and_previous_seek_the_pages_counting_would_show(clean_db):
    base = utcnow()
    for i in range(35):  # three rows share each timestamp: the id breaks ties
        make_order(
            name=f"P{i:02d}", created=base - timedelta(minutes=i // 3), status=("paid_review", "confirmed")[i % 2]
        )
    for status in ("", "confirmed"):
        counted = [[r.id for r in order_list.list_page(status=status, page=n).rows] for n in (1, 2, 3, 4)]
        page, forward = order_list.list_page(status=status), []
        for n in (2, 3, 4):
            forward.append([r.id for r in page.rows])
            page = order_list.list_page(status=status, page=n, after=page.last_key)
        forward.append([r.id for r in page.rows])
        assert forward == counted
        backward = []
        for n in (3, 2, 1):
            page = order_list.list_page(status=status, page=n, before=page.first_key)
            backward.insert(0, [r.id for r in page.rows])
        assert backward == counted[:3]
    every = [i for rows in counted for i in rows]
    assert len(every) == len(set(every)) == 17  # confirmed: every odd one, none twice
    # A new order arriving while the admin pages on does not shift the rows they move to.
    second = order_list.list_page(page=2, after=order_list.list_page().last_key)
    third = [r.id for r in order_list.list_page(page=3).rows]
    make_order(name="Baru")
    seeked = order_list.list_page(page=3, after=second.last_key)
    assert [r.id for r in seeked.rows] == third and seeked.total == 36
    assert [r.id for r in order_list.list_page(page=3).rows] != third  # counting from the top shifted by one


def test_stat_cards_follow_every_write(clean_db, tmp_path):
    from sqlalchemy import delete, func, update

    def counted(model) -> dict[str, int]:
        with read_session() as s:
            return dict(s.exec(select(model.status, func.count()).group_by(model.status)).all())

    def cards_match() -> None:
        o, m = order_list.stats(), merchant_list.stats()
        assert {k: v for k, v in o.items() if k != "total" and v} == counted(Order) and o["total"] == sum(
            counted(Order).values()
        )
        assert {k: v for k, v in m.items() if k != "total" and v} == counted(MerchantRegistration)

    a, b, c = make_order(method="QRIS"), make_order(), make_order()
    cards_match()
    transitions.confirm(str(a.id), ADMIN)
    transitions.reject(str(b.id), "Bukti palsu", ADMIN)
    cards_match()
    assert order_list.list_page(status="confirmed", method="QRIS").total == 1
    with write_session() as s:  # any writer, not only our services, keeps the cards right
        s.exec(update(Order).where(Order.id == c.id).values(payment_method="QRIS", status="pending"))
        s.exec(delete(Order).where(Order.id == a.id))
    cards_match()
    assert order_list.list_page(method="QRIS").total == 1
    mid = make_merchant(tmp_path)
    make_merchant(tmp_path, email="dua@example.com", hp="0813-1111-2222")
    cards_match()
    form = admin_merchants.detail(str(mid)).form | {"status": "approved"}
    admin_edit.save(str(mid), form, ADMIN)
    cards_match()
    assert merchant_list.list_page(status="approved").total == 1
    merchant_actions.delete(str(mid), ADMIN)
    cards_match()
    assert merchant_list.stats() == {"total": 1, "pending": 1, "approved": 0, "rejected": 0}


def test_migration_counts_rows_that_were_there_before_it(clean_db):
    from alembic import command
    from terminal_shop.cli import migrate

    command.downgrade(migrate.alembic_config(), "754a1e16799e")
    try:
        with get_engine().begin() as conn:  # rows as the first revision's table holds them
            for status in ("confirmed", "confirmed", "cancelled"):
                conn.execute(
                    sql(
                        "INSERT INTO orders (id, created_at, updated_at, buyer_name, buyer_phone, buyer_email,"
                        " shipping_address, items, subtotal, shipping_fee, total, payment_method, status)"
                        " VALUES (:id, :now, :now, 'Budi', '081234567890', 'budi@example.com', 'Jl. Darmo No. 12',"
                        " '[]', 349000, 0, 349000, 'TRANSFER_BCA', :status)"
                    ),
                    {
                        "id": uuid.uuid4().hex if conn.dialect.name == "sqlite" else str(uuid.uuid4()),
                        "now": utcnow(),
                        "status": status,
                    },
                )
    finally:
        migrate.upgrade()
    assert order_list.stats() == {"total": 3, "pending": 0, "paid_review": 0, "confirmed": 2, "cancelled": 1}
    make_order()
    assert order_list.stats()["paid_review"] == 1


def test_order_search_by_number_and_full_id(clean_db):
    target = make_order(name="Target")
    make_order(name="Other")
    number = str(target.id)[:8].upper()
    assert [r.buyer for r in order_list.list_page(search=number).rows] == ["Target"]
    assert [r.buyer for r in order_list.list_page(search=str(target.id)).rows] == ["Target"]
    # Eight digits that are no order number still search phones.
    make_order(name="Telepon", phone="081299887766")
    assert [r.buyer for r in order_list.list_page(search="12998877").rows] == ["Telepon"]


def test_confirm_and_reject_are_one_way_and_audited(clean_db):
    a, b = make_order(name="A"), make_order(name="B")
    transitions.confirm(str(a.id), ADMIN)
    with pytest.raises(transitions.TransitionError) as refused:
        transitions.reject(str(b.id), "   ", ADMIN)
    assert refused.value.code is ChangeRefusal.REASON_REQUIRED
    transitions.reject(str(b.id), "Nominal transfer kurang", ADMIN)
    with pytest.raises(transitions.TransitionError):
        transitions.reject(str(a.id), "terlambat", ADMIN)
    with pytest.raises(transitions.TransitionError):
        transitions.confirm(str(b.id), ADMIN)
    with read_session() as s:
        a, b = s.get(Order, a.id), s.get(Order, b.id)
    assert (a.status, b.status) == ("confirmed", "cancelled")
    assert b.note.startswith("[") and b.note.endswith("] DITOLAK: Nominal transfer kurang") and "WIB" in b.note
    assert b.updated_at > b.created_at
    assert [(e.action, e.entity_id, e.old_status, e.new_status, e.admin_email) for e in audit_rows()] == [
        ("confirm", str(a.id), "paid_review", "confirmed", ADMIN),
        ("reject", str(b.id), "paid_review", "cancelled", ADMIN),
    ]


def test_two_admins_at_once_cannot_both_win(clean_db):
    order = make_order()
    outcomes = []

    def act(kind):
        try:
            transitions.confirm(str(order.id), "a@x") if kind == "c" else transitions.reject(
                str(order.id), "ditolak", "b@x"
            )
            outcomes.append(kind)
        except transitions.TransitionError:
            outcomes.append("lost")

    threads = [threading.Thread(target=act, args=(k,)) for k in "crcrcr"]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes).count("lost") == 5
    assert len(audit_rows()) == 1


def test_orders_csv_is_real_csv_with_filters(clean_db):
    make_order(name='=HYPERLINK("http://evil")', email="a@example.com", status="confirmed")
    make_order(name='Budi, "Toko" Jaya\nSurabaya', email="b@example.com")
    make_order(name="-2+3", email="c@example.com", phone="+6281234567890", method="QRIS")
    raw = b"".join(order_list.export_csv()).decode("utf-8")
    assert raw.startswith("\ufeffTanggal,Order ID,Nama,Email,Telepon,Metode,Status,Total\r\n")
    rows = list(csv.reader(io.StringIO(raw.lstrip("\ufeff"))))
    names = {r[2] for r in rows[1:]}
    assert names == {'\'=HYPERLINK("http://evil")', 'Budi, "Toko" Jaya\nSurabaya', "'-2+3"}
    assert all(re.fullmatch(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}", r[0]) for r in rows[1:])  # WIB, sortable
    assert {r[4] for r in rows[1:]} >= {"'+6281234567890"}
    only_qris = list(csv.reader(io.StringIO(b"".join(order_list.export_csv(method="QRIS")).decode().lstrip("\ufeff"))))
    assert len(only_qris) == 2 and only_qris[1][5] == "QRIS"
    # The list finds a typed order number; the export searches without the id (docs/decisions.md).
    number = rows[1][1]
    assert len(order_list.list_page(search=number).rows) == 1
    assert list(csv.reader(io.StringIO(b"".join(order_list.export_csv(search=number)).decode().lstrip("\ufeff")))) == [
        rows[0]
    ]


def test_csv_streams_in_chunks():
    chunks = list(csv_export.stream(["a"], ([i] for i in range(2000)), batch=500))
    assert len(chunks) >= 4
    assert csv_export.neutralise("@SUM(A1)") == "'@SUM(A1)"
    assert csv_export.neutralise("Toko") == "Toko"


# ---------- merchants ----------


def test_export_route_needs_a_live_session(clean_db):
    from starlette.testclient import TestClient

    from terminal_shop.web.api import files_app

    make_order(name="Rahasia")
    client = TestClient(files_app())
    assert client.get("/api/admin/export/orders.csv").status_code == 403
    admin_auth.create_admin(ADMIN, "rahasia-123")
    token = admin_auth.login(ADMIN, "rahasia-123", "c")
    client.cookies.set(admin_auth.SESSION_COOKIE, token)
    r = client.get("/api/admin/export/orders.csv?status=paid_review")
    assert r.status_code == 200 and "Rahasia" in r.text
    assert r.headers["content-disposition"].startswith('attachment; filename="orders_')
    admin_auth.logout(token)
    assert client.get("/api/admin/export/orders.csv").status_code == 403
    assert client.get("/api/admin/export/secrets.csv").status_code == 403


def test_seed_command_fills_the_lists_and_removes_itself(clean_db):
    from terminal_shop.cli import seed

    make_order(name="Pesanan Asli")
    assert seed.seed(orders=1200, merchants=300) == (1200, 300)
    assert order_list.stats()["total"] == 1201
    assert merchant_list.stats()["total"] == 300
    page = order_list.list_page(page=50)
    assert len(page.rows) == 10 and page.pages == 121
    assert merchant_list.list_page(search="@seed.example").total == 300
    seed.remove()
    assert order_list.stats()["total"] == 1
