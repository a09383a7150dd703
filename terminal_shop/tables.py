"""Every table of the site, imported so SQLModel's metadata holds them all: migrations
(alembic/env.py), backups and the tests' checks of every table read it. The areas' tables
are the ones each declares (terminal_shop/areas.py); the plumbing's are named here."""

import importlib

from terminal_shop import areas
from terminal_shop.infra import preferences  # noqa: F401 (its table)
from terminal_shop.intake import tables as intake_tables  # noqa: F401

for _module in areas.table_modules():
    importlib.import_module(_module)
