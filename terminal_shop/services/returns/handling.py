"""What staff do with a return (issue 61.3), each step one transaction with its event (the
buyer is told what happens next): approve with the pickup's courier and resi, or refuse with a
reason; receive each unit by scanning its SN (back to stock, or to repair; no longer the
buyer's, no longer active); then refund to the buyer's account (a numbered credit note) or
ship an exchange from stock."""

from __future__ import annotations

from collections.abc import Callable

from sqlmodel import Session

from terminal_shop import couriers
from terminal_shop.formats import WIB
from terminal_shop.infra.db import next_in_series, write_session
from terminal_shop.infra.models import table_of, utcnow
from terminal_shop.refusals import Refused
from terminal_shop.services.devices import swaps, units
from terminal_shop.services.events.bus import publish
from terminal_shop.services.returns.events import ReturnMoved
from terminal_shop.services.returns.tables import CreditNoteCounter, OrderReturn
from terminal_shop.services.returns.terms import NEXT, Destination, Resolution, ReturnRefusal, ReturnStep
from terminal_shop.services.validation import parse_id


def _moving(
    return_id: str, start: ReturnStep, to: ReturnStep, admin: str, work: Callable[[Session, OrderReturn], str]
) -> None:
    """Locks the return, checks it is at `start`, lets `work` change it (its words for the buyer
    before NEXT's), moves it to `to` and publishes the step."""
    key = parse_id(return_id)
    with write_session() as s:
        row = s.get(OrderReturn, key, with_for_update=True) if key else None
        if row is None:
            raise Refused(ReturnRefusal.NOT_FOUND)
        if row.step != start.value:
            raise Refused(ReturnRefusal.STEP, step=ReturnStep.label_of(row.step), to=to.label.lower())
        said = work(s, row)
        old, row.step, row.changed_at = row.step, to.value, utcnow()
        if to in (ReturnStep.REFUSED, ReturnStep.REFUNDED, ReturnStep.EXCHANGED):
            row.closed_at = row.changed_at
        s.add(row)
        s.flush()
        detail = " ".join(x for x in (said, NEXT[to]) if x)
        publish(s, ReturnMoved(entity_id=str(row.id), actor=admin, old_status=old, new_status=to.value, detail=detail))


def approve(return_id: str, courier_code: str, resi: str, admin: str) -> None:
    courier, normal = couriers.courier(str(courier_code)), couriers.normal_resi(str(resi))[:30]
    if courier is None:
        raise Refused(ReturnRefusal.COURIER)
    if not couriers.resi_ok(normal):
        raise Refused(ReturnRefusal.RESI)

    def work(s: Session, row: OrderReturn) -> str:
        row.pickup_courier, row.pickup_resi = courier.code, normal
        return f"Penjemputan: {courier.name}, resi {normal}."

    _moving(return_id, ReturnStep.ASKED, ReturnStep.APPROVED, admin, work)


def refuse(return_id: str, why: str, admin: str) -> None:
    reason = " ".join(str(why).split())[:500]
    if not reason:
        raise Refused(ReturnRefusal.WHY)

    def work(s: Session, row: OrderReturn) -> str:
        row.refused_reason = reason
        return f"Alasan: {reason}."

    _moving(return_id, ReturnStep.ASKED, ReturnStep.REFUSED, admin, work)


def receive(return_id: str, serial: str, destination: str, admin: str) -> bool:
    """One unit scanned at the warehouse; True when it was the last (the return is received)."""
    sn, where = units.stored_serial(serial), Destination.parse(str(destination)) or Destination.STOCK
    key = parse_id(return_id)
    with write_session() as s:
        row = s.get(OrderReturn, key, with_for_update=True) if key else None
        if row is None:
            raise Refused(ReturnRefusal.NOT_FOUND)
        if row.step != ReturnStep.APPROVED.value:
            raise Refused(ReturnRefusal.STEP, step=ReturnStep.label_of(row.step), to="menerima unit")
        if sn not in row.serials:
            raise Refused(ReturnRefusal.SERIAL, serial=sn or "-")
        if sn in row.received:
            raise Refused(ReturnRefusal.SERIAL_AGAIN, serial=sn)
        detail = f"Retur {row.number}: {where.label.lower()}"
        if not swaps.taken_back(s, sn, row.order_id, admin, detail):
            raise Refused(ReturnRefusal.SERIAL, serial=sn)
        unit_id = swaps.returned_unit(s, sn)
        assert unit_id is not None  # just taken back
        swaps.finish(s, unit_id, where is Destination.STOCK, admin, detail)
        row.received = {**row.received, sn: where.value}
        last = set(row.received) == set(row.serials)
        if last:
            old, row.step, row.changed_at = row.step, ReturnStep.RECEIVED.value, utcnow()
            publish(s, ReturnMoved(entity_id=str(row.id), actor=admin, old_status=old, new_status=row.step,
                                   detail=NEXT[ReturnStep.RECEIVED]))  # fmt: skip
        s.add(row)
        return last


def refund(return_id: str, reference: str, admin: str) -> str:
    """The refund's transfer recorded: the credit note's number."""
    ref = " ".join(str(reference).split())[:60]
    if not ref:
        raise Refused(ReturnRefusal.REFERENCE)
    taken: list[str] = []

    def work(s: Session, row: OrderReturn) -> str:
        if row.resolution != Resolution.REFUND.value:
            raise Refused(
                ReturnRefusal.STEP, step=ReturnStep.label_of(row.step), to="dikembalikan dananya (tukar unit)"
            )
        year = utcnow().astimezone(WIB).year
        row.refund_reference = ref
        row.credit_note = f"NK/{year}/{next_in_series(s, table_of(CreditNoteCounter), year):06d}"
        taken.append(row.credit_note)
        return f"Nota kredit {row.credit_note}."

    _moving(return_id, ReturnStep.RECEIVED, ReturnStep.REFUNDED, admin, work)
    return taken[0]


def exchange(return_id: str, serials_text: str, courier_code: str, resi: str, admin: str) -> None:
    """One unit from stock of the same model for each unit returned, shipped to the buyer."""
    given = [units.stored_serial(x) for x in str(serials_text).replace(",", " ").split() if x.strip()]
    courier, normal = couriers.courier(str(courier_code)), couriers.normal_resi(str(resi))[:30]
    if courier is None:
        raise Refused(ReturnRefusal.COURIER)
    if not couriers.resi_ok(normal):
        raise Refused(ReturnRefusal.RESI)

    def work(s: Session, row: OrderReturn) -> str:
        if row.resolution != Resolution.EXCHANGE.value:
            raise Refused(ReturnRefusal.STEP, step=ReturnStep.label_of(row.step), to="ditukar (uang kembali)")
        if len(given) != len(row.serials) or len(set(given)) != len(given):
            raise Refused(ReturnRefusal.EXCHANGE_COUNT, wanted=len(row.serials))
        for old, new in zip(row.serials, given, strict=True):  # a unit not in stock or of another model: refused
            unit = units.by_serial(s, old)
            assert unit is not None  # a unit is never deleted
            swaps.ship_exchange(s, row.order_id, unit.model, new, admin, f"Pengganti retur {row.number} ({old})")
        row.exchange_serials, row.exchange_resi = given, normal
        return f"Unit pengganti SN {', '.join(given)} dikirim dengan {courier.name}, resi {normal}."

    _moving(return_id, ReturnStep.RECEIVED, ReturnStep.EXCHANGED, admin, work)
