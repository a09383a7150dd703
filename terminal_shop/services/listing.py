"""Pages, counts and search shared by the admin lists.

Lists are newest first. Moving one page forward or back seeks from the edge row of the
page the admin is on (keyset), so page 50,000 costs what page 2 costs; counts without a
search come from `status_tallies`, which triggers keep exact.
"""

from __future__ import annotations

import math
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import func, or_, tuple_
from sqlmodel import select

from terminal_shop.models import StatusTally


@dataclass(frozen=True)
class Page:
    rows: list[dict[str, Any]] = field(default_factory=list)
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


def fetch_page(session, stmt, model, page: int, per_page: int, after: str = "", before: str = "") -> list:  # noqa: ANN001
    """The rows of page `page` of `stmt`, newest first by (created_at, id). `after` is the key
    of the last row of the page before it, `before` the first row of the page after it;
    with neither, the page is counted from the top (OFFSET)."""
    created, ident = model.created_at, model.id
    if page > 1 and (key := _parse_key(after)):
        return session.exec(stmt.where(tuple_(created, ident) < key).order_by(created.desc(), ident.desc()).limit(per_page)).all()
    if page > 1 and (key := _parse_key(before)):
        rows = session.exec(stmt.where(tuple_(created, ident) > key).order_by(created.asc(), ident.asc()).limit(per_page)).all()
        return list(reversed(rows))
    return session.exec(stmt.order_by(created.desc(), ident.desc()).offset((page - 1) * per_page).limit(per_page)).all()


def page_of(rows: list, shown: list[dict[str, Any]], total: int, page: int, per_page: int, cards: dict[str, int]) -> Page:
    first = row_key(rows[0].created_at, rows[0].id) if rows else ""
    last = row_key(rows[-1].created_at, rows[-1].id) if rows else ""
    return Page(shown, total, page, per_page, first, last, cards)


def tallies(session, entity: str) -> list[tuple[str, str, int]]:  # noqa: ANN001
    """(status, method, rows) for one table, from the trigger-kept tally."""
    t = StatusTally
    return [tuple(r) for r in session.exec(select(t.status, t.method, t.n).where(t.entity == entity)).all()]


def count(session, model, conds: list) -> int:  # noqa: ANN001
    return session.exec(select(func.count()).select_from(model).where(*conds)).one()


def contains_any(columns, text: str):  # noqa: ANN001, ANN201
    """Case-insensitive 'contains' over several columns (LIKE wildcards taken literally).
    lower(column) LIKE matches the trigram indexes of migration 0002 on PostgreSQL."""
    escaped = text.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    pattern = f"%{escaped}%"
    return or_(*[func.lower(c).like(pattern, escape="\\") for c in columns])
