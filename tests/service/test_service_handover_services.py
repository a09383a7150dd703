"""A replacement's handover (issue 63.8): activated only once the merchant has it (their word on
the case, or staff's from the courier's tracking), then the old unit's pickup booked for a
working day and a window of hours, which the merchant is told."""

from __future__ import annotations

import uuid
from datetime import date, timedelta

import pytest
from sqlmodel import select
from test_servicing_services import MERCHANT, _soundbox

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.services import working_days
from terminal_shop.services.backoffice import admin_overview
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.reach import Reach
from terminal_shop.services.servicing import cases, steps
from terminal_shop.services.servicing.cases import ServiceError
from terminal_shop.services.servicing.tables import ServiceCase

ADMIN = "gudang@terminalku.example"


def _sent_case(tmp_path):
    merchant_id, unit = _soundbox(tmp_path, working_days.today_wib() + timedelta(days=30))
    with write_session() as s:
        s.get(Device, unit.id).acquirer = "BRI"
    cases.report([merchant_id], str(unit.id), "tidak-menyala", "Mati", MERCHANT)
    case_id = cases.of_merchants([merchant_id])[0].id
    steps.check(case_id, "Ganti unit", solved=False, admin=ADMIN)
    steps.ship_replacement(case_id, "SBXSPARE1", "jne", "JNE1234567890", ADMIN)
    return merchant_id, case_id


def _refused(work, *args) -> str:
    with pytest.raises(ServiceError) as refused:
        work(*args)
    return refused.value.text


def test_a_replacement_is_activated_only_once_the_merchant_has_it(clean_db, tmp_path):
    merchant_id, case_id = _sent_case(tmp_path)
    [seen] = cases.of_merchants([merchant_id])
    assert seen.awaiting_delivery and 'tekan "Pengganti sudah diterima"' in seen.next
    assert _refused(steps.activate_replacement, case_id, ADMIN) == "Aktifkan setelah unit pengganti diterima merchant"
    assert (
        _refused(steps.delivered, case_id, "orang@example.com", [uuid.uuid4()])
        == "Perangkat atau kasus tidak ditemukan"
    )
    other_outlet = Reach((merchant_id,), frozenset({uuid.uuid4()}), money=False)  # a cashier of another outlet
    assert (
        _refused(steps.delivered, case_id, "kasir@example.com", other_outlet) == "Perangkat atau kasus tidak ditemukan"
    )

    steps.delivered(case_id, MERCHANT, [merchant_id])  # the merchant's "Pengganti sudah diterima"
    steps.delivered(case_id, MERCHANT, [merchant_id])  # twice: once recorded
    [seen] = cases.of_merchants([merchant_id])
    assert not seen.awaiting_delivery and seen.next.startswith("Unit pengganti SN SBXSPARE1 sudah diterima")
    assert steps.activate_replacement(case_id, ADMIN) == "BRI00123"
    assert cases.of_merchants([merchant_id])[0].next.endswith("Kami kabari jadwal penjemputan unit lama.")


def test_the_old_units_pickup_is_booked_for_a_working_day_and_hours_the_merchant_reads(clean_db, tmp_path):
    merchant_id, case_id = _sent_case(tmp_path)
    steps.delivered(case_id, ADMIN)  # staff, from the courier's tracking
    steps.activate_replacement(case_id, ADMIN)
    monday = date(2026, 12, 7)
    saturday, christmas = date(2026, 12, 5), date(2026, 12, 25)
    today = date(2026, 12, 4)
    for day, window in ((monday, "malam"), (saturday, "09.00-12.00"), (christmas, "09.00-12.00"),
                        (date(2026, 12, 3), "09.00-12.00"), (today + timedelta(days=20), "09.00-12.00"), ("besok", "09.00-12.00")):  # fmt: skip
        assert _refused(steps.schedule_pickup, case_id, str(day), window, ADMIN, today).startswith(
            "Pilih tanggal (hari kerja"
        )
    steps.schedule_pickup(case_id, monday.isoformat(), "09.00-12.00", ADMIN, today)
    [seen] = cases.of_merchants([merchant_id])
    assert seen.pickup == "Senin, 7 Des 2026, pukul 09.00-12.00 WIB"
    assert "Unit lama dijemput kurir Senin, 7 Des 2026, pukul 09.00-12.00 WIB" in seen.next
    with read_session() as s:
        told = [m.body_text for m in s.exec(select(OutboxMessage).where(OutboxMessage.to_addr == MERCHANT))]
    assert any("Senin, 7 Des 2026, pukul 09.00-12.00 WIB" in body for body in told)


def _queue() -> dict[str, int]:
    """The overview's service cards, as the admin reads them."""
    return {w.label: w.count for w in admin_overview.overview().waiting if w.label.startswith("Servis:")}


def test_the_overview_watches_promised_days_and_replacements_on_the_road(clean_db, tmp_path):
    merchant_id, unit = _soundbox(tmp_path, working_days.today_wib() + timedelta(days=30))
    cases.report([merchant_id], str(unit.id), "tidak-menyala", "Mati", MERCHANT)
    case_id = cases.of_merchants([merchant_id])[0].id
    assert _queue() == dict.fromkeys(("Servis: janji kirim hari ini atau terlewat", "Servis: tagihan belum dibayar",
                                      "Servis: pengganti belum diterima merchant"), 0)  # promised for a later day  # fmt: skip
    with write_session() as s:  # reported a week ago: its promised day has gone
        s.get(ServiceCase, uuid.UUID(case_id)).opened_at -= timedelta(days=7)
    assert _queue()["Servis: janji kirim hari ini atau terlewat"] == 1
    steps.check(case_id, "Ganti unit", solved=False, admin=ADMIN)
    assert _queue()["Servis: janji kirim hari ini atau terlewat"] == 1  # checked, still not sent
    steps.ship_replacement(case_id, "SBXSPARE1", "jne", "JNE1234567890", ADMIN)
    assert (
        _queue()["Servis: janji kirim hari ini atau terlewat"],
        _queue()["Servis: pengganti belum diterima merchant"],
    ) == (0, 1)
    steps.delivered(case_id, MERCHANT, [merchant_id])
    assert _queue()["Servis: pengganti belum diterima merchant"] == 0
