"""'Armada': the active units offline, out of paper, on an old app, or without transactions for
days, with their counts (services/fleet/view.py; the silent list is the transactions area's)."""

from __future__ import annotations

import asyncio

import reflex as rx

from terminal_shop.services.fleet import view
from terminal_shop.services.fleet.terms import FleetFilter
from terminal_shop.services.team.permissions import Permission
from terminal_shop.services.transactions import health
from terminal_shop.state.admin.session import AdminState, admin_only


class FleetState(AdminState):
    chosen: str = FleetFilter.OFFLINE.value
    lines: list[view.FleetLine] = []
    silent: list[health.SilentDevice] = []
    counts: view.FleetCounts = view.FleetCounts(0, 0, 0)  # the others default to 0
    silent_days: int = 7

    async def _read(self) -> None:
        chosen = FleetFilter.parse(self.chosen) or FleetFilter.OFFLINE
        self.counts = await asyncio.to_thread(view.counts)
        if chosen is FleetFilter.SILENT:
            self.lines, self.silent = [], await asyncio.to_thread(health.silent_devices)
        else:
            self.lines, self.silent = await asyncio.to_thread(view.lines, chosen), []
        self.silent_days = health.silent_days()

    @rx.event
    @admin_only(permission=Permission.DEVICES_VIEW)
    async def load(self):
        await self._read()

    @rx.event
    @admin_only(permission=Permission.DEVICES_VIEW)
    async def choose(self, chosen: str):
        self.chosen = (FleetFilter.parse(str(chosen)) or FleetFilter.OFFLINE).value
        await self._read()
