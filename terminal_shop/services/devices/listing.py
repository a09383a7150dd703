"""The admin's "Perangkat" list: search by SN, IMEI, TID, MID, the merchant's business name
or the order number; filter by status and model; newest first; and the same as CSV."""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Join, func, outerjoin, union
from sqlmodel import col, select

from terminal_shop import catalogue, routes
from terminal_shop.formats import wib, wib_sortable
from terminal_shop.infra.csv_export import stream
from terminal_shop.infra.db import read_session
from terminal_shop.services.devices.stock import in_stock
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.orders import owners as orders
from terminal_shop.services.orders.views import order_number
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.views import Badge

PER_PAGE = 50
CSV_HEADER = ["Diterima", "SN", "Model", "IMEI", "ICCID", "Status", "TID", "MID", "Pesanan", "Merchant"]


@dataclass(frozen=True)
class DeviceRow:
    id: str
    serial: str
    model: str  # the catalogue's short name
    imei: str
    status: Badge
    tid: str
    mid: str
    order: str  # the order number, "" before it is sold
    merchant: str  # the merchant's business name, "" until linked
    received: str  # WIB
    order_link: str = ""  # the order's admin page (issue 50.5: the row opens it)
    merchant_link: str = ""  # the merchant's admin page


@dataclass(frozen=True)
class DevicePage:
    rows: tuple[DeviceRow, ...]
    total: int  # every device the search and filters match
    stock: dict[str, int]  # units in stock per model (stock.in_stock)


def _conditions(search: str, status: str, model: str) -> list[Any]:
    conds: list[Any] = []
    if DeviceStatus.parse(status):
        conds.append(col(Device.status) == status)
    if catalogue.product(model):
        conds.append(col(Device.model) == model)
    text = search.strip()
    if text:
        code = "".join(text.split()).upper()
        escaped = code.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        # Each way of matching on its own index, the device ids joined: one OR across the
        # joined tables would read every device (issue 36's 1,000,000-device benchmark).
        matching = union(
            select(Device.id).where(col(Device.serial).like(f"{escaped}%", escape="\\")),  # exact, or its start
            select(Device.id).where(col(Device.imei) == code),
            select(Device.id).where(col(Device.tid) == code),
            select(Device.id).where(col(Device.mid) == code),
            select(Device.id).where(col(Device.order_id).in_(orders.ids_numbered(code))),
            select(Device.id).where(col(Device.merchant_id).in_(registrations.ids_named(text))),
        )
        conds.append(col(Device.id).in_(matching))
    return conds


_NUMBERS, _NAMES = orders.numbers(), registrations.names()  # the other areas' columns a row shows


def _joined() -> Join:
    return outerjoin(
        outerjoin(Device, _NUMBERS, col(Device.order_id) == _NUMBERS.c.id),
        _NAMES,
        col(Device.merchant_id) == _NAMES.c.id,
    )


def _select(*columns: Any) -> Any:
    """Typed Any: sqlmodel's `exec` overloads know no select over an explicit join."""
    return select(*columns).select_from(_joined())


def _row(d: Device, number: str | None, shop: str | None) -> DeviceRow:
    product = catalogue.product(d.model)
    return DeviceRow(
        id=str(d.id),
        serial=d.serial,
        model=product.short_name if product else d.model,
        imei=d.imei or "",
        status=Badge.of(DeviceStatus, d.status),
        tid=d.tid or "",
        mid=d.mid or "",
        order=(number or order_number(d.order_id)) if d.order_id else "",
        merchant=shop or "",
        received=wib(d.received_at),
        order_link=routes.with_id(routes.ADMIN_ORDER, d.order_id) if d.order_id else "",
        merchant_link=routes.with_id(routes.ADMIN_MERCHANT, d.merchant_id) if d.merchant_id else "",
    )


def page(search: str = "", status: str = "", model: str = "", number: int = 1) -> DevicePage:
    conds = _conditions(search, status, model)
    offset = (max(1, number) - 1) * PER_PAGE
    with read_session() as s:
        total = s.exec(_select(func.count()).where(*conds)).one()
        found = s.exec(
            _select(Device, _NUMBERS.c.number, _NAMES.c.nama_usaha)
            .where(*conds)
            .order_by(col(Device.received_at).desc(), col(Device.id).desc())
            .offset(offset)
            .limit(PER_PAGE)
        ).all()
    return DevicePage(tuple(_row(d, n, shop) for d, n, shop in found), int(total), in_stock())


def find(device_id: str) -> Device | None:
    try:
        did = uuid.UUID(str(device_id))
    except ValueError:
        return None
    with read_session() as s:
        return s.get(Device, did)


@dataclass(frozen=True)
class DeviceQuery:
    """The list's filters as the export route reads them from its URL (web/admin_routes.py)."""

    search: str = ""
    status: str = ""
    model: str = ""

    def changed(self) -> DeviceQuery:
        return self

    def params(self) -> dict[str, str]:
        return {k: v for k, v in (("q", self.search), ("status", self.status), ("model", self.model)) if v}


def query_from(params: Mapping[str, str]) -> DeviceQuery:
    return DeviceQuery(str(params.get("q", ""))[:100], str(params.get("status", "")), str(params.get("model", "")))


def export_csv(query: DeviceQuery | None = None, **fields: str) -> Iterator[bytes]:
    """Every device the list's filters match, newest first (`fields` build the query when none is given)."""
    q = query or DeviceQuery(**fields)
    conds = _conditions(q.search, q.status, q.model)

    def rows() -> Iterator[list[object]]:
        with read_session() as s:
            result = s.exec(
                _select(Device, _NUMBERS.c.number, _NAMES.c.nama_usaha)
                .where(*conds)
                .order_by(col(Device.received_at).desc(), col(Device.id).desc())
                .execution_options(yield_per=1000)
            )
            for d, number, shop in result:
                status_label = DeviceStatus.label_of(d.status)
                yield [wib_sortable(d.received_at), d.serial, d.model, d.imei, d.iccid, status_label, d.tid, d.mid,
                       number or "", shop or ""]  # fmt: skip

    return stream(CSV_HEADER, rows())
