"""Units a new order can have from the shelf per model (services/devices/stock.available),
read when a product page, the product picker or a checkout page is shown (pages are
prerendered).

Every tab reads the same figures, so a worker reads them once for STOCK_FRESH_SECONDS (5) and
hands the same answer to every tab that loads meanwhile (issue 51.8: each hydrate of a product
page cost the stock queries). A unit received or an order placed shows within that time."""

from __future__ import annotations

import asyncio
import time

import reflex as rx

from terminal_shop.infra.settings import get_settings
from terminal_shop.services.devices import stock
from terminal_shop.state.calendar import WorkingDayState, settlement_day_text

_read_at = float("-inf")
_figures: dict[str, int] = {}
_locks: dict[int, asyncio.Lock] = {}  # one per event loop (a worker has one; tests run several)


async def _available() -> dict[str, int]:
    """The worker's figures, read again once they are STOCK_FRESH_SECONDS old (one read at a
    time: a hundred tabs loading at once wait for the same query)."""
    global _read_at, _figures
    fresh = get_settings().stock_fresh_seconds
    if time.monotonic() - _read_at < fresh:
        return _figures
    async with _locks.setdefault(id(asyncio.get_running_loop()), asyncio.Lock()):
        if time.monotonic() - _read_at >= fresh:
            _figures = await asyncio.to_thread(stock.available)
            _read_at = time.monotonic()
    return _figures


class StockState(rx.State):
    available: dict[str, int] = {}  # empty until loaded: the page then says nothing about stock

    @rx.event
    async def load(self):
        figures = await _available()
        if figures != self.available:  # unchanged: nothing sent
            self.available = dict(figures)

    @rx.event
    async def load_product_page(self):
        """A product page's stock line and settlement day in one event, not two: every hydrate
        of a product page runs it (issue 51.8: two on_load events were two round trips through
        the state store for each of 10,000 tabs)."""
        calendar = await self.get_state(WorkingDayState)
        calendar.settlement_day = settlement_day_text()
        figures = await _available()
        if figures != self.available:
            self.available = dict(figures)
