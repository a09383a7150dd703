"""Apply the Alembic migrations: `python -m terminal_shop.cli.migrate`.

The run command and the tests call this; production code never uses create_all.
"""

from __future__ import annotations

import sys

from alembic.config import Config

from alembic import command
from terminal_shop.infra.settings import PROJECT_ROOT, get_settings, private_files


def alembic_config(url: str | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(PROJECT_ROOT / "alembic"))
    cfg.set_main_option("sqlalchemy.url", (url or get_settings().database_url).replace("%", "%%"))
    return cfg


def upgrade(url: str | None = None) -> None:
    """Creates the data folder (private) and brings the database to the latest revision."""
    private_files()
    settings = get_settings()
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    settings.data_dir.chmod(0o700)
    command.upgrade(alembic_config(url), "head")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "revision":
        command.revision(alembic_config(), message=sys.argv[2], autogenerate=True)
    else:
        upgrade()
