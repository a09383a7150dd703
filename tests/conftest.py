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
# How the pages look and how far a person reaches on them (accessibility, keyboard, thumbs,
# search engines, the first paint, the public pages) is drawn the same whatever stores the
# data: these run in the embedded pass only. The journeys that store, upload, sign in and
# search (checkout, registration, the back office, the account) run in both.
DRAWN_ALIKE = [
    f"browser/test_{name}_browser.py"
    for name in ("accessibility", "keyboard", "public", "seo", "tap_targets", "paint_first")
]
# The journeys beyond the SPEC (the merchant's account, shipping and devices, payments matched
# from the statement, the back office on a phone, the admin team, WhatsApp, personal data) run in the scale-out pass, the
# production configuration; their services are tested on both databases (the service tier).
# The SPEC's own journeys run in both passes (docs/decisions.md, Code layout).
BEYOND_SPEC = [
    f"browser/test_{name}_browser.py"
    for name in (
        "account", "delivery", "device_lifecycle", "devices", "fulfilment", "order_status",
        "merchant_team", "payments", "payouts", "phone_backoffice", "privacy", "resubmission", "roles", "service", "team",
        "whatsapp",
    )
]  # fmt: skip
SCALEOUT_ONLY = ["browser/test_scaleout_browser.py", *BEYOND_SPEC]  # scale-out: two workers share state
EMBEDDED_ONLY = [*DRAWN_ALIKE, "browser/test_own_port_browser.py"]  # `make run`'s PORT: embedded defaults
collect_ignore = EMBEDDED_ONLY if environment.SCALEOUT else SCALEOUT_ONLY


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
