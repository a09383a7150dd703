"""Migration 0010 gives existing orders their number; two that already shared one keep the
first (the later is found by its full id), and the column refuses a third."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import IntegrityError

from alembic import command
from terminal_shop.cli.migrate import alembic_config

BEFORE = "9b4f2e6a1c57"  # 0009


@pytest.fixture
def database_at_0009(empty_database):
    return empty_database


def _insert(engine, order_id: uuid.UUID, created: str) -> None:
    value = order_id.hex if engine.dialect.name == "sqlite" else str(order_id)
    with engine.begin() as c:
        c.execute(
            text(
                "INSERT INTO orders (id, created_at, updated_at, buyer_name, buyer_phone, buyer_email, shipping_address,"
                " items, subtotal, shipping_fee, total, payment_method, status) VALUES (:id, :t, :t, 'Budi',"
                " '081234567890', 'b@example.com', 'Jl. Darmo No. 12', '[]', 1, 0, 1, 'QRIS', 'paid_review')"
            ),
            {"id": value, "t": created},
        )


def test_existing_orders_get_their_number_and_a_shared_one_stays_with_the_first(database_at_0009):
    config = alembic_config(database_at_0009)
    command.upgrade(config, BEFORE)
    engine = create_engine(database_at_0009)
    first, second = uuid.UUID("ab12cd34-0000-4000-8000-000000000001"), uuid.UUID("ab12cd34-0000-4000-8000-000000000002")
    other = uuid.UUID("0f0f0f0f-0000-4000-8000-000000000003")
    _insert(engine, second, "2026-11-02 08:00:00")
    _insert(engine, first, "2026-11-01 08:00:00")
    _insert(engine, other, "2026-11-03 08:00:00")
    command.upgrade(config, "head")
    with engine.connect() as c:
        numbers = dict(c.execute(text("SELECT created_at, number FROM orders ORDER BY created_at")).all())
    assert list(numbers.values()) == ["AB12CD34", None, "0F0F0F0F"]
    with pytest.raises(IntegrityError), engine.begin() as c:
        c.execute(text("UPDATE orders SET number = 'AB12CD34' WHERE number = '0F0F0F0F'"))
    engine.dispose()
