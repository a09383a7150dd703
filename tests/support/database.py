"""Plugin: the run's migrated database (and, scale-out, its schema, buckets and Redis db)."""

from __future__ import annotations

import os

import pytest

import terminal_shop.tables  # noqa: F401  (every table: clean_db empties them all)
from terminal_shop.cli import migrate
from terminal_shop.infra.settings import get_settings

from support import environment
from support.environment import SCALEOUT
from support.storage import create_buckets


@pytest.fixture(scope="session")
def database(request):
    """Migrated database (and, in scale-out mode, the run's schema, buckets and Redis db)."""
    if SCALEOUT:
        import redis
        from sqlalchemy import create_engine, text

        endpoint = request.getfixturevalue("moto_endpoint")
        admin_engine = create_engine("postgresql+psycopg2://postgres@127.0.0.1:5432/test", isolation_level="AUTOCOMMIT")
        with admin_engine.connect() as c:
            c.execute(text(f"CREATE SCHEMA {environment.PG_SCHEMA}"))
        create_buckets(endpoint, get_settings())
    migrate.upgrade()
    yield get_settings().database_url
    if SCALEOUT:
        from terminal_shop.infra.db import get_engine

        get_engine().dispose()
        with admin_engine.connect() as c:
            c.execute(text(f"DROP SCHEMA {environment.PG_SCHEMA} CASCADE"))
        redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()


@pytest.fixture
def clean_db(database):
    """Empties every table before a test that counts rows."""
    empty_tables()
    yield


@pytest.fixture
def empty_database(tmp_path):
    """A database of its own with no tables, for a migration test to take from an old revision:
    a SQLite file, or (scale-out) a PostgreSQL schema dropped afterwards."""
    import uuid

    from sqlalchemy import create_engine, text

    if not SCALEOUT:
        yield f"sqlite:///{tmp_path / 'old.db'}"
        return
    schema = f"mig_{uuid.uuid4().hex[:8]}"
    admin = create_engine("postgresql+psycopg2://postgres@127.0.0.1:5432/test", isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        yield f"postgresql+psycopg2://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{schema}"
    finally:
        with admin.connect() as c:
            c.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def empty_tables() -> None:
    """Every table emptied, children first (a test that makes many histories empties between them)."""
    from sqlmodel import SQLModel

    from terminal_shop.infra.db import write_session

    with write_session() as s:
        tables = reversed(SQLModel.metadata.sorted_tables)
        for table in sorted(tables, key=lambda t: t.name == "status_tallies"):  # tallies last: triggers update them
            s.exec(table.delete())
