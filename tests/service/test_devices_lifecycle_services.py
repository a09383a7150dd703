"""A device from the shelf to active at its merchant (services/devices, issue 36 points 2-8),
on this pass's real database: what waiting orders hold, packing by serial number with its
refusals (two packings racing for one unit), shipping and the warranty date, an order linked
to its merchant (by e-mail and HP, or by hand), activation by hand and from the acquirer's
CSV, the public warranty answer, and who may do each."""

from __future__ import annotations

import io
import threading
from datetime import UTC, date, datetime

import pytest
from pypdf import PdfReader
from sqlmodel import col, select

from terminal_shop.formats import WIB, day_text
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.audit.tables import AuditEvent
from terminal_shop.services.backoffice import admin_merchants
from terminal_shop.services.devices import activation, lifecycle, linking, owned, packing, stock
from terminal_shop.services.devices.stock import DeviceError
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.devices.terms import DeviceRefusal, DeviceStatus
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.orders import fulfilment, invoice, transitions
from terminal_shop.services.orders.fulfilment import FulfilmentError
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import StepRefusal
from terminal_shop.services.registrations import admin_edit
from terminal_shop.services.team.permissions import Permission, allows

from support.factories import ADMIN, checkout_order, make_merchant
from support.files import png

IMEI = ["490154203237518", "356938035643809", "353918059001434"]


def receive(model: str, *serials: str) -> None:
    for i, sn in enumerate(serials):
        stock.receive(sn, model, ADMIN, imei=IMEI[i] if model == "D210" else "")


def device(serial: str) -> Device:
    with read_session() as s:
        found = s.exec(select(Device).where(col(Device.serial) == serial)).one()
        return found


def fresh(order: Order) -> Order:
    with read_session() as s:
        got = s.get(Order, order.id)
        assert got is not None
        return got


def confirmed_order(tmp_path, lines=(("A920", 2),), buyer=None) -> Order:
    made = checkout_order(get_storage(), png(tmp_path / "bukti.png").read_bytes(), lines=lines, buyer=buyer)
    transitions.confirm(str(made.id), ADMIN)
    return fresh(made)


def approve(merchant_id) -> None:
    form = admin_merchants.detail(str(merchant_id)).form
    assert admin_edit.save(str(merchant_id), {**form, "status": "approved"}, ADMIN).errors == {}


def refusal(call) -> DeviceRefusal:
    with pytest.raises(DeviceError) as refused:
        call()
    return refused.value.code


def test_waiting_orders_hold_units_and_the_shelf_serves_the_oldest_first(clean_db, tmp_path):
    receive("A920", "A9200001", "A9200002", "A9200003")
    assert stock.available()["A920"] == 3
    older = confirmed_order(tmp_path, lines=(("A920", 2),))
    newer = confirmed_order(tmp_path, lines=(("A920", 2), ("SOUNDBOX", 1)))
    assert stock.held() == {"A920": 4, "SOUNDBOX": 1}
    assert stock.available() == {"SOUNDBOX": 0, "D210": 0, "A920": 0}
    waiting = stock.waiting_for_stock()
    assert [(w.number, w.short) for w in waiting] == [(newer.number, "1 A920 Pro + 1 Soundbox")]
    packing.pack(str(older.id), ["A9200001", "A9200002"], ADMIN)  # packed: the units left the shelf
    assert stock.held() == {"A920": 2, "SOUNDBOX": 1} and stock.in_stock()["A920"] == 1
    assert older.number not in [w.number for w in stock.waiting_for_stock()]


def test_packing_assigns_one_scanned_unit_per_unit_ordered_or_changes_nothing(clean_db, tmp_path):
    receive("A920", "A9200001", "A9200002", "A9200003")
    receive("SOUNDBOX", "SBX00001")
    order = confirmed_order(tmp_path)
    assert refusal(lambda: packing.pack(str(order.id), ["A9200001"], ADMIN)) is DeviceRefusal.PACK_COUNT
    assert refusal(lambda: packing.pack(str(order.id), ["A9200001", "a920 0001"], ADMIN)) is DeviceRefusal.SERIAL_TWICE
    assert refusal(lambda: packing.pack(str(order.id), ["A9200001", "SBX00001"], ADMIN)) is DeviceRefusal.WRONG_MODEL
    assert refusal(lambda: packing.pack(str(order.id), ["A9200001", "NOPE0001"], ADMIN)) is DeviceRefusal.NOT_FOUND
    assert fresh(order).fulfilment == "" and device("A9200001").status == "stok"  # nothing half done

    packing.pack(str(order.id), [" a920 0001 ", "A9200002"], ADMIN)  # a scanner's spaces, lower case
    assert fresh(order).fulfilment == "packed"
    packed = device("A9200001")
    assert (packed.status, packed.order_id, packed.packed_by) == ("dipesan", order.id, ADMIN)
    second = confirmed_order(tmp_path, lines=(("A920", 1),))
    assert refusal(lambda: packing.pack(str(second.id), ["A9200002"], ADMIN)) is DeviceRefusal.NOT_IN_STOCK
    with pytest.raises(FulfilmentError) as twice:
        packing.pack(str(order.id), ["A9200003", "A9200002"], ADMIN)
    assert twice.value.code is StepRefusal.WRONG_STEP
    with read_session() as s:
        actions = [a.action for a in s.exec(select(AuditEvent).where(col(AuditEvent.entity_type) == "device"))]
    assert actions.count("kemas") == 2


def test_no_unit_leaves_without_its_serial_and_an_order_sent_without_them_gets_them_recorded(clean_db, tmp_path):
    """Issue 46.13: "Tandai Dikemas" could be skipped, so a delivered unit stayed "Stok", never
    reached its merchant and /garansi did not know it."""
    receive("SOUNDBOX", "SBX00001")
    receive("D210", "DU1837305827")
    order = confirmed_order(tmp_path, lines=(("SOUNDBOX", 1),))
    with pytest.raises(FulfilmentError) as unpacked:
        fulfilment.ship(str(order.id), "jne", "CGK1234567890", ADMIN)
    assert unpacked.value.code is StepRefusal.NOT_PACKED
    with pytest.raises(DeviceError) as wrong:
        packing.pack(str(order.id), ["DU1837305827"], ADMIN)
    assert wrong.value.text == "Perangkat DU1837305827 adalah D210 UnionPay; pesanan ini memesan Soundbox QRIS"

    legacy = confirmed_order(tmp_path, lines=(("SOUNDBOX", 1),))  # sent before packing required SNs
    with write_session() as s:
        row = s.get(Order, legacy.id)
        row.fulfilment, row.delivered_at = "delivered", datetime(2026, 11, 2, 3, 0, tzinfo=UTC)
        s.add(row)
    assert stock.counts().shipped_without_serial == 1
    assert refusal(lambda: packing.record_late(str(order.id), ["SBX00001"], ADMIN)) is DeviceRefusal.NOT_SENT
    assert refusal(lambda: packing.record_late(str(legacy.id), ["DU1837305827"], ADMIN)) is DeviceRefusal.WRONG_MODEL
    packing.record_late(str(legacy.id), ["sbx 00001"], ADMIN)
    unit = device("SBX00001")
    assert (unit.status, unit.order_id, unit.warranty_until) == (
        "dikirim",
        legacy.id,
        owned.warranty_end(date(2026, 11, 2)),
    )
    assert stock.counts().shipped_without_serial == 0
    assert (
        refusal(lambda: packing.record_late(str(legacy.id), ["DU1837305827"], ADMIN)) is DeviceRefusal.ALREADY_RECORDED
    )
    with read_session() as s:
        logged = s.exec(select(AuditEvent).where(col(AuditEvent.entity_id) == str(unit.id))).all()
    assert [(a.action, a.admin_email) for a in logged] == [("terima", ADMIN), ("kemas", ADMIN)]
    assert "SN dicatat setelah dikirim" in logged[-1].detail


def test_two_admins_packing_two_orders_with_the_same_unit_one_wins(clean_db, tmp_path):
    receive("A920", "A9200001")
    first, second = confirmed_order(tmp_path, lines=(("A920", 1),)), confirmed_order(tmp_path, lines=(("A920", 1),))
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def pack(order: Order) -> None:
        barrier.wait()
        try:
            packing.pack(str(order.id), ["A9200001"], ADMIN)
            outcomes.append("packed")
        except DeviceError as exc:
            outcomes.append(exc.code.value)

    threads = [threading.Thread(target=pack, args=(o,)) for o in (first, second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) in (["packed", "sn-bukan-stok"], ["packed", "sn-diambil"])
    winner = device("A9200001").order_id
    assert sorted(fresh(o).fulfilment for o in (first, second)) == ["", "packed"]
    assert fresh(first if winner == first.id else second).fulfilment == "packed"


def test_shipping_tells_the_serials_and_delivery_starts_the_warranty(clean_db, tmp_path):
    receive("D210", "D2100001")
    order = confirmed_order(tmp_path, lines=(("D210", 1),))
    packing.pack(str(order.id), ["D2100001"], ADMIN)
    fulfilment.ship(str(order.id), "jne", "CGK1234567890", ADMIN)
    assert device("D2100001").status == "dikirim"
    with read_session() as s:
        mail = s.exec(select(OutboxMessage).where(col(OutboxMessage.key) == f"order:{order.id}:shipped")).one()
    assert "D2100001" in mail.body_text
    fulfilment.deliver(str(order.id), ADMIN)
    today = utcnow().astimezone(WIB).date()
    until = device("D2100001").warranty_until
    assert until is not None and until == owned.warranty_end(today) and until.year == today.year + 1
    assert owned.warranty_end(date(2026, 2, 28)) == date(2027, 2, 28)
    assert owned.warranty_end(date(2028, 2, 29)) == date(2029, 2, 28)  # no 29 February next year
    [view] = owned.of_order(order.id)
    assert (view.serial, view.warranty) == ("D2100001", f"berlaku s.d. {day_text(until)}")
    assert view.waiting == owned.WAITING_FOR_MERCHANT  # the buyer never registered as a merchant


def test_the_public_warranty_answer_names_the_model_and_date_and_nobody(clean_db, tmp_path):
    receive("A920", "A9200001", "A9200002")
    order = confirmed_order(tmp_path, lines=(("A920", 1),))
    packing.pack(str(order.id), ["A9200001"], ADMIN)
    answer = owned.warranty("a920 0001")
    assert answer is not None and answer.model == "PAX A920 Pro" and "dimulai saat perangkat diterima" in answer.until
    assert "Budi" not in repr(answer) and "example.com" not in repr(answer)
    assert owned.warranty("A9200002") is None  # still on the shelf: told as unknown
    assert owned.warranty("TIDAKADA1") is None and owned.warranty("") is None


def test_an_order_and_a_registration_of_the_same_person_find_each_other(clean_db, tmp_path):
    buyer = {"buyer_name": "Sri", "buyer_phone": "0812-3456-7890", "buyer_email": "Sri@Example.com",
             "shipping_address": "Jl. Kenjeran 10, Surabaya", "note": ""}  # fmt: skip
    before = confirmed_order(tmp_path, lines=(("SOUNDBOX", 1),), buyer=buyer)
    assert fresh(before).merchant_id is None
    merchant_id = make_merchant(tmp_path, email="sri@example.com", hp="+62 812 3456 7890")
    assert fresh(before).merchant_id == merchant_id  # the registration found the earlier order
    after = confirmed_order(tmp_path, lines=(("SOUNDBOX", 1),), buyer=buyer)
    assert fresh(after).merchant_id == merchant_id  # and a later order finds the registration
    other = confirmed_order(tmp_path, lines=(("SOUNDBOX", 1),), buyer={**buyer, "buyer_phone": "0813-1111-2222"})
    assert fresh(other).merchant_id is None  # the same e-mail with another HP is not enough
    with read_session() as s:
        mails = {m.key: m.body_text for m in s.exec(select(OutboxMessage))}
    assert "Perangkat Anda aktif setelah pendaftaran merchant disetujui" in mails[f"order:{other.id}:received"]
    assert "pendaftaran merchant" not in mails[f"order:{after.id}:received"]


def test_an_admin_links_and_unlinks_by_hand_and_the_log_says_who(clean_db, tmp_path):
    receive("SOUNDBOX", "SBX00001")
    order = confirmed_order(tmp_path, lines=(("SOUNDBOX", 1),))
    packing.pack(str(order.id), ["SBX00001"], ADMIN)
    merchant_id = make_merchant(tmp_path)
    linking.link(str(order.id), str(merchant_id), ADMIN)
    assert fresh(order).merchant_id == merchant_id and device("SBX00001").merchant_id == merchant_id
    linking.unlink(str(order.id), ADMIN)
    assert fresh(order).merchant_id is None and device("SBX00001").merchant_id is None
    with pytest.raises(linking.LinkError) as refused:
        linking.link(str(order.id), "bukan-id", ADMIN)
    assert refused.value.code is linking.LinkRefusal.UNKNOWN_MERCHANT
    with read_session() as s:
        logged = [
            (a.action, a.admin_email)
            for a in s.exec(select(AuditEvent).where(col(AuditEvent.entity_id) == str(order.id)))
        ]
    assert logged.count(("tautkan", ADMIN)) == 2


def shipped_to_merchant(tmp_path, serial: str, model: str = "A920", approved: bool = True) -> Device:
    receive(model, serial)
    order = confirmed_order(tmp_path, lines=((model, 1),))
    merchant_id = make_merchant(tmp_path, email=f"{serial.lower()}@example.com")
    linking.link(str(order.id), str(merchant_id), ADMIN)
    packing.pack(str(order.id), [serial], ADMIN)
    fulfilment.ship(str(order.id), "jne", f"CGK{serial}", ADMIN)
    if approved:
        approve(merchant_id)
    return device(serial)


def test_activation_binds_tid_and_mid_for_an_approved_merchant_and_tells_them(clean_db, tmp_path):
    waiting = shipped_to_merchant(tmp_path, "A9200001", approved=False)
    activate = lambda d, tid="12345678": activation.activate(str(d.id), "BCA", "000885012345678", tid, "", ADMIN)  # noqa: E731
    assert refusal(lambda: activate(waiting)) is DeviceRefusal.NOT_APPROVED
    ready = shipped_to_merchant(tmp_path, "A9200002")
    assert (
        refusal(lambda: activation.activate(str(ready.id), "BCA", "12", "12345678", "", ADMIN))
        is DeviceRefusal.MID_FORMAT
    )
    assert (
        refusal(lambda: activation.activate(str(ready.id), "BCA", "000885012345678", "123", "", ADMIN))
        is DeviceRefusal.TID_FORMAT
    )
    assert (
        refusal(lambda: activation.activate(str(ready.id), "", "000885012345678", "12345678", "", ADMIN))
        is DeviceRefusal.ACQUIRER
    )
    activate(ready)
    got = device("A9200002")
    assert (got.status, got.tid, got.mid, got.acquirer, got.activated_by) == (
        "aktif",
        "12345678",
        "000885012345678",
        "BCA",
        ADMIN,
    )
    with read_session() as s:
        told = s.exec(select(OutboxMessage).where(col(OutboxMessage.key).startswith(f"device:{got.id}"))).one()
    assert told.to_addr == "a9200002@example.com" and "TID 12345678, MID 000885012345678" in told.body_text
    assert told.subject.endswith("EDC Anda aktif: PAX A920 Pro SN A9200002")
    another = shipped_to_merchant(tmp_path, "A9200003")
    assert refusal(lambda: activate(another)) is DeviceRefusal.TID_TAKEN  # unique among active devices
    assert refusal(lambda: activate(another, "87654320")) is DeviceRefusal.MID_TAKEN  # a MID is one merchant's
    on_shelf = receive("A920", "A9200004") or device("A9200004")
    assert refusal(lambda: activate(on_shelf, "87654321")) is DeviceRefusal.NOT_SHIPPED
    [view] = owned.of_order(got.order_id)
    assert (view.tid, view.mid, view.waiting) == ("12345678", "000885012345678", "")
    assert all(step.done for step in view.steps[4:])


def test_the_acquirers_csv_activates_line_by_line(clean_db, tmp_path):
    shipped_to_merchant(tmp_path, "A9200001")
    shipped_to_merchant(tmp_path, "SBX00001", model="SOUNDBOX")
    data = (
        b"SN,Acquirer,MID,TID,NMID\n"
        b"A9200001,BRI,000885012345678,ABCD1234,\n"
        b"SBX00001,BRI,000885012345679,ABCD1234,\n"  # the TID is taken by the line above
        b"NOPE0001,BRI,000885012345670,ABCD9999,\n"
        b"SBX00001,BRI,000885012345679,ABCD5678,ID1020012345678\n"
        b"A9200001\n"
    )
    results = activation.activate_csv(data, ADMIN)
    assert [(r.serial, r.ok) for r in results] == [
        ("A9200001", True), ("SBX00001", False), ("NOPE0001", False), ("SBX00001", True), ("A9200001", False)
    ]  # fmt: skip
    assert "TID ABCD1234 sudah dipakai" in results[1].outcome and "tidak ada" in results[2].outcome
    assert results[4].outcome == DeviceRefusal.SHORT_ACTIVATION.label
    assert device("SBX00001").nmid == "ID1020012345678"


def test_roles_receive_and_pack_for_shipping_activate_for_verification():
    assert allows("pengiriman", Permission.DEVICES) and allows("pengiriman", Permission.FULFIL)
    assert not allows("pengiriman", Permission.DEVICES_ACTIVATE)
    assert allows("verifikator", Permission.DEVICES_ACTIVATE) and not allows("verifikator", Permission.FULFIL)
    assert allows("pemilik", Permission.DEVICES_ACTIVATE) and allows("pemilik", Permission.DEVICES)
    assert not allows("keuangan", Permission.DEVICES) and not allows("keuangan", Permission.DEVICES_ACTIVATE)


def test_the_overview_counts_what_waits_at_each_stage(clean_db, tmp_path):
    shipped_to_merchant(tmp_path, "A9200001", approved=False)
    shipped_to_merchant(tmp_path, "A9200002")
    confirmed_order(tmp_path, lines=(("D210", 1),))  # no D210 on the shelf
    receive("SOUNDBOX", "SBX00001")
    counts = stock.counts()
    assert dict(counts.in_stock) == {"Soundbox": 1, "D210 UnionPay": 0, "A920 Pro": 0}
    assert (counts.waiting_for_stock, counts.waiting_for_approval, counts.waiting_for_tid) == (1, 1, 1)


def test_the_invoice_after_packing_is_revision_one_with_the_serials(clean_db, tmp_path):
    receive("A920", "A9200001", "A9200002")
    order = confirmed_order(tmp_path)
    before = PdfReader(io.BytesIO(invoice.render(order, owned.serials(order.id)))).pages[0].extract_text()
    assert "Nomor seri" not in before and "Revisi" not in before
    packing.pack(str(order.id), ["A9200001", "A9200002"], ADMIN)
    packed = fresh(order)
    text = PdfReader(io.BytesIO(invoice.render(packed, owned.serials(order.id)))).pages[0].extract_text()
    assert "A9200001, A9200002" in text and "Revisi 1" in text and packed.invoice_number in text


def test_a_unit_is_suspended_active_again_returned_and_restocked_with_its_history_kept(clean_db, tmp_path):
    unit = shipped_to_merchant(tmp_path, "A9200001")
    activation.activate(str(unit.id), "BCA", "000885012345678", "12345678", "", ADMIN)
    assert refusal(lambda: lifecycle.change(str(unit.id), DeviceStatus.SUSPENDED, "  ", ADMIN)) is DeviceRefusal.REASON
    assert refusal(lambda: lifecycle.change(str(unit.id), DeviceStatus.IN_STOCK, "salah", ADMIN)) is DeviceRefusal.STEP
    lifecycle.change(str(unit.id), DeviceStatus.SUSPENDED, "Dugaan fraud: transaksi janggal", ADMIN)
    assert device("A9200001").tid == "12345678"  # kept while suspended
    lifecycle.change(str(unit.id), DeviceStatus.ACTIVE, "Diperiksa, aman", ADMIN)
    lifecycle.change(str(unit.id), DeviceStatus.RETURNED, "Merchant tutup usaha", ADMIN)
    returned = device("A9200001")
    assert (returned.status, returned.tid, returned.merchant_id is not None) == ("dikembalikan", "12345678", True)
    lifecycle.change(str(unit.id), DeviceStatus.IN_STOCK, "Dicek dan dikemas ulang", ADMIN)
    back = device("A9200001")
    assert (back.status, back.tid, back.merchant_id, back.order_id) == ("stok", None, None, None)
    another = shipped_to_merchant(tmp_path, "A9200002")
    activation.activate(str(another.id), "BCA", "000885012345679", "12345678", "", ADMIN)  # the TID is free again
    with read_session() as s:
        told = [
            m.subject
            for m in s.exec(select(OutboxMessage).where(col(OutboxMessage.key).contains(f"device:{unit.id}:status")))
        ]
    assert sorted(t.split(": ", 1)[1] for t in told) == [  # after the brand
        "Status EDC Anda: Aktif (PAX A920 Pro SN A9200001)",
        "Status EDC Anda: Dikembalikan (PAX A920 Pro SN A9200001)",
        "Status EDC Anda: Ditangguhkan (PAX A920 Pro SN A9200001)",
    ]  # the merchant hears each change, not the return to stock (nobody's unit then)
    steps = [h.what for h in lifecycle.history(str(unit.id))]
    assert steps[0] == "Stok · A920 SN A9200001" and "Aktif → Ditangguhkan · Dugaan fraud: transaksi janggal" in steps
    assert any(step.startswith("Dipesan → Dikirim · pesanan ") for step in steps)  # shipping is a step too (51.5)
    assert (
        steps[-1] == "Dikembalikan → Stok · Dicek dan dikemas ulang" and len(steps) == 8
    )  # received, packed, shipped, active, 4 changes


def test_the_invitation_opens_the_wizard_with_what_the_order_knows(clean_db, tmp_path):
    order = confirmed_order(tmp_path, lines=(("SOUNDBOX", 1),))
    path = linking.register_path(order.id)
    token = path.split("&t=")[1]
    known = linking.registration_prefill(str(order.id), token)
    assert known.fields == {"nama_lengkap": "Budi Santoso", "nomor_hp": order.buyer_phone, "email": "budi@example.com"}
    assert (known.number, known.address) == (order.number, order.shipping_address)  # issue 50.10: named and offered
    forged = linking.registration_prefill(str(order.id), token[:-1] + ("0" if token[-1] != "0" else "1"))
    assert (forged.fields, forged.number, forged.address) == ({}, "", "")
    with read_session() as s:
        mails = {m.key: m.body_text for m in s.exec(select(OutboxMessage))}
    assert path in mails[f"order:{order.id}:received"] and path in mails[f"order:{order.id}:confirmed"]


def test_the_acquirers_csv_may_name_a_suspended_unit_by_its_tid(clean_db, tmp_path):
    unit = shipped_to_merchant(tmp_path, "A9200001")
    activation.activate(str(unit.id), "BRI", "000885012345678", "ABCD1234", "", ADMIN)
    lifecycle.change(str(unit.id), DeviceStatus.SUSPENDED, "Pemeriksaan", ADMIN)
    [line] = activation.activate_csv(b"ABCD1234,BRI,000885012345678,ABCD1234,\n", ADMIN)
    assert (line.serial, line.ok) == ("A9200001", True) and device("A9200001").status == "aktif"
