"""The admin's registration list: its filters, sorts, pages and CSV export (Core columns,
services/lists/listing.py). The merchant's page, which draws on other areas, is the back
office's (services/backoffice/admin_merchants.py)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

import sqlalchemy as sa

from terminal_shop.formats import wib_sortable
from terminal_shop.infra.csv_export import stream
from terminal_shop.infra.db import read_rows
from terminal_shop.infra.models import table_of
from terminal_shop.infra.search import contains
from terminal_shop.services.lists.list_query import ListQuery
from terminal_shop.services.lists.listing import (
    Page,
    cards,
    clamp_page,
    in_range,
    page_of,
    read_page,
    restricted_count,
    tallies,
)
from terminal_shop.services.lists.terms import SortField
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import RegistrationStatus
from terminal_shop.services.registrations.views import merchant_row

PER_PAGE = 20
CSV_HEADER = ["Tanggal", "Nama Usaha", "Nama Pemilik", "HP", "Email", "Kabupaten", "Status"]


def stats() -> dict[str, int]:
    with read_rows() as conn:
        return cards(tallies(conn, "merchant_registrations"), RegistrationStatus)


_M = table_of(MerchantRegistration).c  # Core columns for list reads (see services.listing)

# The columns behind each sort, ending in the unique id (keyset paging: services/lists/listing.py).
SORTS = {
    SortField.DATE: (_M.created_at, _M.id),
    SortField.NAME: (_M.nama_usaha, _M.created_at, _M.id),
    SortField.STATUS: (_M.status, _M.created_at, _M.id),
}


def query_from(params: dict[str, str]) -> ListQuery:
    """The list's query from a URL's query string (the page's and the export's)."""
    return ListQuery.from_params(params, RegistrationStatus, None, SORTS)


def _filters(q: ListQuery) -> list[sa.ColumnElement[bool]]:
    m = _M
    conds: list[sa.ColumnElement[bool]] = [
        m.restricted_at.is_(None)
    ]  # restricted on the applicant's request: out of lists and searches
    if RegistrationStatus.parse(q.status):
        conds.append(m.status == q.status)
    conds += in_range(m.created_at, *q.bounds())
    if q.search.strip():
        conds.append(
            contains(q.search.strip(), names=[m.nama_usaha, m.nama_lengkap], emails=[m.email], phones=[m.nomor_hp])
        )
    return conds


def list_page(query: ListQuery | None = None, after: str = "", before: str = "", **fields: Any) -> Page:
    """One page of registrations with the stat cards (`after`/`before`: see listing.fetch_page).
    `fields` build the query when none is given: list_page(status="approved")."""
    m = _M
    q = query or ListQuery(**fields)
    page = clamp_page(q.page)
    order = SORTS[SortField.parse(q.sort) or SortField.DATE]
    with read_rows() as conn:
        stat_cards = cards(tallies(conn, "merchant_registrations"), RegistrationStatus)
        stmt = sa.select(
            m.id, m.created_at, m.nama_usaha, m.nama_lengkap, m.nomor_hp, m.email, m.kabupaten_kota, m.status
        ).where(*_filters(q))
        status_is = [m.status == q.status] if RegistrationStatus.parse(q.status) else []
        exact = stat_cards[RegistrationStatus.parse(q.status) or "total"] - restricted_count(
            conn, table_of(MerchantRegistration), *status_is
        )
        rows, has_next, counted = read_page(conn, stmt, order, q, PER_PAGE, after, before, exact)
    shown = [merchant_row(r) for r in rows]
    return page_of(rows, shown, order, counted, page, PER_PAGE, stat_cards, has_next)


def export_csv(query: ListQuery | None = None, **fields: Any) -> Iterator[bytes]:
    """Every registration matching the list's filters, in the list's order."""
    m = _M
    q = query or ListQuery(**fields)
    conds = _filters(q)
    order = SORTS[SortField.parse(q.sort) or SortField.DATE]
    order_by = [c.desc() if q.descending else c.asc() for c in order]

    def rows() -> Iterator[list[object]]:
        with read_rows() as conn:
            result = conn.execute(
                sa.select(m.created_at, m.nama_usaha, m.nama_lengkap, m.nomor_hp, m.email, m.kabupaten_kota, m.status)
                .where(*conds)
                .order_by(*order_by)
                .execution_options(yield_per=1000)
            )
            for r in result:
                yield [
                    wib_sortable(r.created_at),
                    r.nama_usaha,
                    r.nama_lengkap,
                    r.nomor_hp,
                    r.email,
                    r.kabupaten_kota,
                    r.status,
                ]

    return stream(CSV_HEADER, rows())


def oldest_pending(conn: sa.Connection) -> datetime | None:
    """When the oldest registration still waiting for review was sent ((status, created_at) index)."""
    oldest: datetime | None = conn.execute(
        sa.select(_M.created_at).where(_M.status == RegistrationStatus.PENDING.value).order_by(_M.created_at).limit(1)
    ).scalar()
    return oldest
