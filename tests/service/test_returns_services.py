"""Returns (issue 61.3, services/returns) on this pass's real database and storage: a buyer of a
delivered order asks within the window with photos, staff approve with a pickup, receive each
unit by its SN, and refund with a numbered credit note or ship an exchange; bad inputs refused
with their words, changing nothing; erasure reaches what a return holds."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

import pytest
from sqlmodel import col, select

from terminal_shop.formats import WIB
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import StorageError, get_storage
from terminal_shop.refusals import Refused
from terminal_shop.services.backoffice import admin_overview
from terminal_shop.services.devices import packing, stock
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.orders import fulfilment, order_status, transitions
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.privacy import erasure
from terminal_shop.services.returns import asking, credit_note, handling, views
from terminal_shop.services.returns.tables import OrderReturn
from terminal_shop.services.returns.terms import ReturnRefusal

from support.factories import ADMIN, checkout_order
from support.files import jpg, png

FORM = {"alasan": "rusak", "penyelesaian": "dana", "keterangan": "Layar retak saat dibuka dari kardus",
        "bank": "Bank BCA", "rekening": "123 456 7890", "pemilik": "Budi Santoso"}  # fmt: skip


def _delivered(tmp_path, serials=("A920R0001", "A920R0002"), model="A920") -> Order:
    order = checkout_order(get_storage(), png(tmp_path / "bukti.png").read_bytes(), lines=((model, len(serials)),))
    transitions.confirm(str(order.id), ADMIN)
    for sn in serials:
        stock.receive(sn, model, ADMIN)
    packing.pack(str(order.id), list(serials), ADMIN)
    fulfilment.ship(str(order.id), "jne", f"CGK{uuid.uuid4().int % 10**10:010d}", ADMIN)
    fulfilment.deliver(str(order.id), ADMIN)
    with read_session() as s:
        return s.get_one(Order, order.id)


def _ask(order: Order, tmp_path, photos=None, client="10.0.0.1", **form) -> str:
    given = {**FORM, **form} if form else {**FORM, "sn_A920R0001": "on"}
    photos = [jpg(tmp_path / "retak.jpg").read_bytes()] if photos is None else photos
    return asking.ask(str(order.id), order_status.status_token(order.id), given, photos, client)


def _row(number: str) -> OrderReturn:
    with read_session() as s:
        return s.exec(select(OrderReturn).where(col(OrderReturn.number) == number)).one()


def _unit(serial: str) -> Device:
    with read_session() as s:
        return s.exec(select(Device).where(col(Device.serial) == serial)).one()


def _subjects(address: str) -> list[str]:
    with read_session() as s:
        return list(s.exec(select(OutboxMessage.subject).where(col(OutboxMessage.to_addr) == address)
                           .order_by(col(OutboxMessage.id))))  # fmt: skip


def test_a_damaged_unit_is_returned_received_into_stock_and_refunded_with_a_numbered_credit_note(clean_db, tmp_path):
    order = _delivered(tmp_path)
    offered = views.for_buyer(order.id)
    assert offered.serials == ["A920R0001", "A920R0002"] and offered.until
    number = _ask(order, tmp_path)
    row = _row(number)
    assert (row.step, row.serials, row.resolution, row.account_number) == (
        "diajukan",
        ["A920R0001"],
        "dana",
        "1234567890",
    )
    assert row.amount == order.items[0]["unit_price"]  # one of two units: its price as paid
    assert [get_storage().get(get_settings().bucket_order_payments, k)[:2] for k in row.photo_keys] == [b"\xff\xd8"]
    assert views.for_buyer(order.id).serials == ["A920R0002"]  # the other unit may still be returned
    assert any(f"Retur {number} pesanan" in s and "Diajukan" in s for s in _subjects(order.buyer_email))
    assert any(f"Retur baru {number} pesanan" in s for s in _subjects(ADMIN))

    [tile] = [w for w in admin_overview.overview().waiting if w.label == "Retur perlu ditangani"]
    assert (tile.count, tile.href) == (1, f"/admin/orders/{order.id}#retur")  # the overview leads to it

    handling.approve(str(row.id), "jne", "CGK0001112223", ADMIN)
    with pytest.raises(Refused) as wrong:
        handling.receive(str(row.id), "A920R0002", "stok", ADMIN)  # not this return's unit
    assert wrong.value.code is ReturnRefusal.SERIAL and _unit("A920R0002").status == "dikirim"
    assert handling.receive(str(row.id), " a920r0001 ", "stok", ADMIN) is True
    unit = _unit("A920R0001")
    assert (unit.status, unit.order_id) == ("stok", None)  # nobody's again, on the shelf
    with pytest.raises(Refused) as again:
        handling.receive(str(row.id), "A920R0001", "stok", ADMIN)
    assert again.value.code is ReturnRefusal.STEP  # received whole: the return moved on

    first = handling.refund(str(row.id), "BCA 20261206-001", ADMIN)
    assert [w.count for w in admin_overview.overview().waiting if w.label == "Retur perlu ditangani"] == [0]
    year = datetime.now(WIB).year  # the credit note's year is WIB's
    assert first == f"NK/{year}/000001" and _row(number).step == "dana-kembali"
    seen = views.for_buyer(order.id).returns[0]
    assert seen.credit_note == first and seen.refund_to == "Bank BCA · ••••7890 · a.n. Budi Santoso"
    assert views.for_staff(order.id)[0].refund_to == "Bank BCA · 1234567890 · a.n. Budi Santoso"
    path, query = seen.credit_note_link.split("?")
    params = dict(p.split("=") for p in query.split("&"))
    name, pdf = credit_note.for_link(path.rsplit("/", 1)[1].removesuffix(".pdf"), params["t"], params["e"])
    assert name == f"nota-kredit-NK-{year}-000001.pdf" and pdf.startswith(b"%PDF")
    assert credit_note.for_link(str(row.id), "0" * 32, params["e"]) is None  # not our link

    second = _ask(order, tmp_path, **{**FORM, "sn_A920R0002": "on"})
    r2 = _row(second)
    handling.approve(str(r2.id), "jne", "CGK0001112224", ADMIN)
    handling.receive(str(r2.id), "A920R0002", "perbaikan", ADMIN)
    assert _unit("A920R0002").status == "rusak"  # to the repair bench
    assert handling.refund(str(r2.id), "BCA 20261206-002", ADMIN) == f"NK/{year}/000002"  # the next, no gap
    subjects = _subjects(order.buyer_email)
    for step in ("Disetujui: menunggu penjemputan", "Unit diterima", "Dana dikembalikan"):
        assert any(f"Retur {number}" in s and step in s for s in subjects), step


def test_every_unit_back_for_a_fault_of_ours_returns_the_whole_order_and_a_change_of_mind_not_its_shipping(
    clean_db, tmp_path
):
    order = _delivered(tmp_path, serials=("A920R0001",))
    with write_session() as s:
        s.get_one(Order, order.id).shipping_fee = 25_000  # as paid with the order
    number = _ask(order, tmp_path, **{**FORM, "alasan": "berubah-pikiran", "sn_A920R0001": "on"})
    with read_session() as s:
        total = s.get_one(Order, order.id).total
    assert _row(number).amount == total - 25_000
    handling.refuse(str(_row(number).id), "Segel kardus sudah dibuka", ADMIN)
    assert _row(number).step == "ditolak"
    again = _ask(order, tmp_path, **{**FORM, "sn_A920R0001": "on"})  # a refused return frees its unit
    assert _row(again).amount == total


@pytest.mark.parametrize(
    ("form", "code"),
    [
        ({"alasan": ""}, ReturnRefusal.REASON),
        ({"sn_A920R0001": ""}, ReturnRefusal.UNITS),
        ({"penyelesaian": ""}, ReturnRefusal.RESOLUTION),
        ({"alasan": "berubah-pikiran", "penyelesaian": "tukar"}, ReturnRefusal.CHANGED_MIND_REFUND),
        ({"bank": "Bank Antah"}, ReturnRefusal.BANK),
        ({"rekening": "12345"}, ReturnRefusal.ACCOUNT),
        ({"pemilik": "  "}, ReturnRefusal.HOLDER),
    ],
)
def test_a_wrong_field_is_refused_in_its_words_and_nothing_is_stored(clean_db, tmp_path, form, code):
    order = _delivered(tmp_path)
    with pytest.raises(Refused) as refused:
        _ask(order, tmp_path, **{**FORM, "sn_A920R0001": "on", **form})
    assert refused.value.code is code and refused.value.text == code.label
    with read_session() as s:
        assert s.exec(select(OrderReturn)).all() == []


def test_the_window_a_second_return_an_active_unit_photos_and_a_stranger_are_refused(clean_db, tmp_path):
    order = _delivered(tmp_path)
    with pytest.raises(Refused) as stranger:
        asking.ask(str(order.id), "0" * 32, {**FORM, "sn_A920R0001": "on"}, [], "10.0.0.1")
    assert stranger.value.code is ReturnRefusal.NOT_FOUND
    with pytest.raises(Refused) as no_photo:
        _ask(order, tmp_path, photos=[])
    assert no_photo.value.text == "Lampirkan 1-3 foto unit (JPG atau PNG)"
    with pytest.raises(Refused) as a_pdf:
        _ask(order, tmp_path, photos=[b"%PDF-1.4 not a photo"])
    assert "JPG atau PNG" in a_pdf.value.text
    _ask(order, tmp_path)
    with pytest.raises(Refused) as twice:
        _ask(order, tmp_path)
    assert twice.value.text == "Unit A920R0001 sudah diajukan retur"
    with write_session() as s:
        s.exec(select(Device).where(col(Device.serial) == "A920R0002")).one().status = "aktif"
    with pytest.raises(Refused) as used:
        _ask(order, tmp_path, **{**FORM, "alasan": "berubah-pikiran", "sn_A920R0002": "on"})
    assert used.value.code is ReturnRefusal.USED
    with write_session() as s:
        s.get_one(Order, order.id).delivered_at = utcnow() - timedelta(days=7, minutes=1)
    assert views.for_buyer(order.id).serials == []  # the page offers nothing past the window
    with pytest.raises(Refused) as late:
        _ask(order, tmp_path, **{**FORM, "sn_A920R0002": "on"})
    assert late.value.text == "Batas pengajuan retur 7 hari setelah pesanan diterima sudah lewat"
    with read_session() as s:
        assert len(s.exec(select(OrderReturn)).all()) == 1


def test_an_exchange_ships_a_unit_of_the_same_model_from_stock_to_the_order(clean_db, tmp_path):
    order = _delivered(tmp_path)
    stock.receive("SBXSPARE1", "SOUNDBOX", ADMIN)
    stock.receive("A920SPARE1", "A920", ADMIN)
    number = _ask(order, tmp_path, **{**FORM, "alasan": "tidak-sesuai", "penyelesaian": "tukar", "sn_A920R0001": "on"})
    row = _row(number)
    assert (row.account_number, row.amount) == ("", 0)  # no account asked for an exchange
    with pytest.raises(Refused) as early:
        handling.exchange(str(row.id), "A920SPARE1", "jne", "CGK0009998887", ADMIN)
    assert early.value.code is ReturnRefusal.STEP  # nothing to exchange before the unit is back
    handling.approve(str(row.id), "sicepat", "000123456789", ADMIN)
    handling.receive(str(row.id), "A920R0001", "perbaikan", ADMIN)
    with pytest.raises(Refused) as wrong_model:
        handling.exchange(str(row.id), "SBXSPARE1", "jne", "CGK0009998887", ADMIN)
    assert "SBXSPARE1" in wrong_model.value.text and _unit("SBXSPARE1").status == "stok"
    with pytest.raises(Refused) as refund_instead:
        handling.refund(str(row.id), "BCA 1", ADMIN)
    assert refund_instead.value.code is ReturnRefusal.STEP
    handling.exchange(str(row.id), "a920spare1", "jne", "CGK0009998887", ADMIN)
    new = _unit("A920SPARE1")
    assert (new.status, new.order_id) == ("dikirim", order.id)
    done = views.for_buyer(order.id).returns[0]
    assert done.step_label == "Unit pengganti dikirim" and done.exchange == "SN A920SPARE1, resi CGK0009998887"
    assert done.credit_note == ""  # no money moved: no credit note


def test_erasing_the_order_blanks_its_returns_and_deletes_their_photos(clean_db, tmp_path):
    order = _delivered(tmp_path)
    row = _row(_ask(order, tmp_path))
    bucket = get_settings().bucket_order_payments
    assert erasure.erase_order(order.id, ADMIN, "permintaan pembeli") is not None
    after = _row(row.number)
    assert (after.note, after.account_number, after.account_holder, after.photo_keys) == ("", "", "(dihapus)", [])
    assert (after.amount, after.serials, after.bank) == (row.amount, row.serials, row.bank)  # the books stay
    for key in row.photo_keys:
        with pytest.raises(StorageError):
            get_storage().get(bucket, key)
