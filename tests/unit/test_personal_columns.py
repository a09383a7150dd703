"""Issue 60.2: every text column of every table says how erasure treats it, so a new area's
column cannot hold a merchant's or a buyer's words unseen. A column is marked personal where it
is declared (infra/models.py `personal`, blanked by its area's erasure door, privacy/holders.py
PARTS), or its area says why it is not (its `AREA = Area(..., not_personal=NotPersonal(...))`):
a copy blanked through the record it is about (privacy/copies.py), the company's own staff and
systems, a financial record the law keeps (docs/decisions.md "Erasure across the areas"), or no
one's data at all. Every bucket the settings name is swept, so a file kind nobody owns is found too."""

from __future__ import annotations

import importlib
from dataclasses import fields

import sqlalchemy as sa
from sqlmodel import SQLModel

import terminal_shop.tables  # noqa: F401  (every table in the metadata)
from terminal_shop import areas
from terminal_shop.infra.settings import get_settings
from terminal_shop.services import stored_files

# The plumbing's own tables, outside every area: settings and refusal tallies, no one's words.
PLUMBING = {"preferences": {"value", "name"}, "refused_deliveries": {"reason", "acquirer", "example"}}


def _said() -> dict[str, dict[str, set[str]]]:
    """By reason: what each area declares, and the plumbing's."""
    return {**areas.not_personal(), "plumbing": PLUMBING}


def _owners() -> dict[str, str]:
    """Each table's area, from the areas' declared table modules."""
    found = {}
    for pkg, area in areas.declared():
        for module in area.tables:
            for table in vars(importlib.import_module(f"{pkg}.{module}")).values():
                if isinstance(getattr(table, "__tablename__", None), str) and table.__module__.startswith(pkg):
                    found[table.__tablename__] = pkg
    return found


def _texts() -> dict[str, set[str]]:
    """Every column that can hold words or bytes, unmarked, by table."""
    return {t.name: names for t in SQLModel.metadata.tables.values()
            if (names := {c.name for c in t.columns if _holds_words(c) and not c.info.get("personal")})}  # fmt: skip


def _holds_words(column: sa.Column) -> bool:
    kind = column.type.impl_instance if isinstance(column.type, sa.types.TypeDecorator) else column.type
    return isinstance(kind, (sa.String, sa.JSON, sa.LargeBinary))


def test_every_text_column_is_marked_personal_or_said_to_be_something_else():
    said = {(t, c) for group in _said().values() for t, cols in group.items() for c in cols}
    unsaid = sorted(f"{t}.{c}" for t, cols in _texts().items() for c in cols if (t, c) not in said)
    assert unsaid == [], (
        "mark it personal where it is declared (infra/models.py) or say why not in its area's NotPersonal"
    )


def test_the_declarations_name_only_unmarked_columns_that_exist_in_the_areas_own_tables():
    texts, owners = _texts(), _owners()
    stale = sorted(f"{t}.{c}" for group in _said().values() for t, cols in group.items() for c in cols
                   if c not in texts.get(t, ()))  # fmt: skip
    assert stale == []
    for pkg, area in areas.declared():
        others = {t for group in vars(area.not_personal).values() for t in group if owners.get(t) != pkg}
        assert others == set(), f"{pkg} speaks for another area's tables"


def test_every_bucket_has_an_owner_that_answers_for_its_files():
    settings = get_settings()
    buckets = {getattr(settings, f.name) for f in fields(settings) if f.name.startswith("bucket_")}
    owned = {bucket for bucket, _ in stored_files.owners()}
    assert buckets - owned == {settings.bucket_assets}  # the product photos and share cards: no one's
