"""Database engine and sessions, the same code for SQLite and PostgreSQL.

SQLite gets WAL and a busy timeout so readers never block the writer, and write
sessions start with BEGIN IMMEDIATE so two writers queue instead of failing mid-way.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from sqlalchemy import Insert, Table, event, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Engine
from sqlmodel import Session, create_engine

from terminal_shop.infra.settings import get_settings


def _configure_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: object) -> None:
        dbapi_conn.isolation_level = None  # we issue BEGIN ourselves
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA busy_timeout=10000")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        immediate = conn.get_execution_options().get("sqlite_immediate", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


@lru_cache(maxsize=4)
def get_engine(url: str | None = None) -> Engine:
    url = url or get_settings().database_url
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 10})
        _configure_sqlite(engine)
    else:
        engine = create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)
    return engine


def insert_new(session: Session, table: Table, key: list[str]) -> Insert:
    """An INSERT that skips rows whose `key` is already there, in the session's dialect
    (both spell it ON CONFLICT DO NOTHING)."""
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    statement: Insert = dialect.insert(table).on_conflict_do_nothing(index_elements=key)
    return statement


def next_in_series(session: Session, table: Table, year: int) -> int:
    """The next number of a yearly series kept in `table` (columns year, last), taken under the
    year's row lock in the caller's transaction: no gap, no twin (the invoices' numbers)."""
    session.exec(insert_new(session, table, ["year"]).values(year=year, last=0))
    taken: int = session.exec(
        update(table).where(table.c.year == year).values(last=table.c.last + 1).returning(table.c.last)
    ).scalar_one()
    return taken


@contextmanager
def read_session() -> Iterator[Session]:
    with Session(get_engine(), expire_on_commit=False) as session:
        yield session


@contextmanager
def read_rows() -> Iterator[Connection]:
    """A bare connection for reads that want rows, not objects: the admin lists run on it
    because the ORM session cost more than the queries themselves (docs/benchmarks.md)."""
    with get_engine().connect() as conn:
        yield conn


_writing: ContextVar[bool] = ContextVar("writing", default=False)


class NestedUnitOfWork(RuntimeError):
    """A write transaction opened inside another: the inner one would commit on its own."""


@contextmanager
def write_session() -> Iterator[Session]:
    """One transaction that commits on success and rolls back on any error: a use case's unit
    of work. Opening one inside another is refused (issue 51.5): the inner one would commit
    (or, on SQLite, wait for the outer one's lock) apart from the change it belongs to; pass
    the session down instead."""
    if _writing.get():
        raise NestedUnitOfWork("a write transaction inside another: pass the session down")
    engine = get_engine()
    if engine.dialect.name == "sqlite":
        engine = engine.execution_options(sqlite_immediate=True)
    token = _writing.set(True)
    try:
        with Session(engine, expire_on_commit=False) as session, session.begin():
            yield session
    finally:
        _writing.reset(token)
