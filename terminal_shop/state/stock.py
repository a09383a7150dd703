"""Units a new order can have from the shelf per model (services/devices/stock.available),
read when a product page or the product picker is shown (pages are prerendered)."""

from __future__ import annotations

import asyncio

import reflex as rx

from terminal_shop.services.devices import stock


class StockState(rx.State):
    available: dict[str, int] = {}  # empty until loaded: the page then says nothing about stock

    @rx.event
    async def load(self):
        self.available = await asyncio.to_thread(stock.available)
