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

from terminal_shop import catalogue
from terminal_shop.formats import wib
from terminal_shop.infra.db import read_session
from terminal_shop.infra.models import table_of, utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.devices.owned import DeviceView
from terminal_shop.services.devices.units import units
from terminal_shop.services.fleet.heartbeat import app_key
from terminal_shop.services.fleet.tables import DeviceHeartbeat
from terminal_shop.services.fleet.terms import FleetFilter, Paper
from terminal_shop.services.registrations import owners as registrations
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


@dataclass(frozen=True)
class FleetCounts:
    offline: int
    paper_out: int
    old_app: int


def _conditions(h: Any, now: datetime) -> dict[FleetFilter, Any]:
    s = get_settings()
    oldest = app_key(s.device_min_app_version)
    return {
        FleetFilter.OFFLINE: h.c.seen_at < now - timedelta(minutes=s.device_offline_minutes),
        FleetFilter.PAPER: h.c.paper == Paper.OUT.value,
        FleetFilter.OLD_APP: (h.c.app_key != "") & (h.c.app_key < oldest),
    }


def counts(now: datetime | None = None) -> FleetCounts:
    """Counted on the heartbeats alone (each row knows whether its unit is aktif: fleet/
    subscribers.py): at 100,000 units, joining every unit cost 70 ms."""
    now = now or utcnow()
    h = table_of(DeviceHeartbeat).alias("h")
    where = _conditions(h, now)
    with read_session() as s:
        row: Any = s.execute(
            sa.select(*[func.count().filter(where[f]) for f in (FleetFilter.OFFLINE, FleetFilter.PAPER, FleetFilter.OLD_APP)])
            .where(h.c.active)
        ).one()  # fmt: skip
    return FleetCounts(int(row[0]), int(row[1]), int(row[2]))


def lines(chosen: FleetFilter, now: datetime | None = None) -> list[FleetLine]:
    """The active units the filter names, the longest silent first (not for SILENT: its list is
    the transactions area's)."""
    now = now or utcnow()
    h, unit, named = table_of(DeviceHeartbeat).alias("h"), units(), registrations.names()
    with read_session() as s:
        rows: Any = s.execute(
            sa.select(unit.c.serial, unit.c.model, unit.c.tid, named.c.nama_usaha, h.c.seen_at, h.c.app_version, h.c.paper,
                      h.c.battery, h.c.signal)
            .select_from(unit.join(h, h.c.device_id == unit.c.id).join(named, named.c.id == unit.c.merchant_id, isouter=True))
            .where(h.c.active, _conditions(h, now)[chosen])
            .order_by(h.c.seen_at).limit(SHOWN)
        ).all()  # fmt: skip
    out = []
    for serial, model, tid, name, seen, app, paper, battery, signal in rows:
        product = catalogue.product(model)
        out.append(FleetLine(serial, f"{product.short_name if product else model} · TID {tid or '-'}", name or "-",
                             wib(seen), app or "-", Badge.of(Paper, paper), f"{battery}%" if battery is not None else "-",
                             f"{signal}%" if signal is not None else "-"))  # fmt: skip
    return out


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
