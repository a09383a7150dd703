"""Test tiers by folder: `unit/` (no database, no browser), `service/` (a real database
and storage), `browser/` (the built site in Chromium). Each gets its marker from its folder,
so `pytest -m "unit or service"` is the quick loop (`make check`).

The environment is set first (support/environment.py): settings are read once.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from support import environment

# The browser tier's plugins (the built site, Chromium, the fault tools) load from
# browser/conftest.py: the unit and service tiers import neither Playwright nor them.
pytest_plugins = [
    "support.database",
    "support.storage",
    "support.mail",
    "support.factories",
    "support.whatsapp_standin",
]

TIERS = ("unit", "service", "browser")
if not environment.SCALEOUT:
    collect_ignore = ["browser/test_scaleout_browser.py"]  # two workers need shared state: scale-out pass only


def pytest_collection_modifyitems(items):
    for item in items:
        tier = Path(item.fspath).parent.name
        if tier in TIERS:
            item.add_marker(getattr(pytest.mark, tier))


@pytest.fixture(scope="session", autouse=True)
def _data_dir():
    yield
    shutil.rmtree(environment.DATA_DIR, ignore_errors=True)


@pytest.fixture(autouse=True)
def _tier(request):
    """Service and browser tests run on the migrated database; unit tests never ask for it."""
    if request.node.get_closest_marker("unit") is None:
        request.getfixturevalue("database")
