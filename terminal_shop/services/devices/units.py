"""The devices area's door for other areas (issue 51.1): every unit with the columns others
may join on or show, as a subquery, so a transaction list joins its terminal without
importing the devices table; and one unit as a message about it reads it."""

from __future__ import annotations

import uuid
from datetime import date
from typing import Any, Protocol

import sqlalchemy as sa
from sqlmodel import Session, col, select

from terminal_shop.infra.models import table_of
from terminal_shop.services.devices.stock import compact
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.devices.terms import DeviceStatus


def units() -> Any:
    """id, serial, model, status, merchant_id, tid, mid, activated_at, warranty_until of every unit."""
    d = table_of(Device).c
    return sa.select(d.id, d.serial, d.model, d.status, d.merchant_id, d.tid, d.mid, d.activated_at,
                     d.warranty_until).subquery("units")  # fmt: skip


class DeviceFacts(Protocol):
    """What another area reads of a unit it is handed: read-only (the row satisfies it)."""

    @property
    def id(self) -> uuid.UUID: ...
    @property
    def serial(self) -> str: ...
    @property
    def model(self) -> str: ...
    @property
    def merchant_id(self) -> uuid.UUID | None: ...
    @property
    def tid(self) -> str | None: ...
    @property
    def mid(self) -> str | None: ...
    @property
    def status(self) -> str: ...
    @property
    def warranty_until(self) -> date | None: ...
    @property
    def replaces_id(self) -> uuid.UUID | None: ...
    @property
    def acquirer(self) -> str | None: ...
    @property
    def nmid(self) -> str | None: ...


def ids_of_serials(s: Session, serials: set[str]) -> dict[str, tuple[uuid.UUID, bool]]:
    """SN -> (unit id, whether it is aktif), for the units that exist (a heartbeat batch's, in one query)."""
    if not serials:
        return {}
    rows = s.exec(select(Device.serial, Device.id, Device.status).where(col(Device.serial).in_(serials))).all()
    return {sn: (i, status == DeviceStatus.ACTIVE.value) for sn, i, status in rows}


def models_of_serials(s: Session, serials: list[str]) -> dict[str, str]:
    """SN -> model, for the units that exist (a return's units named in one query)."""
    if not serials:
        return {}
    return dict(s.exec(select(Device.serial, Device.model).where(col(Device.serial).in_(serials))).all())


def records(s: Session, device_ids: set[uuid.UUID]) -> dict[uuid.UUID, DeviceFacts]:
    """Several units by id in one query (a list of cases, each naming its units)."""
    return {d.id: d for d in s.exec(select(Device).where(col(Device.id).in_(device_ids)))} if device_ids else {}


def stored_serial(typed: str) -> str:
    """An SN as a person typed or scanned it, spelled as the stock keeps it (no spaces, capitals)."""
    return compact(typed)[:30]


def by_serial(s: Session, serial: str) -> DeviceFacts | None:
    """A unit by its SN as a person typed it (spaces and case ignored, as the stock keeps it)."""
    return s.exec(select(Device).where(col(Device.serial) == stored_serial(serial))).first()


def record(s: Session, device_id: uuid.UUID) -> DeviceFacts | None:
    return s.get(Device, device_id)


def replacement_of(s: Session, device_id: uuid.UUID) -> DeviceFacts | None:
    """The newest unit sent to replace this one (servicing), if any."""
    return s.exec(
        select(Device).where(col(Device.replaces_id) == device_id).order_by(col(Device.updated_at).desc())
    ).first()
