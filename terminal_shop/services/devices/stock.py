"""Receiving units into stock, one at a time (a barcode scanner types the serial and presses
Enter) or from a CSV (`SN, model, IMEI, ICCID`, a header line optional) applied line by
line with each refusal named; and the stock counted per model in the database.

Serials, IMEIs and ICCIDs are stored upper case without spaces; each is unique (the
database says so too: two admins receiving one unit at once get one row and one refusal).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy import func
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from terminal_shop import catalogue
from terminal_shop.formats import wib
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.refusals import Refused
from terminal_shop.services.csv_lines import each_line
from terminal_shop.services.devices.events import DeviceReceived
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.devices.terms import DeviceRefusal, DeviceStatus
from terminal_shop.services.events.bus import publish
from terminal_shop.services.orders import owners as orders
from terminal_shop.services.registrations import owners as registrations

SERIAL = re.compile(r"[A-Z0-9]{6,20}")
ICCID = re.compile(r"89\d{17,18}")
CSV_MAX_LINES = 5000
HEADER = re.compile(r"\b(sn|serial|nomor seri)\b", re.IGNORECASE)


class DeviceError(Refused):
    """A refused unit: `code` says why, `details` fill its text (`text`, the admin's words)."""

    code: DeviceRefusal


@dataclass(frozen=True)
class Unit:
    """A unit as typed or scanned, checked and normalised."""

    serial: str
    model: str
    imei: str | None
    iccid: str | None


@dataclass(frozen=True)
class LineResult:
    line: int
    serial: str
    outcome: str  # "Diterima", or why the line was refused
    ok: bool


def compact(text: str | None) -> str:
    return re.sub(r"\s+", "", text or "").upper()


def luhn_ok(digits: str) -> bool:
    total = 0
    for i, d in enumerate(reversed(digits)):
        n = int(d) * (2 if i % 2 else 1)
        total += n - 9 if n > 9 else n
    return total % 10 == 0


def checked(serial: str, model: str, imei: str = "", iccid: str = "") -> Unit:
    """The unit's fields as they are stored, or DeviceError naming the first thing wrong."""
    sn, sku, imei_, iccid_ = compact(serial), compact(model), compact(imei), compact(iccid)
    if not sn:
        raise DeviceError(DeviceRefusal.SERIAL_MISSING)
    if not SERIAL.fullmatch(sn):
        raise DeviceError(DeviceRefusal.SERIAL_FORMAT, serial=sn[:30])
    product = catalogue.product(sku)
    if product is None:
        models = ", ".join(p.sku for p in catalogue.PRODUCTS)
        raise DeviceError(DeviceRefusal.MODEL, model=sku[:20] or "(kosong)", models=models)
    if not product.has_sim:
        if imei_ or iccid_:
            raise DeviceError(DeviceRefusal.NO_SIM, model=product.sku)
        return Unit(sn, product.sku, None, None)
    if not imei_:
        raise DeviceError(DeviceRefusal.IMEI_MISSING, model=product.sku)
    if not (imei_.isdigit() and len(imei_) == 15 and luhn_ok(imei_)):
        raise DeviceError(DeviceRefusal.IMEI_FORMAT, imei=imei_[:20])
    if iccid_ and not (ICCID.fullmatch(iccid_) and luhn_ok(iccid_)):
        raise DeviceError(DeviceRefusal.ICCID_FORMAT, iccid=iccid_[:25])
    return Unit(sn, product.sku, imei_, iccid_ or None)


def _taken(s: Session, unit: Unit) -> None:
    """The first of the unit's identifiers another device already has, as a DeviceError."""
    for column, value, code, key in (
        (Device.serial, unit.serial, DeviceRefusal.SERIAL_TAKEN, "serial"),
        (Device.imei, unit.imei, DeviceRefusal.IMEI_TAKEN, "imei"),
        (Device.iccid, unit.iccid, DeviceRefusal.ICCID_TAKEN, "iccid"),
    ):
        if value and s.exec(select(Device.id).where(col(column) == value)).first() is not None:
            raise DeviceError(code, **{key: value})


def receive(serial: str, model: str, admin_email: str, imei: str = "", iccid: str = "") -> Device:
    """One unit into stock. Raises DeviceError (malformed, or already known)."""
    unit = checked(serial, model, imei, iccid)
    try:
        with write_session() as s:
            _taken(s, unit)
            device = Device(serial=unit.serial, model=unit.model, imei=unit.imei, iccid=unit.iccid,
                            status=DeviceStatus.IN_STOCK.value, received_by=admin_email, received_at=utcnow())  # fmt: skip
            s.add(device)
            s.flush()
            publish(s, DeviceReceived(entity_id=str(device.id), actor=admin_email, new_status=device.status,
                                      detail=f"{unit.model} SN {unit.serial}"))  # fmt: skip
    except IntegrityError:  # the same unit received at the same moment by another admin
        raise DeviceError(DeviceRefusal.SERIAL_TAKEN, serial=unit.serial) from None
    return device


def receive_csv(data: bytes, admin_email: str) -> list[LineResult]:
    """Every line received alone: a refused line changes nothing, the others go in."""
    results = []
    for n, cells in each_line(data, HEADER, CSV_MAX_LINES):
        serial = compact(cells[0])[:30]
        if len(cells) < 2:
            results.append(LineResult(n, serial, DeviceRefusal.SHORT_LINE.label, False))
            continue
        try:
            receive(cells[0], cells[1], admin_email, *(c for c in cells[2:4]))
        except DeviceError as exc:
            results.append(LineResult(n, serial, exc.text, False))
        else:
            results.append(LineResult(n, serial, "Diterima", True))
    return results


def in_stock() -> dict[str, int]:
    """Units on the shelf per model (every catalogue model, 0 included), counted by the
    database on its (model, status) index."""
    with read_session() as s:
        found = dict(
            s.exec(
                select(Device.model, func.count())
                .where(col(Device.status) == DeviceStatus.IN_STOCK.value)
                .group_by(col(Device.model))
            ).all()
        )
    return {p.sku: int(found.get(p.sku, 0)) for p in catalogue.PRODUCTS}


def held() -> dict[str, int]:
    """Units per model that orders placed and not yet packed will take (the orders area sums
    its lines: issue 60.1, this module read the orders' JSON in raw SQL)."""
    with read_session() as s:
        return orders.units_held(s)


def available() -> dict[str, int]:
    """Units per model a new order can still have from the shelf (never below 0)."""
    shelf, taken = in_stock(), held()
    return {sku: max(0, n - taken.get(sku, 0)) for sku, n in shelf.items()}


@dataclass(frozen=True)
class WaitingOrder:
    id: str
    number: str
    placed: str  # WIB
    short: str  # what the shelf lacks for it: "2 A920 Pro"


def waiting_for_stock(limit: int = 50) -> list[WaitingOrder]:
    """Confirmed orders not packed yet that the shelf cannot fill, oldest first: the shelf is
    handed out in the order payments were placed, so the oldest orders are served first."""
    shelf = in_stock()
    with read_session() as s:
        unpacked = orders.waiting_to_pack(s)
    waiting = []
    for oid, number, created, items in unpacked:
        short = []
        for line in items:
            sku, qty = str(line.get("sku", "")), int(line.get("qty", 0))
            if sku not in shelf:
                continue
            given = min(qty, shelf[sku])
            shelf[sku] -= given
            if given < qty:
                product = catalogue.product(sku)
                short.append(f"{qty - given} {product.short_name if product else sku}")
        if short:
            waiting.append(WaitingOrder(str(oid), number or "", wib(created), " + ".join(short)))
            if len(waiting) >= limit:
                break
    return waiting


@dataclass(frozen=True)
class DeviceCounts:
    """The overview's devices line."""

    in_stock: list[tuple[str, int]]  # (model's short name, units on the shelf)
    waiting_for_stock: int  # confirmed orders the shelf cannot fill
    waiting_for_approval: int  # units sent out whose merchant is not approved (or not registered)
    waiting_for_tid: int  # units of approved merchants not active yet
    shipped_without_serial: int  # orders sent before packing required SNs: "Catat SN" on each (issue 46.13)


def counts() -> DeviceCounts:
    """Counted by the database (status and merchant indexes), never by loading units."""
    out = col(Device.status).in_((DeviceStatus.RESERVED.value, DeviceStatus.SHIPPED.value))
    with read_session() as s:
        sent_out = s.exec(select(func.count()).select_from(Device).where(out)).one()
        ready = s.exec(
            select(func.count())
            .select_from(Device)
            .where(out, col(Device.merchant_id).in_(registrations.approved_ids()))
        ).one()
        sent = orders.sent()
        unrecorded = s.exec(
            select(func.count())
            .select_from(sent)
            .where(~select(Device.id).where(col(Device.order_id) == sent.c.id).exists())
        ).one()
    names = {p.sku: p.short_name for p in catalogue.PRODUCTS}
    return DeviceCounts(
        in_stock=[(names[sku], n) for sku, n in in_stock().items()],
        waiting_for_stock=len(waiting_for_stock(limit=1000)),
        waiting_for_approval=sent_out - ready,
        waiting_for_tid=ready,
        shipped_without_serial=unrecorded,
    )
