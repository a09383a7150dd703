"""The admin works a service case (issue 48.2), one step at a time, each in one transaction
with its unit's move (devices/swaps.py) and an event the merchant is told of: checked (solved
remotely closes it), replacement sent (scanned from stock, courier and resi), old unit picked
up (courier and resi), received at the warehouse, then repaired into stock or broken."""

from __future__ import annotations

import uuid
from datetime import date, timedelta

from sqlmodel import Session

from terminal_shop import catalogue, couriers
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services import reach, working_days
from terminal_shop.services.devices import swaps, units
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.events.bus import publish
from terminal_shop.services.orders import bills
from terminal_shop.services.reach import Reach
from terminal_shop.services.servicing import cases
from terminal_shop.services.servicing.cases import ServiceError
from terminal_shop.services.servicing.events import ServiceCaseMoved
from terminal_shop.services.servicing.journey import next_text, waits_for_bill
from terminal_shop.services.servicing.tables import ServiceCase
from terminal_shop.services.servicing.terms import PICKUP_DAYS_AHEAD, PICKUP_WINDOWS, CaseStep, ServiceRefusal
from terminal_shop.services.validation import parse_id


def _case(s: Session, case_id: str, at: CaseStep, act: str) -> ServiceCase:
    key = parse_id(case_id)
    case = s.get(ServiceCase, key, with_for_update=True) if key else None
    if case is None:
        raise ServiceError(ServiceRefusal.NOT_FOUND)
    if case.step != at.value:
        raise ServiceError(ServiceRefusal.STEP, step=CaseStep.label_of(case.step), act=act)
    return case


def _moved(s: Session, case: ServiceCase, to: CaseStep, admin: str, replacement_serial: str = "",
           active: bool = False) -> None:  # fmt: skip
    old, case.step, case.changed_at = case.step, to.value, utcnow()
    if to is CaseStep.DONE:
        case.closed_at = case.changed_at
    s.add(case)
    publish(s, ServiceCaseMoved(entity_id=str(case.id), actor=admin, old_status=old, new_status=to.value,
                                detail=next_text(case, replacement_serial, active)))  # fmt: skip


def _parcel(courier: str, resi: str) -> tuple[str, str]:
    found, number = couriers.courier(courier), couriers.normal_resi(resi)
    if found is None or not couriers.resi_ok(number):
        raise ServiceError(ServiceRefusal.COURIER)
    return found.code, number


def check(case_id: str, note: str, solved: bool, admin: str) -> None:
    words = " ".join(str(note or "").split())[:1000]
    if not words:
        raise ServiceError(ServiceRefusal.NOTE)
    with write_session() as s:
        case = _case(s, case_id, CaseStep.OPEN, "diperiksa")
        case.note = words
        if solved:
            case.outcome = f"Diselesaikan jarak jauh: {words}"[:200]
        elif not case.in_warranty:  # out of warranty: the repair is invoiced from the price table
            device = units.record(s, case.device_id)
            fee = catalogue.service_fee(device.model, unreturned=False) if device else None
            case.fee_sku = fee.sku if fee else None
        _moved(s, case, CaseStep.DONE if solved else CaseStep.CHECKED, admin)


def ship_replacement(case_id: str, serial: str, courier: str, resi: str, admin: str) -> None:
    code, number = _parcel(courier, resi)
    with write_session() as s:
        case = _case(s, case_id, CaseStep.CHECKED, "dikirimi pengganti")
        if waits_for_bill(case, bills.state(s, case.number, case.fee_sku or "")):
            raise ServiceError(ServiceRefusal.UNPAID)
        unit = swaps.ship_replacement(s, case.device_id, serial, admin, f"pengganti untuk kasus {case.number}")
        case.replacement_id, case.replacement_courier, case.replacement_resi = unit.id, code, number
        case.sent_at = utcnow()
        _moved(s, case, CaseStep.SENT, admin, unit.serial)


def delivered(case_id: str, by: str, merchant_ids: Reach | list[uuid.UUID] | None = None) -> None:
    """The replacement is in the merchant's hands: they say so on their case (`merchant_ids`, their
    own), or staff do from the courier's tracking. Only then it is activated (issue 63.8)."""
    with write_session() as s:
        case = _case(s, case_id, CaseStep.SENT, "dicatat diterima")
        if merchant_ids is not None and not reach.of(merchant_ids).allows(case.merchant_id, case.device_id):
            raise ServiceError(ServiceRefusal.NOT_FOUND)  # another merchant's, or another outlet's for its staff
        if case.delivered_at is None:
            case.delivered_at = utcnow()
            _moved(s, case, CaseStep.SENT, by, *_replacement(s, case))


def schedule_pickup(case_id: str, day: str, window: str, admin: str, today: date | None = None) -> None:
    """The old unit's collection booked with the courier: a working day soon, and a window of hours."""
    today = today or working_days.today_wib()
    try:
        chosen = date.fromisoformat(str(day)[:10])
    except ValueError:
        raise ServiceError(ServiceRefusal.PICKUP) from None
    soon = today <= chosen <= today + timedelta(days=PICKUP_DAYS_AHEAD)
    if window not in PICKUP_WINDOWS or not soon or not working_days.is_working_day(chosen):
        raise ServiceError(ServiceRefusal.PICKUP)
    with write_session() as s:
        case = _case(s, case_id, CaseStep.SENT, "dijadwalkan penjemputannya")
        case.pickup_on, case.pickup_window = chosen, window
        _moved(s, case, CaseStep.SENT, admin, *_replacement(s, case))


def _replacement(s: Session, case: ServiceCase) -> tuple[str, bool]:
    """The replacement's SN and whether it is active: what the merchant is told next."""
    unit = units.record(s, case.replacement_id) if case.replacement_id else None
    return (unit.serial, unit.status == DeviceStatus.ACTIVE.value) if unit else ("", False)


def picked_up(case_id: str, courier: str, resi: str, admin: str) -> None:
    code, number = _parcel(courier, resi)
    with write_session() as s:
        case = _case(s, case_id, CaseStep.SENT, "dijemput")
        case.pickup_courier, case.pickup_resi = code, number
        _moved(s, case, CaseStep.PICKED_UP, admin)


def received(case_id: str, admin: str) -> None:
    with write_session() as s:
        case = _case(s, case_id, CaseStep.PICKED_UP, "diterima gudang")
        swaps.back_at_warehouse(s, case.device_id, admin, f"kembali dari merchant, kasus {case.number}")
        _moved(s, case, CaseStep.RECEIVED, admin)


def finish(case_id: str, repaired: bool, admin: str) -> None:
    with write_session() as s:
        case = _case(s, case_id, CaseStep.RECEIVED, "diselesaikan")
        outcome = "diperbaiki, kembali ke stok" if repaired else "rusak"
        swaps.finish(s, case.device_id, repaired, admin, f"kasus {case.number}: {outcome}")
        case.outcome = "Unit pengganti sudah aktif; unit lama " + outcome + "."
        _moved(s, case, CaseStep.DONE, admin)


def activate_replacement(case_id: str, admin: str) -> str:
    """The replacement activated with the old unit's acquirer, TID, MID and NMID (activation's
    own rules; the old unit leaves the TID in the same transaction); the TID."""
    with read_session() as s:
        key = parse_id(case_id)
        case = s.get(ServiceCase, key) if key else None
        if case is None or case.replacement_id is None:
            raise ServiceError(ServiceRefusal.NOT_FOUND)
        if case.delivered_at is None:  # a unit still on the road would take sales nobody makes
            raise ServiceError(ServiceRefusal.NOT_DELIVERED)
        old = units.record(s, case.device_id)
        if old is None:
            raise ServiceError(ServiceRefusal.NOT_FOUND)
    return swaps.activate_in_place_of(case.replacement_id, old, admin)


def open_by_serial(serial: str, problem: str, text: str, admin: str) -> str:
    """Staff open a case for a merchant's unit named by its SN (on the phone with them)."""
    with read_session() as s:
        device = units.by_serial(s, serial)
    if device is None:
        raise ServiceError(ServiceRefusal.NOT_FOUND)
    return cases.open_for(str(device.id), problem, text, admin)
