"""Devices received into stock by serial number (services/devices, issue 36 point 1), on this
pass's real database: one at a time as a scanner types them, from a CSV line by line with
each refusal named, searched, filtered, exported, counted per model."""

from __future__ import annotations

import threading

import pytest
from sqlmodel import col, select

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.services.audit.tables import AuditEvent
from terminal_shop.services.devices import listing, stock
from terminal_shop.services.devices.stock import DeviceError
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.devices.terms import DeviceRefusal

from support.factories import ADMIN, make_merchant, make_order

IMEI = "490154203237518"  # a valid IMEI (Luhn)
IMEI_2 = "356938035643809"
ICCID = "8962101234567890120"  # 19 digits, 89..., Luhn


def stored() -> list[Device]:
    with read_session() as s:
        return list(s.exec(select(Device).order_by(col(Device.received_at))))


def test_a_scanned_serial_is_received_normalised_and_audited(clean_db):
    device = stock.receive("  0820 123456\n", "a920", ADMIN)  # a scanner's spaces and Enter
    assert (device.serial, device.model, device.status, device.imei) == ("0820123456", "A920", "stok", None)
    with read_session() as s:
        [entry] = s.exec(select(AuditEvent).where(col(AuditEvent.entity_id) == str(device.id)))
    assert (entry.action, entry.admin_email, entry.detail) == ("terima", ADMIN, "A920 SN 0820123456")
    with pytest.raises(DeviceError) as refused:
        stock.receive("0820123456", "A920", ADMIN)
    assert refused.value.code is DeviceRefusal.SERIAL_TAKEN
    assert refused.value.text == "Nomor seri 0820123456 sudah terdaftar"
    assert len(stored()) == 1


@pytest.mark.parametrize(
    "serial, model, imei, iccid, code",
    [
        ("", "A920", "", "", DeviceRefusal.SERIAL_MISSING),
        ("08-20-12", "A920", "", "", DeviceRefusal.SERIAL_FORMAT),
        ("12345", "A920", "", "", DeviceRefusal.SERIAL_FORMAT),
        ("SN0000001", "X990", "", "", DeviceRefusal.MODEL),
        ("SN0000001", "D210", "", "", DeviceRefusal.IMEI_MISSING),
        ("SN0000001", "D210", "490154203237519", "", DeviceRefusal.IMEI_FORMAT),  # check digit wrong
        ("SN0000001", "D210", IMEI, "1234567890123456789", DeviceRefusal.ICCID_FORMAT),
        ("SN0000001", "SOUNDBOX", IMEI, "", DeviceRefusal.NO_SIM),
    ],
)
def test_a_malformed_unit_is_refused_with_its_reason_and_nothing_stored(clean_db, serial, model, imei, iccid, code):
    with pytest.raises(DeviceError) as refused:
        stock.receive(serial, model, ADMIN, imei, iccid)
    assert refused.value.code is code and refused.value.text  # every code has its text
    assert stored() == []


def test_a_csv_is_received_line_by_line_with_each_refusal_named(clean_db):
    stock.receive("PX0000009", "A920", ADMIN)
    data = (
        "SN,Model,IMEI,ICCID\n"
        f"D2100000001,D210,{IMEI},{ICCID}\n"
        "PX0000001,A920,,\n"
        "PX0000009,A920,,\n"  # known already
        f"D2100000002,D210,{IMEI},\n"  # its IMEI is the first line's
        "SB0000001\n"  # no model
        "\n"
        "SB0000002,soundbox\n"
        "PX0000001,A920\n"  # twice in the file
    ).encode()
    results = stock.receive_csv(data, ADMIN)
    assert [(r.line, r.serial, r.ok) for r in results] == [
        (2, "D2100000001", True), (3, "PX0000001", True), (4, "PX0000009", False), (5, "D2100000002", False),
        (6, "SB0000001", False), (8, "SB0000002", True), (9, "PX0000001", False),
    ]  # fmt: skip
    assert results[2].outcome == "Nomor seri PX0000009 sudah terdaftar"
    assert results[3].outcome == f"IMEI {IMEI} sudah terdaftar pada perangkat lain"
    assert results[4].outcome == "Baris harus berisi SN dan model"
    assert stock.in_stock() == {"SOUNDBOX": 1, "D210": 1, "A920": 2}


def test_two_admins_receiving_one_unit_at_once_store_it_once(clean_db):
    outcomes, barrier = [], threading.Barrier(2)

    def receive() -> None:
        barrier.wait()
        try:
            stock.receive("PX7777777", "A920", ADMIN)
            outcomes.append("ok")
        except DeviceError as exc:
            outcomes.append(exc.code)

    threads = [threading.Thread(target=receive) for _ in range(2)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert sorted(outcomes, key=str) == sorted(["ok", DeviceRefusal.SERIAL_TAKEN], key=str)
    assert len(stored()) == 1


def test_the_list_searches_by_serial_tid_order_and_merchant_and_filters(clean_db, tmp_path):
    for n in range(3):
        stock.receive(f"PX000000{n}", "A920", ADMIN)
    stock.receive("SB0000001", "SOUNDBOX", ADMIN)
    order = make_order()
    merchant = make_merchant(tmp_path)
    with write_session() as s:  # as packing and activation will set them (issue 36, points 3 and 5)
        sold = s.exec(select(Device).where(col(Device.serial) == "PX0000001")).one()
        sold.status, sold.order_id, sold.merchant_id, sold.tid, sold.mid = (
            "aktif",
            order.id,
            merchant,
            "T0001234",
            "M0009",
        )
    assert listing.page().total == 4
    assert [r.serial for r in listing.page(search="px0000001").rows] == ["PX0000001"]
    assert [r.serial for r in listing.page(search="PX00").rows] == ["PX0000002", "PX0000001", "PX0000000"]
    for text in ("T0001234", "M0009", order.number, "bu sri"):
        assert [r.serial for r in listing.page(search=text).rows] == ["PX0000001"], text
    [row] = listing.page(search="T0001234").rows
    assert (row.order, row.merchant, row.status.label) == (order.number, "Warung Bu Sri", "Aktif")
    assert [r.serial for r in listing.page(model="SOUNDBOX").rows] == ["SB0000001"]
    assert listing.page(status="stok").total == 3 and listing.page(status="bukan-status").total == 4
    assert listing.page().stock == {"SOUNDBOX": 1, "D210": 0, "A920": 2}
    csv_text = b"".join(listing.export_csv(model="A920")).decode("utf-8-sig")
    lines = csv_text.strip().split("\r\n")
    assert lines[0] == "Diterima,SN,Model,IMEI,ICCID,Status,TID,MID,Pesanan,Merchant"
    assert len(lines) == 4 and any(",PX0000001,A920,,,Aktif,T0001234,M0009," in ln for ln in lines)
