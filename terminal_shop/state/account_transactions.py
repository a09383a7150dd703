"""/akun/transaksi: today's figures, live, and the transaction history with its filters, pages,
30-day chart, CSV and monthly statements, as far as the role reaches (a cashier: today's
payments at their outlet, without fees)."""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import ClassVar
from urllib.parse import urlencode

import reflex as rx

from terminal_shop import routes
from terminal_shop.services.merchant_team import scope as team_scope
from terminal_shop.services.merchant_team.scope import Scope
from terminal_shop.services.merchant_team.terms import Ability
from terminal_shop.services.reach import Reach
from terminal_shop.services.transactions import dashboard, live, statement
from terminal_shop.services.transactions import history as txn_history
from terminal_shop.state.account import AccountState
from terminal_shop.state.account_check import account_only, checked_customer, checked_scope
from terminal_shop.state.account_devices import reached_devices
from terminal_shop.state.attempt import given

WATCH_SECONDS = 1800  # an open page follows new transactions this long after it was opened
CHECK_SECONDS = 30  # and checks its marker at least this often (the feed's hint may be missed)


class TransactionsState(AccountState):
    needs: ClassVar[Ability | None] = Ability.TODAY
    loaded: bool = False
    board: dashboard.Dashboard | None = None
    history: txn_history.HistoryPage | None = None  # the filtered list and its figures
    chart: list[txn_history.DayBar] = []  # the last 30 days' sales
    chart_top: str = ""  # the busiest of them: the chart's scale
    filters: dict[str, str] = {}  # as the filter form shows them (dari, sampai, perangkat, kanal, status)
    filter_error: str = ""
    csv_link: str = ""
    statements: list[dict[str, str]] = []  # label, link: a month's PDF per MID
    device_options: list[list[str]] = []  # the filter's devices: id, "A920 Pro · SN ..."
    fees_shown: bool = False  # MDR and net (not at the counter: a cashier's lines are amount, time, channel, state)
    reportable: list[list[str]] = []  # a cashier's outlet's devices with "Laporkan masalah": id, name
    _merchants: list[str] = []
    _marker: str = ""
    _watching: bool = False

    @rx.event
    @account_only
    async def load(self):
        if away := await self._open():
            return away
        scope = checked_scope()
        devices = await asyncio.to_thread(reached_devices, scope, checked_customer().email)
        self.device_options = [[d.id, f"{d.model} · SN {d.serial}"] for d in devices]
        self.fees_shown = scope.can(Ability.FEES)
        counter = not self.fees_shown and scope.can(Ability.SERVICE)
        self.reportable = [[d.id, f"{d.model} · SN {d.serial}"] for d in devices if d.serviceable] if counter else []
        self._merchants = [str(m) for m in scope.merchants]
        self._marker = await asyncio.to_thread(dashboard.marker, scope.transactions())
        self._show(*await _figures(scope))
        await self._read_history(scope.transactions(), self.filters or {}, scope.can(Ability.REPORTS))
        self.loaded = True
        return TransactionsState.watch if scope.merchants and not self._watching else None

    def _show(self, board: dashboard.Dashboard | None, chart: list[txn_history.DayBar], statements: list) -> None:
        self.board, self.chart, self.statements = board, chart, statements
        self.chart_top = txn_history.chart_top(chart) if chart else ""

    async def _read_history(self, merchants: Reach, raw: dict[str, str], reports: bool) -> None:
        if not merchants:
            self.history, self.csv_link = None, ""
            return
        found, note = txn_history.Filters.parse(raw)
        self.filter_error = note.label if note else ""
        self.history = await asyncio.to_thread(txn_history.page_of, merchants, found)
        self.filters = found.query() | {"halaman": str(self.history.page)}
        self.csv_link = f"{routes.API_ACCOUNT_TRANSACTIONS_CSV}?{urlencode(found.query())}" if reports else ""

    @rx.event
    @account_only
    async def filter(self, form: dict):
        """The filter form: the first page of what it asks for (only what the session reaches)."""
        raw = {k: str(form.get(k, ""))[:40] for k in ("dari", "sampai", "perangkat", "kanal", "status")}
        await self._read_history(self._reached(), raw, checked_scope().can(Ability.REPORTS))

    @rx.event
    @account_only
    async def go_to_page(self, page: int):
        try:
            number = str(int(page))
        except (TypeError, ValueError):
            return
        await self._read_history(
            self._reached(), self.filters | {"halaman": number}, checked_scope().can(Ability.REPORTS)
        )

    def _reached(self) -> Reach:
        """The history's reach in this event; nothing when the tab holds another person's account."""
        return checked_scope().transactions() if self.email == checked_customer().email else Reach(())

    async def _scope_now(self) -> Scope | None:
        """Outside a checked event (the watcher): the session's scope now, None when signed out."""
        customer = await self._authorise()
        return (
            await asyncio.to_thread(team_scope.of_session, self._session_hash(), customer.email) if customer else None
        )

    @rx.event(background=True)  # type: ignore[operator]  # Reflex types rx.event as a namespace
    async def watch(self):
        """Waits for this merchant's transactions to change (services/transactions/live.py), then
        reads the figures again if its marker moved. One watcher a tab, for WATCH_SECONDS (a
        reload starts it again); a check every CHECK_SECONDS in any case, and of the session
        each time: signed out or removed, the tab is emptied and sent to /masuk."""
        async with self:
            if self._watching or not self._merchants:
                return
            self._watching = True
        try:
            deadline = time.monotonic() + WATCH_SECONDS
            while time.monotonic() < deadline:
                async with self:
                    merchants, seen, held = [uuid.UUID(m) for m in self._merchants], self._marker, self.email
                if merchants:  # else emptied by a sign-out or a removal since the last look: say so now
                    await live.FEED.wait(merchants, CHECK_SECONDS)
                scope = await self._scope_now()
                if not merchants or scope is None or scope.email != held or not scope.merchants:
                    async with self:
                        self._forget()
                    yield rx.redirect(routes.SIGN_IN, replace=True)
                    return
                now = await asyncio.to_thread(dashboard.marker, scope.transactions())
                if now != seen:
                    figures = await _figures(scope)  # read outside the tab's lock
                    async with self:
                        if self._merchants != [str(m) for m in merchants]:  # emptied meanwhile: the next look says so
                            continue
                        self._marker = now
                        self._show(*figures)
                        await self._read_history(scope.transactions(), self.filters, scope.can(Ability.REPORTS))
        finally:
            async with self:
                self._watching = False


async def _figures(scope: Scope) -> tuple[dashboard.Dashboard | None, list[txn_history.DayBar], list[dict[str, str]]]:
    """Today's board, the 30-day chart and the statements, as far as the role reaches, side by side."""
    today, days, reports = scope.reach(Ability.TODAY), scope.reach(Ability.HISTORY), scope.reach(Ability.REPORTS)
    board, chart, statements = await asyncio.gather(
        asyncio.to_thread(dashboard.for_merchants, today) if today else given(None),
        asyncio.to_thread(txn_history.last_days, days) if days else given([]),
        asyncio.to_thread(statement.links, reports) if reports else given([]),
    )
    return board, chart, statements
