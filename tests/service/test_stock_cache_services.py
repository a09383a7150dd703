"""A worker's stock figures serve every tab for STOCK_FRESH_SECONDS (issue 51.8: each product
page's hydrate read the stock again): a unit received meanwhile shows once they are that old."""

from __future__ import annotations

import asyncio
import time

from terminal_shop.infra.settings import get_settings
from terminal_shop.services.devices import stock
from terminal_shop.state import stock as stock_state


def test_tabs_loading_within_the_fresh_time_share_one_read(clean_db, monkeypatch):
    monkeypatch.setenv("STOCK_FRESH_SECONDS", "0.5")
    get_settings.cache_clear()
    monkeypatch.setattr(stock_state, "_read_at", float("-inf"))
    try:
        first = asyncio.run(stock_state._available())
        stock.receive("SBX30001", "SOUNDBOX", "admin@terminalku.example")
        assert asyncio.run(stock_state._available()) == first  # a tab loading now: the same figures
        time.sleep(0.6)
        assert asyncio.run(stock_state._available())["SOUNDBOX"] == first.get("SOUNDBOX", 0) + 1
    finally:
        get_settings.cache_clear()
