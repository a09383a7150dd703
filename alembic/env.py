"""Alembic environment: the database URL comes from the site's settings."""

from sqlmodel import SQLModel

import terminal_shop.tables  # noqa: F401  (registers every table)
from alembic import context
from terminal_shop.infra.db import get_engine

target_metadata = SQLModel.metadata


def run_migrations_online() -> None:
    url = context.config.get_main_option("sqlalchemy.url") or None
    engine = get_engine(url)
    with engine.connect() as connection:
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            render_as_batch=engine.dialect.name == "sqlite",
            version_table_schema=context.config.attributes.get("schema"),
        )
        with context.begin_transaction():
            context.run_migrations()


run_migrations_online()
