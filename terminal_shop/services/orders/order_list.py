"""The admin's order list: its filters, sorts, pages, stage counts and CSV export.

The list reads Core columns (services/lists/listing.py); the order page, which draws on
other areas, is the back office's (services/backoffice/admin_orders.py)."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from typing import Any

import sqlalchemy as sa
from sqlalchemy import select

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
    count_capped,
    in_range,
    page_of,
    read_page,
    restricted_count,
    tallies,
)
from terminal_shop.services.lists.terms import SortField
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import (
    FULFILMENT_OF_FILTER,
    FulfilmentFilter,
    OrderStatus,
    PaymentMethod,
    ProofFilter,
)
from terminal_shop.services.orders.views import order_number, order_row

PER_PAGE = 10
CSV_HEADER = ["Tanggal", "Order ID", "Nama", "Email", "Telepon", "Metode", "Status", "Total"]


def stats() -> dict[str, int]:
    with read_rows() as conn:
        return cards(tallies(conn, "orders"), OrderStatus)


_O = table_of(Order).c  # Core columns for list reads (see services.listing)


def _id_match(text: str) -> sa.ColumnElement[bool] | None:
    """The condition for a typed order number (8 hex digits) or full id, else None."""
    compact = text.strip().replace("-", "").lower()
    if re.fullmatch(r"[0-9a-f]{32}", compact):
        return _O.id == uuid.UUID(compact)
    if re.fullmatch(r"[0-9a-f]{8}", compact):
        # The order number is the id's first 8 hex digits: a range on the primary key.
        return _O.id.between(uuid.UUID(compact + "0" * 24), uuid.UUID(compact + "f" * 24))
    return None


# The columns behind each sort, ending in the unique id (keyset paging: services/lists/listing.py).
# Migration 0008 indexes each with its date.
SORTS = {
    SortField.DATE: (_O.created_at, _O.id),
    SortField.TOTAL: (_O.total, _O.created_at, _O.id),
    SortField.NAME: (_O.buyer_name, _O.created_at, _O.id),
    SortField.STATUS: (_O.status, _O.created_at, _O.id),
}


def query_from(params: dict[str, str]) -> ListQuery:
    """The list's query from a URL's query string (the page's and the export's)."""
    return ListQuery.from_params(params, OrderStatus, PaymentMethod, SORTS, FulfilmentFilter, ProofFilter)


def _filters(q: ListQuery, conn: sa.Connection | None = None) -> list[sa.ColumnElement[bool]]:
    """With `conn`, a typed order number is looked up first (the list does; the export,
    which searches without the id, does not: docs/decisions.md, Orders)."""
    conds: list[sa.ColumnElement[bool]] = [
        _O.restricted_at.is_(None)
    ]  # restricted on the buyer's request: out of lists and searches
    if OrderStatus.parse(q.status):
        conds.append(_O.status == q.status)
    if PaymentMethod.parse(q.method):
        conds.append(_O.payment_method == q.method)
    wanted = FulfilmentFilter.parse(q.fulfilment)
    if wanted is not None and (stage := FULFILMENT_OF_FILTER.get(wanted)) is not None:  # "" is a stage
        conds += [_O.status == OrderStatus.CONFIRMED.value, _O.fulfilment == stage.value]
    if ProofFilter.parse(q.proof):
        conds.append(_O.proof_suspect.is_(True))
    conds += in_range(_O.created_at, *q.bounds())
    text = q.search.strip()
    if text:
        id_cond = _id_match(text) if conn is not None else None
        if (
            id_cond is not None
            and conn is not None
            and conn.execute(select(_O.id).where(id_cond, *conds).limit(1)).first() is not None
        ):
            conds.append(id_cond)  # a typed order number finds that order (indexed, instant)
        else:
            conds.append(contains(text, names=[_O.buyer_name], emails=[_O.buyer_email], phones=[_O.buyer_phone]))
    return conds


def list_page(query: ListQuery | None = None, after: str = "", before: str = "", **fields: Any) -> Page:
    """One page of orders with the stat cards (`after`/`before`: see listing.fetch_page).
    `fields` build the query when none is given: list_page(status="confirmed")."""
    q = query or ListQuery(**fields)
    page = clamp_page(q.page)
    order = SORTS[SortField.parse(q.sort) or SortField.DATE]
    with read_rows() as conn:
        conds = _filters(q, conn)
        tally = tallies(conn, "orders")
        stmt = select(
            _O.id,
            _O.created_at,
            _O.buyer_name,
            _O.buyer_email,
            _O.buyer_phone,
            _O.total,
            _O.payment_method,
            _O.status,
            _O["items"],  # not _O.items: that is the column collection's own method
            _O.fulfilment,
        ).where(*conds)
        exact = sum(n for st, me, n in tally if q.status in ("", st) and q.method in ("", me))
        tallied = [_O.status == q.status] * bool(q.status) + [_O.payment_method == q.method] * bool(q.method)
        exact -= restricted_count(conn, table_of(Order), *tallied)
        rows, has_next, counted = read_page(conn, stmt, order, q, PER_PAGE, after, before, exact)
        if (q.fulfilment or q.proof) and not (q.search.strip() or q.period):  # no tally knows these
            counted = count_capped(conn, stmt)
        stages = fulfilment_counts(conn)
    shown = [order_row(r) for r in rows]
    return page_of(rows, shown, order, counted, page, PER_PAGE, cards(tally, OrderStatus) | stages, has_next)


def fulfilment_counts(conn: sa.Connection) -> dict[str, int]:
    """Confirmed orders per stage of the list's shipping filter, each counted up to the cap
    (index-only reads of 0013's index: a few thousand rows at most)."""
    counts = {}
    for key, stage in FULFILMENT_OF_FILTER.items():
        stmt = select(_O.id).where(_O.status == OrderStatus.CONFIRMED.value, _O.fulfilment == stage.value)
        counts[key.value] = count_capped(conn, stmt)[0]
    suspect = select(_O.id).where(_O.proof_suspect.is_(True))  # 0014's index
    counts[ProofFilter.SUSPECT.value] = count_capped(conn, suspect)[0]
    return counts


def export_csv(query: ListQuery | None = None, **fields: Any) -> Iterator[bytes]:
    """Every order matching the list's filters, in the list's order (search without the id:
    docs/decisions.md, Orders)."""
    q = query or ListQuery(**fields)
    conds = _filters(q)
    order = SORTS[SortField.parse(q.sort) or SortField.DATE]
    order_by = [c.desc() if q.descending else c.asc() for c in order]

    def rows() -> Iterator[list[object]]:
        with read_rows() as conn:
            result = conn.execute(
                select(
                    _O.created_at,
                    _O.id,
                    _O.buyer_name,
                    _O.buyer_email,
                    _O.buyer_phone,
                    _O.payment_method,
                    _O.status,
                    _O.total,
                )
                .where(*conds)
                .order_by(*order_by)
                .execution_options(yield_per=1000)
            )
            for r in result:
                yield [
                    wib_sortable(r.created_at),
                    order_number(r.id),
                    r.buyer_name,
                    r.buyer_email,
                    r.buyer_phone,
                    r.payment_method,
                    r.status,
                    r.total,
                ]

    return stream(CSV_HEADER, rows())
