"""What every table is built from: aware UTC times. Each area owns its tables
(services/<area>/tables.py); terminal_shop/tables.py imports them all."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """Stores UTC and always reads back an aware datetime (SQLite forgets the zone)."""

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        if value is not None:
            if value.tzinfo is None:
                raise ValueError("naive datetime")
            value = value.astimezone(UTC)
        return value

    def process_result_value(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value


def now_field(**kw: Any) -> Any:
    return Field(default_factory=utcnow, sa_type=UTCDateTime, **kw)


ERASED = "(dihapus)"  # what an erased personal text reads
ERASED_UNIQUE = object()  # erased to "(dihapus <id>)": the column is part of a unique key


def personal(erased: object = None) -> dict[str, Any]:
    """A column that holds personal data, and the value erasure leaves in it
    (services/privacy/erasure.py reads these marks: no second list of fields)."""
    return {"info": {"personal": True, "erased": erased}}


def table_of(model: type[SQLModel]) -> sa.Table:
    """A table model's Core table (SQLModel's typing does not know `__table__`)."""
    table: sa.Table = model.__table__  # type: ignore[attr-defined]
    return table


def personal_columns(model: type[SQLModel]) -> dict[str, object]:
    """The columns of `model` marked personal, each with its erased value."""
    return {c.name: c.info["erased"] for c in table_of(model).columns if c.info.get("personal")}


def column_values(row: SQLModel) -> dict[str, Any]:
    """Every column of a row by name (a data subject's copy of their record)."""
    return {c.name: getattr(row, c.name) for c in table_of(type(row)).columns}


def personal_texts(row: SQLModel) -> list[str]:
    """What a row's personal columns hold as text: the words that name its person elsewhere."""
    return [v for c in personal_columns(type(row)) if isinstance(v := getattr(row, c), str)]


def blank_personal(row: Any) -> None:
    """Every column the row's table marks personal gets its erased value (a unique one its own
    id's), and the row is marked erased now. The caller's session writes it."""
    for name, erased in personal_columns(type(row)).items():
        setattr(row, name, f"{ERASED[:-1]} {row.id.hex[:8]})" if erased is ERASED_UNIQUE else erased)
    row.purged_at = row.updated_at = utcnow()


def blank_where(s: Any, model: type[SQLModel], where: Callable[[sa.Table], Any]) -> None:
    """The rows `where` picks get their marked columns' erased values (a unique one its row's
    id's, as `blank_personal`), in the caller's session."""
    table = table_of(model)
    values = {name: _own_erased(table) if erased is ERASED_UNIQUE else erased
              for name, erased in personal_columns(model).items()}  # fmt: skip
    s.execute(sa.update(table).where(where(table)).values(**values))


def _own_erased(table: sa.Table) -> Any:
    """ "(dihapus 1a2b3c4d)", the row's id's first digits, in SQL."""
    return sa.literal(ERASED[:-1] + " ", sa.String) + sa.func.substr(sa.cast(table.c.id, sa.String), 1, 8) + ")"


@dataclass(frozen=True)
class Held:
    """What an area erased of a person's record in the caller's transaction, for the privacy
    area to finish: its own records whose copies (outbox, audit log, events) go too, as
    (entity type, id); the files to delete once it commits, as (bucket, key); and addresses
    whose accounts go unless another live record still has them."""

    records: tuple[tuple[str, str], ...] = ()
    files: tuple[tuple[str, str], ...] = ()
    addresses: tuple[str, ...] = ()


def erase_rows_and_files(
    s: Any, records: type[SQLModel], files: type[SQLModel], of: str, merchant_id: Any, entity: str, bucket: str
) -> Held:
    """A merchant's `records` blanked and the `files` rows pointing at them (by their `of`
    column) deleted, the stored files left for the erasure to delete once it commits."""
    table = table_of(records)
    ids = list(s.execute(sa.select(table.c.id).where(table.c.merchant_id == merchant_id)).scalars())
    if not ids:
        return Held()
    blank_where(s, records, lambda t: t.c.id.in_(ids))
    stored = table_of(files)
    keys = list(s.execute(sa.select(stored.c.file_key).where(stored.c[of].in_(ids))).scalars())
    s.execute(sa.delete(stored).where(stored.c[of].in_(ids)))
    return Held(records=tuple((entity, str(i)) for i in ids), files=tuple((bucket, k) for k in keys))
