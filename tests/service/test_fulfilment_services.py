"""From confirmed to delivered, and the invoice (services/orders/fulfilment.py, invoice.py),
on this pass's real database: transitions allowed and refused, two admins at once, resi
rules, the bulk CSV line by line, invoice numbers under parallel confirmations, the PDF."""

from __future__ import annotations

import io
import threading
import time
from datetime import UTC, datetime

import pytest
from pypdf import PdfReader
from sqlmodel import select

from terminal_shop.infra.db import read_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.audit.tables import AuditEvent
from terminal_shop.services.devices import packing, stock
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.orders import fulfilment, invoice, transitions
from terminal_shop.services.orders.fulfilment import FulfilmentError
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import StepRefusal
from terminal_shop.tax import Tax

from support.factories import make_order

ADMIN = "admin@terminalku.example"


def fresh(order: Order) -> Order:
    with read_session() as s:
        return s.get(Order, order.id)


def confirmed(total: int = 349_000, name: str = "Budi") -> Order:
    order = make_order(name=name, total=total)
    transitions.confirm(str(order.id), ADMIN)
    return fresh(order)


_serials = iter(range(1, 10_000))


def packed(order: Order) -> Order:
    """Its one Soundbox taken from stock by its SN, as the clerk packs it."""
    serial = f"SBX{next(_serials):05d}P"
    stock.receive(serial, "SOUNDBOX", ADMIN)
    packing.pack(str(order.id), [serial], ADMIN)
    return fresh(order)


def test_an_order_goes_packed_shipped_delivered_and_each_step_tells_the_buyer(clean_db):
    order = confirmed()
    stock.receive("SBX00001", "SOUNDBOX", ADMIN)
    packing.pack(str(order.id), ["SBX00001"], ADMIN)
    fulfilment.ship(str(order.id), "jnt", " jp 1234-5678 90 ", ADMIN)
    got = fresh(order)
    assert (got.fulfilment, got.courier, got.resi) == ("shipped", "jnt", "JP1234567890")
    assert got.packed_at and got.shipped_at and not got.delivered_at
    fulfilment.deliver(str(order.id), ADMIN)
    assert fresh(order).fulfilment == "delivered"
    with read_session() as s:
        keys = {m.key: m for m in s.exec(select(OutboxMessage))}
        actions = [
            a.action
            for a in s.exec(select(AuditEvent).where(AuditEvent.entity_type == "order").order_by(AuditEvent.id))
        ]
    shipped = keys[f"order:{order.id}:shipped"]
    assert "J&T Express" in shipped.body_text and "JP1234567890" in shipped.body_text
    assert "https://jet.co.id/track" in shipped.body_text and f"/pesanan/{order.id}" in shipped.body_text
    assert f"order:{order.id}:delivered" in keys
    assert actions == ["confirm", "fulfil:packed", "fulfil:shipped", "fulfil:delivered"]


def test_steps_out_of_order_or_before_confirmation_are_refused(clean_db):
    waiting = make_order()
    with pytest.raises(FulfilmentError) as refused:
        packing.pack(str(waiting.id), ["SBX00001"], ADMIN)
    assert refused.value.code is StepRefusal.NOT_CONFIRMED
    order = confirmed()
    with pytest.raises(FulfilmentError) as refused:
        fulfilment.deliver(str(order.id), ADMIN)  # not shipped yet
    assert refused.value.code is StepRefusal.WRONG_STEP
    with pytest.raises(FulfilmentError) as refused:  # issue 46.13: packing by SN may not be skipped
        fulfilment.ship(str(order.id), "jne", "CGK1234567890", ADMIN)
    assert refused.value.code is StepRefusal.NOT_PACKED and fresh(order).fulfilment == ""
    packed(order)
    fulfilment.ship(str(order.id), "jne", "CGK1234567890", ADMIN)
    with pytest.raises(FulfilmentError) as refused:
        packing.pack(str(order.id), ["SBX00001"], ADMIN)
    assert refused.value.code is StepRefusal.WRONG_STEP
    assert fresh(order).fulfilment == "shipped"


def test_two_admins_shipping_one_order_at_once_ship_it_once(clean_db):
    order = packed(confirmed())
    outcomes, barrier = [], threading.Barrier(2)

    def ship(resi: str) -> None:
        barrier.wait()
        try:
            fulfilment.ship(str(order.id), "sicepat", resi, ADMIN)
            outcomes.append("shipped")
        except FulfilmentError as exc:
            outcomes.append(exc.code)

    threads = [threading.Thread(target=ship, args=(r,)) for r in ("SCP000000001", "SCP000000002")]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert sorted(outcomes) == sorted(["shipped", StepRefusal.WRONG_STEP])
    with read_session() as s:
        assert len([m for m in s.exec(select(OutboxMessage)) if m.key.endswith(":shipped")]) == 1


def test_resi_rules(clean_db):
    first, second = packed(confirmed(name="Satu")), packed(confirmed(name="Dua"))
    for courier, resi, code in (
        ("dhl", "JP1234567890", StepRefusal.COURIER),
        ("jne", "12345", StepRefusal.RESI),
        ("jne", "JP12#4567890", StepRefusal.RESI),
        ("jne", "A" * 31, StepRefusal.RESI),
    ):
        with pytest.raises(FulfilmentError) as refused:
            fulfilment.ship(str(first.id), courier, resi, ADMIN)
        assert refused.value.code is code
    fulfilment.ship(str(first.id), "jne", "cgk 0001 0002 03", ADMIN)
    with pytest.raises(FulfilmentError) as refused:
        fulfilment.ship(str(second.id), "JNE", "CGK00010002-03", ADMIN)
    assert refused.value.code is StepRefusal.RESI_USED
    assert fresh(second).fulfilment == "packed"  # nothing of the refused step stayed


def test_bulk_csv_applies_each_good_line_and_nothing_of_a_refused_one(clean_db):
    ok, waiting, done = packed(confirmed(name="Oke")), make_order(name="Tunggu"), packed(confirmed(name="Sudah"))
    fulfilment.ship(str(done.id), "jne", "CGK9999999999", ADMIN)
    unpacked = confirmed(name="Belum")
    csv_text = "\n".join(
        [
            "No Pesanan,Kurir,Resi",
            f"{ok.number},J&T Express,JP0000000001",
            "FFFFFFFF,JNE,CGK0000000002",
            f"{waiting.number},JNE,CGK0000000003",
            f"{done.number},JNE,CGK0000000004",
            f"{packed(confirmed(name='Resi')).number},JNE,12",
            f"{unpacked.number},JNE,CGK0000000005",
        ]
    )
    results = fulfilment.ship_from_csv(csv_text.encode(), ADMIN)
    assert [(r.line, r.ok, r.outcome) for r in results] == [
        (2, True, "Dikirim"),
        (3, False, StepRefusal.UNKNOWN_ORDER.label),
        (4, False, StepRefusal.NOT_CONFIRMED.label),
        (5, False, StepRefusal.WRONG_STEP.label),
        (6, False, StepRefusal.RESI.label),
        (7, False, "Pesanan ini berisi perangkat: kemas dulu dengan memindai SN setiap unit (Tandai Dikemas)"),
    ]
    assert (fresh(ok).resi, fresh(waiting).fulfilment, fresh(done).resi) == ("JP0000000001", "", "CGK9999999999")
    assert fresh(unpacked).fulfilment == ""

    delivered = fulfilment.deliver_from_csv(f"{ok.number}\n{waiting.number}\nFFFFFFFF\n".encode(), ADMIN)
    assert [(r.ok, r.outcome) for r in delivered] == [
        (True, "Diterima"),
        (False, StepRefusal.NOT_CONFIRMED.label),
        (False, StepRefusal.UNKNOWN_ORDER.label),
    ]
    assert fresh(ok).fulfilment == "delivered" and fresh(done).fulfilment == "shipped"


def test_invoice_numbers_under_parallel_confirmations_have_no_gap_and_no_twin(clean_db):
    orders = [make_order(name=f"Pembeli {i}") for i in range(50)]
    barrier = threading.Barrier(50)

    def confirm(order: Order) -> None:
        barrier.wait()
        transitions.confirm(str(order.id), ADMIN)

    threads = [threading.Thread(target=confirm, args=(o,)) for o in orders]
    [t.start() for t in threads]
    [t.join() for t in threads]
    numbers = sorted(fresh(o).invoice_number for o in orders)
    year = datetime.now(UTC).year
    assert numbers == [f"INV/{year}/{n:06d}" for n in range(1, 51)]


def test_the_invoice_pdf_shows_number_buyer_items_total_and_is_the_same_each_time(clean_db, monkeypatch):
    order = confirmed(total=6_000_000, name="Rina Marlina")
    pdf = invoice.render(order)
    assert pdf.startswith(b"%PDF") and invoice.render(fresh(order)) == pdf
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    for shown in (order.invoice_number, "Rina Marlina", "Soundbox QRIS", "Rp 6.000.000", "LUNAS", "Transfer Bank BCA"):
        assert shown in text, shown
    assert "e-Meterai" in text and "PPN" not in text  # above Rp 5.000.000; the DEMO seller is no PKP
    monkeypatch.setenv("SELLER_PKP", "true")
    get_settings.cache_clear()
    try:
        taxed = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(invoice.render(order))).pages)
    finally:
        get_settings.cache_clear()
    tax = Tax.of(6_000_000)
    assert (tax.price, tax.base, tax.ppn) == (5_405_405, 4_954_955, 594_595)
    assert "PPN 12% x DPP" in taxed and "Rp 594.595" in taxed and "Rp 4.954.955" in taxed
    with read_session() as s:
        mail = s.exec(select(OutboxMessage).where(OutboxMessage.key == f"order:{order.id}:confirmed")).one()
    assert mail.attachment_pdf and mail.attachment_pdf_name == invoice.file_name(order)


def test_an_invoice_link_expires_and_closes_when_the_order_is_restricted(clean_db, monkeypatch):
    """Issue 35.9: invoice links never expired and survived restriction."""
    from starlette.testclient import TestClient

    from terminal_shop.services.privacy import requests
    from terminal_shop.web import api

    order = confirmed()
    client = TestClient(api.files_app())
    link = invoice.link(order.id)
    assert client.get(link).content.startswith(b"%PDF")
    assert client.get(link.replace("&e=", "&e=9")).status_code == 404  # the time is signed with it
    now = time.time()
    monkeypatch.setattr(invoice.time, "time", lambda: now + invoice.LINK_SECONDS + 1)
    assert client.get(link).status_code == 404  # an hour later
    monkeypatch.undo()
    requests.erase_or_restrict("order", str(order.id), ADMIN)  # kept by law: restricted
    assert client.get(invoice.link(order.id)).status_code == 404


def test_a_restricted_order_shows_only_its_status_items_and_dates_to_other_roles(clean_db):
    """Issue 35.8: a restricted record opened by id still showed its personal fields."""
    from terminal_shop.services.backoffice import admin_orders
    from terminal_shop.services.privacy import requests

    order = confirmed()
    requests.erase_or_restrict("order", str(order.id), ADMIN)
    seen = admin_orders.detail(str(order.id)).view
    personal = (seen.buyer_name, seen.buyer_phone, seen.buyer_email, seen.shipping_address)
    assert personal == ("Dibatasi",) * 4 and {m.recipient for m in seen.mails} == {"Dibatasi"}
    assert seen.lines and seen.status == "confirmed" and seen.restricted
    owner = admin_orders.detail(str(order.id), reads_restricted=True).view
    assert (owner.buyer_name, owner.buyer_email) == (order.buyer_name, order.buyer_email)


def test_a_restricted_orders_buyer_is_signed_out_and_the_order_leaves_their_account(clean_db):
    """Issue 63.7: after "Hapus data pribadi" answered "kept restricted", the buyer's sign-in
    codes, sessions (30 days) and sign-in e-mails stayed, and their old browser listed the order."""
    from sqlmodel import col

    from terminal_shop.services.customers import account, signin
    from terminal_shop.services.customers.tables import CustomerSession, SignInCode
    from terminal_shop.services.notifications.tables import OutboxMessage
    from terminal_shop.services.privacy import requests

    from support.factories import signed_in_customer

    order = confirmed()
    address = order.buyer_email.lower()
    session = signed_in_customer(address)
    assert signin.session_customer(session) is not None and account.of(address).orders
    said = requests.erase_or_restrict("order", str(order.id), ADMIN)
    assert said.startswith("Masih wajib disimpan")  # an order is a tax record: restricted, not erased
    assert signin.session_customer(session) is None
    with read_session() as s:
        assert s.exec(select(CustomerSession).where(col(CustomerSession.email) == address)).first() is None
        assert s.exec(select(SignInCode).where(col(SignInCode.email) == address)).first() is None
        sign_in_mails = s.exec(select(OutboxMessage).where(col(OutboxMessage.subject).contains("Kode masuk"))).all()
        assert all(address not in (m.to_addr or "") for m in sign_in_mails)
        assert s.get(Order, order.id).buyer_email == order.buyer_email  # the order's own record is kept
    assert account.of(address).orders == []  # signed in again later: the restricted order is not listed
