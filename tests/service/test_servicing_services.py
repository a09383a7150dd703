"""Device service (issue 48.1-48.2, services/servicing) on this pass's real database and
storage: a merchant reports a broken unit of their own, the admin checks it, sends a
replacement scanned from stock, the replacement takes the old TID at activation, the old unit
is collected, received and repaired into stock; every step told to the merchant."""

from __future__ import annotations

import uuid
from datetime import date, timedelta

import pytest
from sqlmodel import select
from test_transactions_services import active_device, deliver, txn

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.uploads import UploadRejected
from terminal_shop.services import working_days
from terminal_shop.services.devices import activation, owned
from terminal_shop.services.devices.stock import DeviceError
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.merchant_team import outlets
from terminal_shop.services.merchant_team.tables import DeviceOutlet
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.servicing import cases, steps
from terminal_shop.services.servicing.tables import ServiceCase
from terminal_shop.services.transactions import signers
from terminal_shop.services.transactions.tables import Transaction

from support.files import png

MERCHANT = "bri00123@example.com"


def _unit(serial: str) -> Device:
    with read_session() as s:
        return s.exec(select(Device).where(Device.serial == serial)).one()


def _soundbox(tmp_path, warranty: date | None) -> tuple:
    merchant_id = active_device(tmp_path, model="SOUNDBOX")
    with write_session() as s:
        s.get(MerchantRegistration, merchant_id).status = "approved"
        unit = s.exec(select(Device).where(Device.tid == "BRI00123")).one()
        unit.warranty_until, unit.nmid = warranty, "ID1020012345678"
        s.add(Device(serial="SBXSPARE1", model="SOUNDBOX", status="stok", received_by="gudang@terminalku.example"))
        s.add(Device(serial="A920SPARE", model="A920", status="stok", received_by="gudang@terminalku.example"))
    return merchant_id, _unit("SBRI00123")


def _subjects() -> list[str]:
    with read_session() as s:
        return [m.subject for m in s.exec(select(OutboxMessage).where(OutboxMessage.to_addr == MERCHANT))]


def test_a_merchant_reports_their_own_unit_once_with_the_warranty_answer_and_photos(clean_db, tmp_path):
    today = working_days.today_wib()
    merchant_id, unit = _soundbox(tmp_path, today + timedelta(days=200))
    other = active_device(tmp_path, tid="BRI00999")
    with pytest.raises(cases.ServiceError) as theirs:
        cases.report([other], str(unit.id), "tidak-menyala", "Mati total", "bri00999@example.com")
    with pytest.raises(cases.ServiceError) as no_problem:
        cases.report([merchant_id], str(unit.id), "meledak", "Mati total", MERCHANT)
    assert theirs.value.text == "Perangkat atau kasus tidak ditemukan" and no_problem.value.text == "Pilih masalahnya"

    number = cases.report([merchant_id], str(unit.id), "tidak-menyala", "Mati total sejak pagi", MERCHANT)
    with pytest.raises(cases.ServiceError) as twice:
        cases.report([merchant_id], str(unit.id), "kertas", "Kertas macet", MERCHANT)
    assert twice.value.text == f"Perangkat ini sudah punya laporan {number} yang sedang ditangani"
    [view] = cases.of_merchants([merchant_id])
    ships = working_days.spoken(working_days.add_working_days(today, 1))
    assert view.number == number and view.warranty.startswith("Garansi berlaku s.d. ")
    assert (
        view.promise
        == f"Dalam garansi: unit pengganti kami kirim paling lambat {ships}, unit lama dijemput setelahnya."
    )
    assert view.problem == "Tidak menyala: Mati total sejak pagi" and view.step.label == "Dilaporkan"
    assert f"Laporan {number}: Dilaporkan" in " ".join(_subjects())
    assert cases.of_merchants([other]) == []

    photo = png(tmp_path / "mati.png").read_bytes()
    for _ in range(3):
        cases.add_media([merchant_id], view.id, photo, MERCHANT)
    with pytest.raises(cases.ServiceError) as fourth:
        cases.add_media([merchant_id], view.id, photo, MERCHANT)
    with pytest.raises(UploadRejected) as wrong:
        cases.add_media([merchant_id], view.id, b"GIF89a", MERCHANT)
    with pytest.raises(cases.ServiceError) as not_theirs:
        cases.add_media([other], view.id, photo, "bri00999@example.com")
    assert fourth.value.text == "Maksimal 3 foto atau 1 video per laporan"
    assert (
        wrong.value.text == "Foto JPG/PNG atau video MP4/WebM, maksimal 10 MB"
        and not_theirs.value.code.value == "tidak-ada"
    )
    assert len(cases.of_merchants([merchant_id])[0].media) == 3

    with write_session() as s:  # a unit in stock is nobody's to report
        spare = s.exec(select(Device).where(Device.serial == "SBXSPARE1")).one()
    with pytest.raises(cases.ServiceError) as stock:
        cases.open_for(str(spare.id), "lainnya", "x", "admin@terminalku.example")
    assert stock.value.text == "Laporan hanya untuk perangkat yang aktif atau ditangguhkan (status: Stok)"


def test_replace_first_collect_after_the_replacement_takes_the_tid_and_the_old_unit_is_repaired(clean_db, tmp_path):
    admin = "gudang@terminalku.example"
    merchant_id, unit = _soundbox(tmp_path, working_days.today_wib() + timedelta(days=30))
    number = cases.open_for(str(unit.id), "tidak-terhubung", "Tidak bisa konek sejak kemarin", admin)  # staff, by phone
    case_id = cases.of_merchants([merchant_id])[0].id
    with pytest.raises(cases.ServiceError) as early:
        steps.ship_replacement(case_id, "SBXSPARE1", "jne", "JNE1234567890", admin)
    assert early.value.text == "Kasus berstatus Dilaporkan tidak dapat dikirimi pengganti"
    steps.check(case_id, "Modem mati: diganti", solved=False, admin=admin)

    with pytest.raises(DeviceError) as wrong_model:
        steps.ship_replacement(case_id, "A920SPARE", "jne", "JNE1234567890", admin)
    with pytest.raises(cases.ServiceError) as no_resi:
        steps.ship_replacement(case_id, "SBXSPARE1", "jne", "12", admin)
    assert "adalah" in wrong_model.value.text and no_resi.value.text == "Pilih kurir dan isi nomor resi"
    steps.ship_replacement(case_id, "SBXSPARE1", "jne", "JNE1234567890", admin)
    spare = _unit("SBXSPARE1")
    assert (spare.status, spare.merchant_id, spare.replaces_id) == ("dikirim", merchant_id, unit.id)
    [view] = cases.of_merchants([merchant_id])
    assert view.next.startswith("Unit pengganti SN SBXSPARE1 dikirim (JNE · resi JNE1234567890)")

    outlets.of_merchants([merchant_id], MERCHANT)  # the owner opens Outlet: the business's address is the first
    outlets.add([merchant_id], str(merchant_id), {"nama": "Cabang Dua", "alamat": "Jl. Dua 2", "kecamatan": "Tebet",
                                                  "kota": "Jakarta Selatan"}, MERCHANT)  # fmt: skip
    second = next(o for o in outlets.of_merchants([merchant_id], MERCHANT)[0] if o.name == "Cabang Dua")
    outlets.assign([merchant_id], str(unit.id), second.id, MERCHANT)  # the broken unit stood at the second outlet
    activation.activate(str(spare.id), "BRI", unit.mid, unit.tid, "ID1020012345678", "verifikasi@terminalku.example")
    old, new = _unit("SBRI00123"), _unit("SBXSPARE1")
    with read_session() as s:  # issue 63: its replacement stands there, for that outlet's cashiers
        assert outlets.devices_at(s, merchant_id, {uuid.UUID(second.id)}) == {new.id}
    assert (old.status, new.status, new.tid, new.mid, new.nmid) == (
        "diganti",
        "aktif",
        unit.tid,
        unit.mid,
        "ID1020012345678",
    )
    [view] = cases.of_merchants([merchant_id])
    assert view.replacement_active and view.next.startswith(
        "Unit pengganti SN SBXSPARE1 sudah aktif dengan TID yang sama"
    )
    deliver(signers.add_acquirer("bri", "Bank BRI"), txn("AFTER", 50_000))  # the merchant's next sale, same TID
    with read_session() as s:
        assert s.exec(select(Transaction.device_id).where(Transaction.txn_id == "AFTER")).one() == new.id

    steps.picked_up(case_id, "sicepat", "SCP0000123456", admin)
    steps.received(case_id, admin)
    assert _unit("SBRI00123").status == "dikembalikan"
    steps.finish(case_id, repaired=True, admin=admin)
    old = _unit("SBRI00123")
    assert (old.status, old.merchant_id, old.tid) == ("stok", None, None)  # a new life; its history stays
    with read_session() as s:  # back in stock: at no outlet of anyone's
        assert s.get(DeviceOutlet, old.id) is None and s.get(DeviceOutlet, new.id).outlet_id == uuid.UUID(second.id)
    [card] = owned.of_merchant(merchant_id)  # the merchant's devices: the replacement, saying whose place it took
    assert (card.serial, card.note, card.tid) == ("SBXSPARE1", "Pengganti untuk SN SBRI00123", unit.tid)
    [done] = cases.of_merchants([merchant_id])
    assert (
        not done.open
        and all(s.done for s in done.steps)
        and done.next.endswith("unit lama diperbaiki, kembali ke stok.")
    )
    told = " ".join(_subjects())
    for step in ("Dilaporkan", "Diperiksa", "Pengganti dikirim", "Unit lama dijemput", "Diterima gudang", "Selesai"):
        assert f"Laporan {number}: {step}" in told
    with read_session() as s:
        assert s.exec(select(ServiceCase)).one().closed_at is not None


def test_a_problem_solved_remotely_closes_the_case_without_a_replacement(clean_db, tmp_path):
    merchant_id, unit = _soundbox(tmp_path, None)
    cases.report([merchant_id], str(unit.id), "kertas", "Kertas tidak keluar", MERCHANT)
    [view] = cases.of_merchants([merchant_id])
    assert view.warranty == "Di luar garansi" and view.promise.startswith("Di luar garansi: kami periksa dulu")
    with pytest.raises(cases.ServiceError) as empty:
        steps.check(view.id, "  ", solved=True, admin="gudang@terminalku.example")
    assert empty.value.text == "Tulis catatan pemeriksaan"
    steps.check(view.id, "Gulungan terbalik: dipandu lewat telepon", solved=True, admin="gudang@terminalku.example")
    [done] = cases.of_merchants([merchant_id])
    assert not done.open and [s.label for s in done.steps] == ["Dilaporkan", "Diperiksa", "Selesai"]
    assert done.next == "Diselesaikan jarak jauh: Gulungan terbalik: dipandu lewat telepon"
    assert _unit("SBRI00123").status == "aktif" and cases.waiting() == []


def test_pesan_kertas_fills_the_cart_with_the_printers_roll_and_the_business_address(clean_db, tmp_path):
    """Issue 48.4: a supply from the catalogue, for the merchant's own device with a printer;
    packing an order of rolls and a terminal scans the terminal only."""
    from terminal_shop import catalogue
    from terminal_shop.services.customers import supplies
    from terminal_shop.services.devices import packing

    _soundbox(tmp_path, None)  # a Soundbox has no printer
    a920_merchant = active_device(tmp_path, tid="BRI00777", model="A920")
    with write_session() as s:
        s.get(MerchantRegistration, a920_merchant).status = "approved"
        a920 = s.exec(select(Device.id).where(Device.tid == "BRI00777")).one()
        soundbox = s.exec(select(Device.id).where(Device.tid == "BRI00123")).one()
    found = supplies.paper_order("bri00777@example.com", str(a920))
    assert found.sku == "KERTAS-57" and catalogue.product(found.sku).fits == ("A920", "D210")
    assert found.buyer["buyer_email"] == "bri00777@example.com" and found.buyer["shipping_address"].count(", ") >= 2
    assert supplies.paper_order(MERCHANT, str(soundbox)) is None  # no printer
    assert supplies.paper_order(MERCHANT, str(a920)) is None  # another merchant's device
    assert packing.units_wanted([{"sku": "KERTAS-57", "qty": 3}, {"sku": "A920", "qty": 1}]) == {"A920": 1}


def test_the_acquirers_activation_csv_moves_the_tid_to_the_replacement_as_by_hand(clean_db, tmp_path):
    admin = "gudang@terminalku.example"
    merchant_id, unit = _soundbox(tmp_path, working_days.today_wib() + timedelta(days=30))
    cases.open_for(str(unit.id), "tidak-menyala", "Mati", admin)
    case_id = cases.of_merchants([merchant_id])[0].id
    steps.check(case_id, "Ganti", solved=False, admin=admin)
    steps.ship_replacement(case_id, "SBXSPARE1", "jne", "JNE1234567890", admin)
    line = f"SBXSPARE1,BRI,{unit.mid},{unit.tid},ID1020012345678\n".encode()
    [result] = activation.activate_csv(line, "verifikasi@terminalku.example")
    assert result.ok, result.outcome
    assert (_unit("SBRI00123").status, _unit("SBXSPARE1").status, _unit("SBXSPARE1").tid) == (
        "diganti",
        "aktif",
        unit.tid,
    )
    [other_line] = activation.activate_csv(
        f"A920SPARE,BRI,{unit.mid},{unit.tid},\n".encode(), "verifikasi@terminalku.example"
    )
    assert not other_line.ok  # a unit that replaces nothing may not take an active TID
