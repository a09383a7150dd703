"""A typed search over text columns, as every list's search box asks it (the admin's orders,
merchants and devices): case-insensitive, LIKE wildcards taken literally."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import ColumnElement, and_, false, func, or_


def contains(
    text: str, names: Sequence[Any] = (), emails: Sequence[Any] = (), phones: Sequence[Any] = ()
) -> ColumnElement[bool]:
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


def _like(expr: Any, text: str) -> ColumnElement[bool]:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return func.lower(expr).like(f"%{escaped}%", escape="\\")
