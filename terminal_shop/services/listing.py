"""Pages, counts and search shared by the admin lists.

Lists are newest first. Moving one page forward or back seeks from the edge row of the
page the admin is on (keyset), so page 50,000 costs what page 2 costs; counts without a
search come from `status_tallies`, which triggers keep exact.
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Table, and_, bindparam, false, func, or_, select, tuple_

from terminal_shop.models import StatusTally


@dataclass(frozen=True)
class Page:
    rows: list[Any] = field(default_factory=list)  # the list's row views
    total: int = 0
    page: int = 1
    per_page: int = 10
    first_key: str = ""  # edge rows, to seek the previous / next page from
    last_key: str = ""
    cards: dict[str, int] = field(default_factory=dict)  # the list's stat cards, read alongside

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.total / self.per_page))


def clamp_page(page: object) -> int:
    try:
        return max(1, int(page))
    except (TypeError, ValueError):
        return 1


def row_key(created_at: datetime, row_id: uuid.UUID) -> str:
    return f"{created_at.isoformat()}|{row_id}"


def _parse_key(key: str) -> tuple[datetime, uuid.UUID] | None:
    try:
        at, row_id = key.split("|")
        return datetime.fromisoformat(at), uuid.UUID(row_id)
    except ValueError:
        return None


def fetch_page(
    conn, stmt, table: Table, page: int, per_page: int, after: str = "", before: str = "", counted: bool = False
) -> tuple[list, int]:
    """The rows of page `page` of `stmt`, newest first by (created_at, id). `after` is the key
    of the last row of the page before it, `before` the first row of the page after it;
    with neither, the page is counted from the top (OFFSET).

    With `counted`, also how many rows `stmt` matches (else -1): counted in the page's own
    scan when the page is counted from the top, so a search reads its matches once."""
    created, ident = table.c.created_at, table.c.id
    if page > 1 and (key := _parse_key(after)):
        rows = conn.execute(
            stmt.where(tuple_(created, ident) < key).order_by(created.desc(), ident.desc()).limit(per_page)
        ).all()
    elif page > 1 and (key := _parse_key(before)):
        rows = list(
            reversed(
                conn.execute(
                    stmt.where(tuple_(created, ident) > key).order_by(created.asc(), ident.asc()).limit(per_page)
                ).all()
            )
        )
    elif counted:
        # Counted in a subquery of its own: ordered in the same query, PostgreSQL would walk
        # the created_at index through every row instead of reading the search's matches.
        sub = stmt.add_columns(func.count().over().label("matches")).subquery()
        rows = conn.execute(
            select(*sub.c)
            .order_by(sub.c.created_at.desc(), sub.c.id.desc())
            .offset((page - 1) * per_page)
            .limit(per_page)
        ).all()
        if rows or page == 1:
            return rows, rows[0].matches if rows else 0
    else:
        rows = conn.execute(
            stmt.order_by(created.desc(), ident.desc()).offset((page - 1) * per_page).limit(per_page)
        ).all()
    if not counted:
        return rows, -1
    return rows, conn.execute(select(func.count()).select_from(stmt.order_by(None).subquery())).scalar_one()


def page_of(rows: list, shown: list[Any], total: int, page: int, per_page: int, cards: dict[str, int]) -> Page:
    first = row_key(rows[0].created_at, rows[0].id) if rows else ""
    last = row_key(rows[-1].created_at, rows[-1].id) if rows else ""
    return Page(shown, total, page, per_page, first, last, cards)


_TALLY = StatusTally.__table__.c
# One statement object for every call: SQLAlchemy then reuses its result columns as they are.
_TALLIES = select(_TALLY.status, _TALLY.method, _TALLY.n).where(_TALLY.entity == bindparam("entity"))


def tallies(conn, entity: str) -> list[tuple[str, str, int]]:
    """(status, method, rows) for one table, from the trigger-kept tally."""
    return [tuple(r) for r in conn.execute(_TALLIES, {"entity": entity})]


def cards(tally: list[tuple[str, str, int]], statuses: Iterable[str]) -> dict[str, int]:
    """The stat cards: rows per status (every known status, zero when none) and the total."""
    counts = dict.fromkeys(map(str, statuses), 0)
    for status, _, n in tally:
        counts[status] = counts.get(status, 0) + n
    return {"total": sum(counts.values()), **counts}


def contains(text: str, names=(), emails=(), phones=()):
    """Case-insensitive 'contains' over the columns, LIKE wildcards taken literally.

    lower(column) LIKE uses the trigram indexes of migration 0002 on PostgreSQL. Columns
    the text cannot be in are left out (stored e-mails hold no spaces, stored phone numbers
    only digits and '+'), and for e-mails the index is asked for the part up to the '@'
    while the whole text filters what it finds: a domain such as gmail.com is in most rows
    and would make the index read nearly all of them.
    """
    text = text.lower()
    conds = [_like(c, text) for c in names]
    if not any(ch.isspace() for ch in text):
        local, at, _ = text.partition("@")
        for c in emails:
            if at and len(local) >= 3:  # `|| ''`: the whole-text check filters, off the index
                conds.append(and_(_like(c, local + at), _like(c.concat(""), text)))
            else:
                conds.append(_like(c, text))
    if all(ch.isdigit() or ch == "+" for ch in text):
        conds += [_like(c, text) for c in phones]
    return or_(*conds) if conds else false()


def _like(expr, text: str):
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return func.lower(expr).like(f"%{escaped}%", escape="\\")
