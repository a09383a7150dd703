"""The owner's outlets (issue 49.1): each merchant's first outlet is its registration's business
address (made the first time the outlets are read); more are added by name and address; each
device stands at one (a device with no choice made stands at the first). Only the signed-in
owner's own merchants, outlets and devices are reached."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from terminal_shop import catalogue
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.refusals import Refused
from terminal_shop.services.devices import units
from terminal_shop.services.events.bus import publish
from terminal_shop.services.merchant_team import hours
from terminal_shop.services.merchant_team.events import OutletChanged
from terminal_shop.services.merchant_team.tables import DeviceOutlet, Outlet
from terminal_shop.services.merchant_team.terms import OutletRefusal
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.validation import parse_id, typed_int


class OutletError(Refused):
    code: OutletRefusal


@dataclass(frozen=True)
class OutletView:
    id: str
    merchant_id: str
    business: str
    name: str
    address: str  # "Jl. Melati 5, Kebayoran Baru, Jakarta Selatan"
    devices: list[str] = field(default_factory=list)  # "Soundbox · SN SBX001"
    hours: str = ""  # "07.00-21.00 WIB": when a silent unit there is told of
    opens: int = 7
    closes: int = 21


@dataclass(frozen=True)
class Placement:
    device_id: str
    device: str
    outlet_id: str  # where it stands


def first_outlets(s: Session, merchant_ids: list[uuid.UUID], by: str) -> None:
    """The business's own address as each merchant's first outlet, where it has none: made when
    the registration is approved (subscribers.py), so the team's page only reads."""
    for m in _without_outlet(s, merchant_ids):
        reg = registrations.record(s, m)
        if reg is not None:
            s.add(Outlet(merchant_id=m, name=reg.nama_usaha[:80] or "Outlet utama", address=reg.alamat_usaha[:300],
                         kecamatan=reg.kecamatan[:120], kota=reg.kabupaten_kota[:120], created_by=by[:254]))  # fmt: skip


def _without_outlet(s: Session, merchant_ids: list[uuid.UUID]) -> list[uuid.UUID]:
    have = set(s.exec(select(Outlet.merchant_id).where(col(Outlet.merchant_id).in_(merchant_ids))))
    return [m for m in merchant_ids if m not in have]


def _devices(s: Session, merchant_ids: list[uuid.UUID]) -> list[tuple[uuid.UUID, uuid.UUID, str]]:
    """(device id, merchant id, its name) of the merchants' units that are theirs now."""
    u = units.units()
    rows = s.exec(select(u.c.id, u.c.merchant_id, u.c.model, u.c.serial).where(u.c.merchant_id.in_(merchant_ids))
                  .order_by(u.c.serial)).all()  # fmt: skip
    out = []
    for device_id, merchant_id, model, serial in rows:
        product = catalogue.product(model)
        out.append((device_id, merchant_id, f"{product.short_name if product else model} · SN {serial}"))
    return out


def _outlets(s: Session, merchant_ids: list[uuid.UUID]) -> list[Outlet]:
    return list(
        s.exec(select(Outlet).where(col(Outlet.merchant_id).in_(merchant_ids)).order_by(col(Outlet.created_at)))
    )


def _standing(
    s: Session, outlets: list[Outlet], devices: list[tuple[uuid.UUID, uuid.UUID, str]]
) -> dict[uuid.UUID, uuid.UUID | None]:
    """Where each device stands: its choice, else its merchant's first outlet."""
    placed = dict(s.exec(select(DeviceOutlet.device_id, DeviceOutlet.outlet_id)
                         .where(col(DeviceOutlet.device_id).in_([d for d, _, _ in devices]))).all())  # fmt: skip
    first: dict[uuid.UUID, uuid.UUID] = {}
    for o in outlets:
        first.setdefault(o.merchant_id, o.id)
    return {d: placed.get(d) or first.get(m) for d, m, _ in devices}


def devices_at(s: Session, merchant_id: uuid.UUID, outlet_ids: set[uuid.UUID]) -> frozenset[uuid.UUID]:
    """The merchant's devices standing at these outlets (a member's reach, scope.py)."""
    devices = _devices(s, [merchant_id])
    return frozenset(d for d, o in _standing(s, _outlets(s, [merchant_id]), devices).items() if o in outlet_ids)


def hours_of(s: Session, device_ids: list[uuid.UUID]) -> dict[uuid.UUID, hours.Hours]:
    """The shop hours of the outlet each of these units stands at (the fleet's alerts)."""
    u = units.units()
    devices = s.exec(select(u.c.id, u.c.merchant_id).where(u.c.id.in_(device_ids), u.c.merchant_id.is_not(None))).all()
    found = _outlets(s, list({m for _, m in devices}))
    by_id = {o.id: o for o in found}
    standing = _standing(s, found, [(d, m, "") for d, m in devices])
    return {d: hours.of(by_id[o]) for d, o in standing.items() if o in by_id}


def names_of(s: Session, outlet_ids: list[uuid.UUID]) -> dict[uuid.UUID, str]:
    return dict(s.exec(select(Outlet.id, Outlet.name).where(col(Outlet.id).in_(outlet_ids))).all())


def of_merchants(merchant_ids: list[uuid.UUID], by: str) -> tuple[list[OutletView], list[Placement]]:
    """Every outlet of these merchants with its devices, and where each device stands."""
    if not merchant_ids:
        return [], []
    with read_session() as s:
        missing = _without_outlet(s, merchant_ids)
    if missing:  # approved before outlets were made on approval (or seeded straight into the tables)
        try:
            with write_session() as s:
                first_outlets(s, missing, by)
        except IntegrityError:  # another tab made it a moment before
            pass
    with read_session() as s:
        outlets = _outlets(s, merchant_ids)
        devices = _devices(s, merchant_ids)
        at = _standing(s, outlets, devices)
        names = {m: r.nama_usaha for m in merchant_ids if (r := registrations.record(s, m))}
    views = [OutletView(str(o.id), str(o.merchant_id), names.get(o.merchant_id, ""), o.name,
                        ", ".join(x for x in (o.address, o.kecamatan, o.kota) if x),
                        [name for d, _, name in devices if at[d] == o.id], hours.text(hours.of(o)), *hours.of(o))
             for o in outlets]  # fmt: skip
    return views, [Placement(str(d), name, str(at[d] or "")) for d, _, name in devices]


def add(merchant_ids: list[uuid.UUID], merchant_id: str, form: dict[str, str], by: str) -> None:
    key = parse_id(merchant_id)
    if key is None or key not in merchant_ids:
        raise OutletError(OutletRefusal.NOT_FOUND)
    name, address = " ".join(str(form.get("nama", "")).split()), " ".join(str(form.get("alamat", "")).split())
    kecamatan, kota = " ".join(str(form.get("kecamatan", "")).split()), " ".join(str(form.get("kota", "")).split())
    if not 2 <= len(name) <= 80:
        raise OutletError(OutletRefusal.NAME)
    if not address or len(address) > 300:
        raise OutletError(OutletRefusal.ADDRESS)
    if not kecamatan or not kota or len(kecamatan) > 120 or len(kota) > 120:
        raise OutletError(OutletRefusal.AREA)
    try:
        with write_session() as s:
            s.add(
                Outlet(merchant_id=key, name=name, address=address, kecamatan=kecamatan, kota=kota, created_by=by[:254])
            )
            s.flush()
            publish(s, OutletChanged(entity_id=str(key), actor=by, detail=f"{name} ditambahkan"))
    except IntegrityError:
        raise OutletError(OutletRefusal.TAKEN, name=name) from None


def set_hours(merchant_ids: list[uuid.UUID], outlet_id: str, opens: str, closes: str, by: str) -> None:
    """The owner's "Jam buka" and "Jam tutup" for one of their outlets (hours.py)."""
    key, start, end = parse_id(outlet_id), typed_int(opens, -1), typed_int(closes, -1)
    if not 0 <= start < end <= 24:
        raise OutletError(OutletRefusal.HOURS)
    with write_session() as s:
        outlet = s.get(Outlet, key) if key else None
        if outlet is None or outlet.merchant_id not in merchant_ids:
            raise OutletError(OutletRefusal.NOT_FOUND)
        outlet.opens, outlet.closes = start, end
        s.add(outlet)
        publish(
            s,
            OutletChanged(
                entity_id=str(outlet.merchant_id), actor=by, detail=f"Jam {outlet.name}: {hours.text((start, end))}"
            ),
        )


def take_place(s: Session, old_id: uuid.UUID, new_id: uuid.UUID | None) -> None:
    """A unit leaves its outlet; `new_id`, the unit that replaces it, stands where it stood (a
    replacement keeps the outlet's cashiers seeing its sales, issue 63)."""
    row = s.get(DeviceOutlet, old_id)
    if new_id is not None:
        if (mine := s.get(DeviceOutlet, new_id)) is not None:
            s.delete(mine)
        if row is not None:
            s.add(DeviceOutlet(device_id=new_id, outlet_id=row.outlet_id, assigned_by=row.assigned_by))
    if row is not None:
        s.delete(row)


def assign(merchant_ids: list[uuid.UUID], device_id: str, outlet_id: str, by: str) -> None:
    """The device stands at this outlet: both the same merchant's, one of the owner's."""
    device_key, outlet_key = parse_id(device_id), parse_id(outlet_id)
    with write_session() as s:
        device = units.record(s, device_key) if device_key else None
        outlet = s.get(Outlet, outlet_key) if outlet_key else None
        if (
            device is None
            or outlet is None
            or device.merchant_id not in merchant_ids
            or outlet.merchant_id != device.merchant_id
        ):
            raise OutletError(OutletRefusal.NOT_FOUND)
        row = s.get(DeviceOutlet, device.id)
        if row is None:
            s.add(DeviceOutlet(device_id=device.id, outlet_id=outlet.id, assigned_by=by[:254]))
        else:
            row.outlet_id, row.assigned_by = outlet.id, by[:254]
            s.add(row)
        publish(
            s, OutletChanged(entity_id=str(outlet.merchant_id), actor=by, detail=f"SN {device.serial} di {outlet.name}")
        )
