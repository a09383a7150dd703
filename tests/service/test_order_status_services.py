"""The buyer's own order page and the order lookup, at the service level."""

from __future__ import annotations

import re
import uuid

import pytest
from sqlmodel import select

from terminal_shop.infra.db import read_session
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.orders import order_status, transitions
from terminal_shop.services.orders.order_status import LookupRefusal
from terminal_shop.services.registrations import registration_status

from support.factories import ADMIN, make_merchant, make_order


def _token_of(path: str) -> str:
    return path.rsplit("t=", 1)[1]


def test_the_signed_link_opens_the_order_and_nothing_else(clean_db):
    order = make_order(name="Siti", email="siti@example.com")
    other = make_order(name="Andi", email="andi@example.com")
    path = order_status.status_path(order.id)
    view = order_status.load(str(order.id), _token_of(path))
    assert (view.status_label, view.total, view.waiting) == ("Menunggu Verifikasi", "Rp 349.000", True)
    assert [s.state for s in view.steps] == ["done", "current", "todo"]
    assert order_status.load(str(other.id), _token_of(path)) is None  # another order's token
    token = _token_of(path)
    assert order_status.load(str(order.id), token[:-1] + ("0" if token[-1] != "0" else "1")) is None  # tampered
    assert order_status.load(str(order.id), "") is None
    assert order_status.load("bukan-id", _token_of(path)) is None
    assert order_status.load(str(uuid.uuid4()), order_status.status_token(uuid.uuid4())) is None


def test_confirmed_and_rejected_orders_read_as_the_buyer_expects(clean_db):
    confirmed, rejected = make_order(), make_order()
    transitions.confirm(str(confirmed.id), ADMIN)
    transitions.reject(str(rejected.id), "Nominal transfer kurang Rp 1.000", ADMIN)
    view = order_status.load(str(confirmed.id), order_status.status_token(confirmed.id))
    assert (view.status_label, view.waiting, [s.state for s in view.steps]) == (
        "Dikonfirmasi",
        False,
        ["done"] * 3 + ["current", "todo", "todo"],  # then packed, shipped, delivered
    )
    assert [s.label for s in view.steps[3:]] == ["Dikemas", "Dikirim", "Diterima"]
    assert view.invoice_number.startswith("INV/") and view.invoice_link.startswith(
        f"/api/invoice/{confirmed.id}.pdf?t="
    )
    view = order_status.load(str(rejected.id), order_status.status_token(rejected.id))
    assert (view.status_label, view.rejection_reason) == ("Ditolak", "Nominal transfer kurang Rp 1.000")
    assert view.steps[-1].detail.endswith(" WIB · Nominal transfer kurang Rp 1.000")  # dated, then why (issue 50.7)


def test_lookup_needs_the_number_and_the_buyers_email(clean_db):
    order = make_order(email="Siti@Example.com")
    number = str(order.id)[:8].upper()
    assert order_status.track(number, " siti@example.com ", "c1") == order_status.status_path(order.id)
    with pytest.raises(order_status.LookupRefused) as wrong_email:
        order_status.track(number, "orang.lain@example.com", "c1")
    unknown = "0" * 8 if not number.startswith("0" * 8) else "f" * 8
    with pytest.raises(order_status.LookupRefused) as unknown_number:
        order_status.track(unknown, "siti@example.com", "c1")
    assert wrong_email.value.code is unknown_number.value.code is LookupRefusal.NOT_FOUND  # one answer for both
    with pytest.raises(order_status.LookupRefused) as short:
        order_status.track("123", "siti@example.com", "c1")
    assert short.value.code is LookupRefusal.ORDER_FIELDS


def test_registration_status_link_goes_only_to_the_registered_email(clean_db, tmp_path):
    mid = make_merchant(tmp_path, email="sri@example.com", hp="0812-3456-7890")
    answer = registration_status.request_link("sri@example.com", "+62 812 3456 7890", "c1")
    assert answer == registration_status.request_link("orang@example.com", "0812-9999-0000", "c1")  # same answer
    with read_session() as s:
        [mail] = s.exec(select(OutboxMessage).where(OutboxMessage.subject.contains("Status pendaftaran"))).all()
    assert mail.to_addr == "sri@example.com"
    link = re.search(r"https?://\S+/pendaftaran/status/(\S+)\?t=(\w+)", mail.body_text)
    view = registration_status.load(link[1], link[2])
    assert (view.status_label, view.nama_usaha) == ("Sedang diverifikasi", "Warung Bu Sri")
    assert "paling lambat" in view.note
    assert registration_status.load(link[1], link[2][:-1] + ("0" if link[2][-1] != "0" else "1")) is None
    assert registration_status.load(str(mid), "") is None
    with pytest.raises(order_status.LookupRefused) as refused:
        registration_status.request_link("bukan-email", "0812", "c1")
    assert refused.value.code is LookupRefusal.REGISTRATION_FIELDS
