"""A service case's bill (issue 63.1): made from the case on the server, priced from the table
for its unit, paid once, read back on the case as Belum dibayar, Menunggu verifikasi, Lunas;
out of warranty the replacement ships only once it is paid."""

from __future__ import annotations

import uuid
from datetime import date, timedelta

import pytest
from sqlmodel import select
from test_servicing_services import MERCHANT, _soundbox, _subjects

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.backoffice import admin_overview
from terminal_shop.services.customers import account
from terminal_shop.services.devices import packing
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.orders import bills, checkout, checkout_rules, order_status, transitions
from terminal_shop.services.orders.checkout import OrderError
from terminal_shop.services.orders.terms import OrderRefusal
from terminal_shop.services.servicing import cases, invoices, steps
from terminal_shop.services.servicing.cases import ServiceError
from terminal_shop.services.servicing.tables import ServiceCase

from support.factories import checkout_order
from support.files import png

ADMIN = "gudang@terminalku.example"


def _case(merchant_id):
    return cases.of_merchants([merchant_id])[0]


def _pay(tmp_path, line: str, buyer: dict, ref: str | None = None):
    proof = png(tmp_path / "bukti.png").read_bytes()
    return checkout_order(get_storage(), proof, lines=((line, 1),), buyer=buyer, ref=ref)


def _out_of_warranty_case_checked(tmp_path):
    merchant_id, unit = _soundbox(tmp_path, date(2024, 1, 1))
    cases.report([merchant_id], str(unit.id), "tidak-menyala", "Mati", MERCHANT)
    case_id = _case(merchant_id).id
    steps.check(case_id, "Papan daya rusak", solved=False, admin=ADMIN)
    return merchant_id, case_id


def test_the_bill_is_the_cases_own_paid_once_and_the_replacement_waits_for_it(clean_db, tmp_path):
    merchant_id, case_id = _out_of_warranty_case_checked(tmp_path)
    seen = _case(merchant_id)
    assert seen.fee == "Tagihan Servis Soundbox QRIS di luar garansi: Rp 150.000"
    assert (seen.bill.label, seen.payable, seen.waits_payment) == ("Belum dibayar", True, True)
    assert "biaya servis Rp 150.000" in seen.next and "setelah pembayaran terverifikasi" in seen.next
    with read_session() as s:  # the "Diperiksa" e-mail says the cost before anything ships
        checked = s.exec(select(OutboxMessage).where(OutboxMessage.subject.contains("Diperiksa"))).one()
    assert "biaya servis Rp 150.000" in checked.body_text
    with pytest.raises(ServiceError) as unpaid:
        steps.ship_replacement(case_id, "SBXSPARE1", "jne", "JNE1234567890", ADMIN)
    assert unpaid.value.text.startswith("Tagihan servis belum lunas")

    with pytest.raises(ServiceError):
        invoices.fee_order([uuid.uuid4()], case_id)  # another merchant's case
    unpaid = "Servis: tagihan belum dibayar"  # the overview watches it
    assert [w.count for w in admin_overview.overview().waiting if w.label == unpaid] == [1]
    cart = invoices.fee_order([merchant_id], case_id)
    assert checkout_rules.validate_buyer(cart.buyer)[1] == {} and cart.buyer["note"].startswith("Tagihan servis SRV-")
    order = _pay(tmp_path, cart.line, cart.buyer)
    assert (order.subtotal, order.shipping_fee, order.service_case, order.service_fee) == (
        150_000,
        0,
        seen.number,
        "SERVIS-SOUNDBOX",
    )
    assert order.items[0]["sku"] == "SERVIS-SOUNDBOX" and packing.units_wanted(order.items) == {}
    assert order.fulfilment == "tanpa-kirim"  # nothing to pack or ship
    seen = _case(merchant_id)
    assert (seen.bill.label, seen.payable) == ("Menunggu verifikasi", False)
    assert [w.count for w in admin_overview.overview().waiting if w.label == unpaid] == [0]  # the payment queue has it
    assert seen.next.startswith("Pembayaran tagihan servis sedang kami verifikasi")

    with pytest.raises(ServiceError) as again:  # "Bayar tagihan" again, or the same line from another tab
        invoices.fee_order([merchant_id], case_id)
    assert again.value.text == "Tagihan ini sudah dibayar atau sedang diverifikasi"
    with pytest.raises(OrderError) as twice:
        _pay(tmp_path, cart.line, cart.buyer)
    assert twice.value.text.startswith("Tagihan servis ini sudah dibayar")
    [line] = account.of(cart.buyer["buyer_email"]).orders
    assert line.again is False and account.lines_of(cart.buyer["buyer_email"], line.id) == []  # no "Pesan lagi"

    transitions.confirm(str(order.id), ADMIN)
    seen = _case(merchant_id)
    assert (seen.bill.label, seen.payable, seen.waits_payment) == ("Lunas", False, False)
    assert seen.next == "Unit pengganti sedang kami siapkan."
    assert account.of(cart.buyer["buyer_email"]).orders[0].status == "Lunas"
    page = order_status.load(str(order.id), order_status.status_token(order.id))  # the bill's own page
    assert (page.status_label, page.case_link) == ("Lunas", f"/akun/servis#{seen.number}")
    assert [s.label for s in page.steps][-1] == "Pembayaran dikonfirmasi"  # no parcel to follow
    assert checkout.load_summary(str(order.id)).case_link == f"/akun/servis#{seen.number}"  # the thank-you page
    steps.ship_replacement(case_id, "SBXSPARE1", "jne", "JNE1234567890", ADMIN)


def test_a_refused_payment_leaves_the_bill_to_pay_again(clean_db, tmp_path):
    merchant_id, case_id = _out_of_warranty_case_checked(tmp_path)
    cart = invoices.fee_order([merchant_id], case_id)
    first = _pay(tmp_path, cart.line, cart.buyer)
    transitions.reject(str(first.id), "Bukti tidak terbaca", ADMIN)
    assert (_case(merchant_id).bill.label, _case(merchant_id).payable) == ("Belum dibayar", True)
    second = _pay(tmp_path, invoices.fee_order([merchant_id], case_id).line, cart.buyer)
    assert second.id != first.id and _case(merchant_id).bill.label == "Menunggu verifikasi"


def test_no_cart_can_hold_a_fee_or_a_forged_bill(clean_db, tmp_path):
    merchant_id, case_id = _out_of_warranty_case_checked(tmp_path)
    number = _case(merchant_id).number
    for line in ("SERVIS-SOUNDBOX", "UNIT-A920", bills.PREFIX + f"{number}:SERVIS-SOUNDBOX:0000",
                 bills.PREFIX + f"{number}:SERVIS-A920:" + bills.cart_key(number, "SERVIS-SOUNDBOX").rsplit(":", 1)[1]):  # fmt: skip
        with pytest.raises(OrderError) as refused:
            checkout_rules.price_cart([(line, 1)])
        assert refused.value.text == "Produk tidak dikenal"
        assert checkout_rules.CheckoutDraft.parse(f'{{"c":[["{line}",1]]}}').cart == ()
    key = invoices.fee_order([merchant_id], case_id).line
    assert checkout_rules.CheckoutDraft.parse(f'{{"c":[["{key}",1]]}}').cart == ((key, 1),)
    with pytest.raises(OrderError) as two:
        checkout_rules.price_cart([(key, 2)])
    assert two.value.text == OrderRefusal.QTY_MAX.label  # one bill, once
    with pytest.raises(OrderError) as mixed:
        checkout_rules.price_cart([(key, 1), ("KERTAS-57", 1)])
    assert mixed.value.text.startswith("Tagihan servis dibayar tersendiri")


def test_an_unreturned_unit_replaces_the_unpaid_repair_fee_and_the_old_bill_is_gone(clean_db, tmp_path):
    merchant_id, unit = _soundbox(tmp_path, None)
    cases.report([merchant_id], str(unit.id), "tidak-menyala", "Mati", MERCHANT)
    case_id = _case(merchant_id).id
    steps.check(case_id, "Ganti unit", solved=False, admin=ADMIN)
    repair = invoices.fee_order([merchant_id], case_id)
    transitions.confirm(str(_pay(tmp_path, repair.line, repair.buyer).id), ADMIN)
    steps.ship_replacement(case_id, "SBXSPARE1", "jne", "JNE1234567890", ADMIN)
    assert invoices.charge_unreturned(utcnow() + timedelta(days=13)) == 0
    assert invoices.charge_unreturned(utcnow() + timedelta(days=15)) == 1
    assert invoices.charge_unreturned(utcnow() + timedelta(days=16)) == 0  # once
    seen = _case(merchant_id)
    assert (seen.fee, seen.bill.label) == ("Tagihan Soundbox QRIS lama tidak dikembalikan: Rp 349.000", "Belum dibayar")
    assert sum("Pengganti dikirim" in x for x in _subjects()) == 2  # the step, then the invoice
    assert not invoices.still_due(seen.number, "SERVIS-SOUNDBOX") and invoices.still_due(seen.number, "UNIT-SOUNDBOX")
    unit_bill = invoices.fee_order([merchant_id], case_id)
    order = _pay(tmp_path, unit_bill.line, unit_bill.buyer)
    assert (order.subtotal, order.service_fee) == (349_000, "UNIT-SOUNDBOX")
    with write_session() as s:
        assert s.exec(select(ServiceCase)).one().fee_sku == "UNIT-SOUNDBOX"
