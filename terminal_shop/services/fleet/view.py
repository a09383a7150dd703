"""The admin's fleet view (issue 48.3): active units offline longer than the setting, out of
paper, on an app older than the setting, or without a transaction for days (the silent list,
from the transactions area); with the counts the overview shows. Filtered in SQL (100,000
units: docs/benchmarks.md)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlmodel import col, func

from terminal_shop import catalogue, routes, rules
from terminal_shop.formats import wib
from terminal_shop.infra.db import read_session
from terminal_shop.infra.models import table_of, utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.devices.owned import DeviceView
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.devices.units import units
from terminal_shop.services.fleet.heartbeat import app_key
from terminal_shop.services.fleet.tables import DeviceHeartbeat
from terminal_shop.services.fleet.terms import FleetFilter, Paper
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.servicing import cases as service_cases
from terminal_shop.services.validation import strip_phone
from terminal_shop.views import Badge

SHOWN = 200


@dataclass(frozen=True)
class FleetLine:
    serial: str
    device: str  # "Soundbox QRIS · TID QRS00047"
    merchant: str
    seen: str  # "28 Nov 2026 13.05 WIB", "belum pernah"
    app: str
    paper: Badge
    battery: str  # "40%", "-"
    signal: str
    merchant_link: str = ""  # the admin's page of the merchant, "" for a unit in nobody's hands
    phone: str = ""  # the merchant's HP as dialled: "tel:" and WhatsApp links (issue 63.6)
    case: str = ""  # the unit's open service case, and its card on Servis
    case_link: str = ""


@dataclass(frozen=True)
class FleetCounts:
    offline: int
    paper_out: int
    old_app: int
    never: int = 0  # active and never heard from
    battery: int = 0
    signal: int = 0


def _conditions(h: Any, now: datetime) -> dict[FleetFilter, Any]:
    s = get_settings()
    oldest = app_key(s.device_min_app_version)
    return {
        FleetFilter.OFFLINE: h.c.seen_at < now - timedelta(minutes=s.device_offline_minutes),
        FleetFilter.PAPER: h.c.paper == Paper.OUT.value,
        FleetFilter.OLD_APP: (h.c.app_key != "") & (h.c.app_key < oldest),
        FleetFilter.BATTERY: h.c.battery < rules.LOW_BATTERY_PERCENT,
        FleetFilter.SIGNAL: h.c.signal < rules.WEAK_SIGNAL_PERCENT,
    }


def _never_spoken(unit: Any, h: Any) -> Any:
    """Active units without a heartbeat row: a replacement activated before it was switched on."""
    return (
        unit.join(h, h.c.device_id == unit.c.id, isouter=True),
        sa.and_(unit.c.status == DeviceStatus.ACTIVE.value, h.c.device_id.is_(None)),
    )


def counts(now: datetime | None = None) -> FleetCounts:
    """Counted on the heartbeats alone (each row knows whether its unit is aktif: fleet/
    subscribers.py): at 100,000 units, joining every unit cost 70 ms. So "never spoke" is the
    active units less the active heartbeat rows (one a unit), not an outer join (issue 63.6's
    join took the counts' p95 from 26 to 113 ms: docs/benchmarks.md section 17)."""
    now = now or utcnow()
    h, unit = table_of(DeviceHeartbeat).alias("h"), units()
    where = _conditions(h, now)
    flagged = (FleetFilter.OFFLINE, FleetFilter.PAPER, FleetFilter.OLD_APP, FleetFilter.BATTERY, FleetFilter.SIGNAL)
    with read_session() as s:
        row: Any = s.execute(
            sa.select(*[func.count().filter(where[f]) for f in flagged], func.count()).where(h.c.active)
        ).one()
        active = s.execute(sa.select(func.count()).select_from(unit).where(unit.c.status == DeviceStatus.ACTIVE.value))
        silent_always = max(0, int(active.scalar_one()) - int(row[5]))
    return FleetCounts(int(row[0]), int(row[1]), int(row[2]), silent_always, int(row[3]), int(row[4]))


def lines(chosen: FleetFilter, now: datetime | None = None) -> list[FleetLine]:
    """The active units the filter names, the longest silent first (not for SILENT: its list is
    the transactions area's), each with its merchant to open or call."""
    now = now or utcnow()
    h, unit, named = table_of(DeviceHeartbeat).alias("h"), units(), registrations.names()
    columns = (unit.c.id, unit.c.serial, unit.c.model, unit.c.tid, named.c.id, named.c.nama_usaha, named.c.nomor_hp, h.c.seen_at,
               h.c.app_version, h.c.paper, h.c.battery, h.c.signal)  # fmt: skip
    if chosen is FleetFilter.NEVER:
        joined, where = _never_spoken(unit, h)  # the outer join's heartbeat columns: all empty
        query = sa.select(*columns).select_from(joined.join(named, named.c.id == unit.c.merchant_id, isouter=True))
        query = query.where(where).order_by(unit.c.activated_at)
    else:
        query = (sa.select(*columns)
                 .select_from(unit.join(h, h.c.device_id == unit.c.id).join(named, named.c.id == unit.c.merchant_id, isouter=True))
                 .where(h.c.active, _conditions(h, now)[chosen]).order_by(h.c.seen_at))  # fmt: skip
    with read_session() as s:
        rows: Any = s.execute(query.limit(SHOWN)).all()
    open_cases = service_cases.open_numbers([row[0] for row in rows])
    return [_with_case(_line(*row[1:]), open_cases.get(row[0], "")) for row in rows]


def _with_case(line: FleetLine, number: str) -> FleetLine:
    return replace(line, case=number, case_link=routes.service_case_admin(number)) if number else line


def _line(serial: str, model: str, tid: str | None, merchant_id: Any, name: str | None, phone: str | None,
          seen: datetime | None, app: str | None, paper: str | None, battery: int | None, signal: int | None) -> FleetLine:  # fmt: skip
    product = catalogue.product(model)
    return FleetLine(
        serial, f"{product.short_name if product else model} · TID {tid or '-'}", name or "-",
        wib(seen) if seen else "belum pernah", app or "-", Badge.of(Paper, paper or Paper.NONE.value),
        f"{battery}%" if battery is not None else "-", f"{signal}%" if signal is not None else "-",
        routes.with_id(routes.ADMIN_MERCHANT, merchant_id) if merchant_id else "", strip_phone(phone or ""),
    )  # fmt: skip


def last_seen(device_ids: list[Any]) -> dict[str, str]:
    """Each unit's "Terakhir terhubung", for the merchant's device cards."""
    if not device_ids:
        return {}
    h = table_of(DeviceHeartbeat)
    with read_session() as s:
        rows: Any = s.execute(sa.select(h.c.device_id, h.c.seen_at).where(col(h.c.device_id).in_(device_ids))).all()
    return {str(d): wib(at) for d, at in rows}


def with_last_seen(devices: list[DeviceView]) -> list[DeviceView]:
    """The merchant's device cards with "Terakhir terhubung"."""
    seen = last_seen([uuid.UUID(d.id) for d in devices])
    return [replace(d, last_seen=seen.get(d.id, "")) for d in devices]


def silent_of(device_ids: list[Any], now: datetime | None = None) -> set[str]:
    """Which of these active units have sent nothing for longer than the setting (the merchant's
    "perlu perhatian" on the account's summary)."""
    if not device_ids:
        return set()
    h = table_of(DeviceHeartbeat).alias("h")
    with read_session() as s:
        rows: Any = s.execute(
            sa.select(h.c.device_id).where(h.c.active, col(h.c.device_id).in_(device_ids),
                                           _conditions(h, now or utcnow())[FleetFilter.OFFLINE])
        ).all()  # fmt: skip
    return {str(d) for (d,) in rows}


@dataclass(frozen=True)
class Attention:
    device_id: str
    device: str  # "Soundbox QRIS · SN SBX001"
    why: str  # what the merchant should know: not active yet, suspended, silent since


def needs_attention(devices: list[DeviceView]) -> list[Attention]:
    """The merchant's units that want a look, for the account's summary: waiting to be active,
    suspended, or silent longer than the setting."""
    silent = silent_of([uuid.UUID(d.id) for d in devices if d.state == DeviceStatus.ACTIVE.value])
    out = []
    for d in devices:
        why = (
            d.waiting
            or (d.status if d.state == DeviceStatus.SUSPENDED.value else "")
            or (f"Tidak terhubung sejak {d.last_seen}" if d.id in silent else "")
        )
        if why:
            out.append(Attention(d.id, f"{d.model} · SN {d.serial}", why))
    return out
