"""Pages, counts and search shared by the admin lists.

Lists are sorted by the columns the admin chose, ending in the row's unique id. Moving
one page forward or back seeks from the edge row of the page the admin is on (keyset),
so page 50,000 costs what page 2 costs. Counts without a search or date range come from
`status_tallies`, which triggers keep exact; with one, matches are counted up to a cap.
"""

from __future__ import annotations

import json
import math
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

from sqlalchemy import (
    Column,
    ColumnElement,
    Connection,
    DateTime,
    Integer,
    Row,
    Select,
    Subquery,
    Table,
    Uuid,
    bindparam,
    func,
    literal,
    select,
    tuple_,
)

from terminal_shop.infra.models import table_of
from terminal_shop.services.lists.list_query import ListQuery
from terminal_shop.services.lists.tables import StatusTally

Col = Column[Any]  # a list's sort and search columns
Rows = list[Row[Any]]

COUNT_CAP = 1000  # a search or date range is counted up to here: "1.000+ hasil"


@dataclass(frozen=True)
class Page:
    rows: list[Any] = field(default_factory=list)  # the list's row views
    total: int = 0  # exact, or COUNT_CAP when `capped`
    page: int = 1
    per_page: int = 10
    first_key: str = ""  # edge rows, to seek the previous / next page from
    last_key: str = ""
    cards: dict[str, int] = field(default_factory=dict)  # the list's stat cards, read alongside
    capped: bool = False  # more rows match than were counted
    has_next: bool = False

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.total / self.per_page))


def clamp_page(page: object) -> int:
    try:
        return max(1, int(page)) if isinstance(page, int | float | str) else 1
    except (TypeError, ValueError):
        return 1


def row_key(row: Any, order: Sequence[Col]) -> str:
    """The sort values of a row, to seek the next or previous page from it."""
    return json.dumps([_encode(getattr(row, c.name)) for c in order])


def _encode(value: object) -> object:
    return value.isoformat() if isinstance(value, datetime) else value if isinstance(value, int) else str(value)


def _parse_key(key: str, order: Sequence[Col]) -> tuple[object, ...] | None:
    try:
        values = json.loads(key)
        if not isinstance(values, list) or len(values) != len(order):
            return None
        return tuple(_decode(c, v) for c, v in zip(order, values, strict=True))
    except (ValueError, TypeError):
        return None


def _decode(column: Col, value: object) -> object:
    kind = getattr(column.type, "impl", column.type)  # TypeDecorators (UTCDateTime) by what they store
    if isinstance(kind, DateTime):
        return datetime.fromisoformat(str(value))
    if isinstance(kind, Uuid):
        return uuid.UUID(str(value))
    if isinstance(kind, Integer):
        if not isinstance(value, int):
            raise TypeError(value)
        return value
    return str(value)


def fetch_page(
    conn: Connection,
    stmt: Select[Any],
    order: Sequence[Col],
    descending: bool,
    page: int,
    per_page: int,
    after: str = "",
    before: str = "",
) -> tuple[Rows, bool]:
    """The rows of page `page` of `stmt` sorted by the `order` columns (the last one unique),
    and whether a page follows. `after` is the key of the last row of the page before it,
    `before` the first row of the page after it; with neither, the page is counted from
    the top (OFFSET)."""
    row = tuple_(*order)
    forward = [c.desc() if descending else c.asc() for c in order]
    backward = [c.asc() if descending else c.desc() for c in order]
    if page > 1 and (key := _parse_key(before, order)):
        seek = row > key if descending else row < key
        back = conn.execute(stmt.where(seek).order_by(*backward).limit(per_page)).all()
        return list(reversed(back)), True
    if page > 1 and (key := _parse_key(after, order)):
        seek = row < key if descending else row > key
        rows = conn.execute(stmt.where(seek).order_by(*forward).limit(per_page + 1)).all()
    else:
        rows = conn.execute(stmt.order_by(*forward).offset((page - 1) * per_page).limit(per_page + 1)).all()
    return list(rows[:per_page]), len(rows) > per_page


def count_capped(conn: Connection, stmt: Select[Any], cap: int = COUNT_CAP) -> tuple[int, bool]:
    """How many rows `stmt` matches, counting no further than `cap`: a common word would
    otherwise read every match of a million rows to print one number."""
    first = stmt.with_only_columns(literal(1)).order_by(None).limit(cap + 1).subquery()
    n: int = conn.execute(select(func.count()).select_from(first)).scalar_one()
    return min(n, cap), n > cap


def fetch_counted(
    conn: Connection,
    stmt: Select[Any],
    order: Sequence[Col],
    descending: bool,
    page: int,
    per_page: int,
    cap: int = COUNT_CAP,
) -> tuple[Rows, bool, tuple[int, bool]] | None:
    """A page of a search or date range and its capped count, in one statement that reads
    the matches once: the first `cap` + 1 rows in the list's order, counted, and the page
    cut from them. None when the page lies past the cap (the caller seeks instead)."""
    if page * per_page > cap:
        return None
    forward = [c.desc() if descending else c.asc() for c in order]
    first = stmt.order_by(*forward).limit(cap + 1).subquery()
    sub = select(*first.c, func.count().over().label("matches")).subquery()
    rows = conn.execute(
        select(*sub.c)
        .order_by(*[sub.c[c.name].desc() if descending else sub.c[c.name].asc() for c in order])
        .offset((page - 1) * per_page)
        .limit(per_page + 1)
    ).all()
    matches: int = rows[0].matches if rows else _count_of_nothing(conn, first, page)
    return list(rows[:per_page]), len(rows) > per_page, (min(matches, cap), matches > cap)


def _count_of_nothing(conn: Connection, first: Subquery, page: int) -> int:
    """A page past the last match still says how many there are."""
    return 0 if page == 1 else int(conn.execute(select(func.count()).select_from(first)).scalar_one())


def read_page(
    conn: Connection,
    stmt: Select[Any],
    order: Sequence[Col],
    q: ListQuery,
    per_page: int,
    after: str,
    before: str,
    exact: int,
) -> tuple[Rows, bool, tuple[int, bool]]:
    """The page `q` asks for, whether another follows, and (count, capped). `exact` is the
    count from the tallies, right when there is no search and no date range."""
    page = clamp_page(q.page)
    searching = bool(q.search.strip())
    if q.period and not searching:  # a date range: the page and its count in one read
        found = fetch_counted(conn, stmt, order, q.descending, page, per_page)
        if found is not None:
            return found
    # A search: the page in the list's order (an index walk finds a common word's first
    # rows at once) and, apart, its matches counted up to the cap.
    rows, has_next = fetch_page(conn, stmt, order, q.descending, page, per_page, after, before)
    counted = count_capped(conn, stmt) if searching or q.period else (exact, False)
    return rows, has_next, counted


def page_of(
    rows: Rows,
    shown: list[Any],
    order: Sequence[Col],
    counted: tuple[int, bool],
    page: int,
    per_page: int,
    cards: dict[str, int],
    has_next: bool,
) -> Page:
    first = row_key(rows[0], order) if rows else ""
    last = row_key(rows[-1], order) if rows else ""
    total, capped = counted
    return Page(shown, total, page, per_page, first, last, cards, capped, has_next)


def in_range(column: Any, lo: datetime | None, hi: datetime | None) -> list[ColumnElement[bool]]:
    """column within [lo, hi): a date-range filter (list_query.ListQuery.bounds)."""
    return [c for c in (column >= lo if lo else None, column < hi if hi else None) if c is not None]


_TALLY = table_of(StatusTally).c
# One statement object for every call: SQLAlchemy then reuses its result columns as they are.
_TALLIES = (
    select(_TALLY.status, _TALLY.method, func.sum(_TALLY.n))
    .where(_TALLY.entity == bindparam("entity"))
    .group_by(_TALLY.status, _TALLY.method)
)


def tallies(conn: Connection, entity: str) -> list[tuple[str, str, int]]:
    """(status, method, rows) for one table, from the trigger-kept tally (its stripes added up)."""
    rows = conn.execute(_TALLIES, {"entity": entity}).all()
    return [(str(status), str(method), int(cast(int, n))) for status, method, n in rows]  # n: a SUM, int or Decimal


def per_status(conn: Connection, entity: str) -> dict[str, int]:
    """Rows per status of one table, whatever the method (the operator's figures)."""
    counts: dict[str, int] = {}
    for status, _method, n in tallies(conn, entity):
        counts[status] = counts.get(status, 0) + n
    return counts


def cards(tally: list[tuple[str, str, int]], statuses: Iterable[str]) -> dict[str, int]:
    """The stat cards: rows per status (every known status, zero when none) and the total."""
    counts = dict.fromkeys(map(str, statuses), 0)
    for status, _, n in tally:
        counts[status] = counts.get(status, 0) + n
    return {"total": sum(counts.values()), **counts}


def restricted_count(conn: Connection, table: Table, *conds: Any) -> int:
    """Rows restricted on a data subject's request among those the tallies count: the lists
    hide them (services/privacy/requests.py). Few, and read through their own index."""
    c = table.c
    stmt = select(func.count()).select_from(table).where(c.restricted_at.is_not(None), *conds)
    return int(conn.execute(stmt).scalar_one())
