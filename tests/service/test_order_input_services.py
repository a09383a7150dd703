"""An order's input: its number is the server's, unique, and every typed value
fits its column or is refused in Indonesian."""

from __future__ import annotations

import uuid

import pytest

from terminal_shop.infra.db import write_session
from terminal_shop.refusals import texts
from terminal_shop.services.orders import checkout as orders
from terminal_shop.services.orders import checkout_rules
from terminal_shop.services.orders.checkout_rules import BuyerRefusal
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import OrderRefusal

from support.factories import BUYER_TYPED, checkout_order, stored_orders
from support.files import png
from support.refusals import codes, refused


def test_a_client_cannot_choose_its_order_number(clean_db, any_storage, tmp_path):
    """The id (and so the number on the QR, the e-mail and the admin's list) comes from the
    attempt's key under the server's secret; an id the client sends is not read."""
    _, storage = any_storage
    ref = uuid.uuid4().hex
    order = checkout_order(storage, png(tmp_path / "b.png").read_bytes(), ref=ref)
    assert order.id == orders.order_id_for_attempt(ref)
    assert order.number == str(order.id)[:8].upper()
    assert orders.order_id_for_attempt(uuid.uuid4().hex) != order.id


def test_two_orders_never_share_a_number(clean_db, any_storage, tmp_path):
    _, storage = any_storage
    first = checkout_order(storage, png(tmp_path / "b.png").read_bytes())
    # A key whose number is already taken is never handed out...
    taken, free = first.client_ref, uuid.uuid4().hex
    assert orders.new_attempt(iter([taken, free]).__next__) == free
    # ...and an order whose number meets another's (two keys can, 1 in 4 billion) is refused.
    with write_session() as s:
        row = s.get(Order, first.id)
        row.number = orders.order_id_for_attempt(free).hex[:8].upper()
        s.add(row)
    with pytest.raises(orders.OrderError):
        checkout_order(storage, png(tmp_path / "c.png").read_bytes(), ref=free)
    assert [o.id for o in stored_orders()] == [first.id]


def test_a_value_longer_than_its_column_is_refused_in_indonesian(clean_db, any_storage, tmp_path):
    """The probe of the hardening issue: a 201-character name was answered 503, empty."""
    _, storage = any_storage
    with refused(OrderRefusal.INVALID) as caught:
        orders.create_order(
            client_ref=uuid.uuid4().hex,
            buyer={**BUYER_TYPED, "buyer_name": "N" * 201},
            lines=[("A920", 1)],
            payment_method="TRANSFER_BCA",
            proof_filename="bukti.png",
            proof_data=png(tmp_path / "b.png").read_bytes(),
            storage=storage,
        )
    assert caught.value.text == "Nama lengkap maksimal 200 karakter"  # the field's own words
    _, errors = checkout_rules.validate_buyer({**BUYER_TYPED, "shipping_address": "J" * 1001, "note": "n" * 1001})
    assert codes(errors) == {"shipping_address": BuyerRefusal.TOO_LONG, "note": BuyerRefusal.TOO_LONG}
    assert texts(errors)["note"] == "Catatan maksimal 1000 karakter"  # the column's own length
    assert stored_orders() == []
