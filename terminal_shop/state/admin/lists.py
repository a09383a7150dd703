"""Search, filters, date range, sort, pages, refresh and export: the same on both admin lists.

The list's URL is its state: every change navigates to the URL of the new query
(list_query.ListQuery), and the page's load reads the URL back and fetches. So a filtered
page can be bookmarked and shared, and Back and reload restore it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable
from datetime import date
from typing import ClassVar
from urllib.parse import urlencode

import reflex as rx

from terminal_shop import routes
from terminal_shop.formats import number
from terminal_shop.services.lists.list_query import ListQuery
from terminal_shop.services.lists.listing import Page
from terminal_shop.services.lists.terms import Period, SortField
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state import toast
from terminal_shop.state.admin.session import admin_only, signed_in
from terminal_shop.state.attempt import attempt
from terminal_shop.vocabulary import Term

QUERY_FIELDS = tuple(f.name for f in dataclasses.fields(ListQuery))  # each is a var of the list below
# A tab's list reads are paced: no person reloads a list faster, and a tab (or a script
# with an admin's cookie) sending them back to back would otherwise take the worker's
# event loop from the shop's visitors (docs/benchmarks.md section 6).
LIST_READ_INTERVAL_SECONDS = 0.5


def export_url(kind: str, query: ListQuery) -> str:
    params = query.changed().params()  # the export has no pages
    return routes.export(kind) + (f"?{urlencode(params)}" if params else "")


class AdminListMixin(rx.State, mixin=True):
    """One admin list. Each list names its route, vocabulary, export and how to fetch a page."""

    stats: dict[str, int] = {}
    # The query on screen (the search box may hold text not searched yet).
    search: str = ""
    status: str = ""
    method: str = ""
    fulfilment: str = ""
    proof: str = ""
    period: str = ""
    start: str = ""
    end: str = ""
    sort: str = SortField.DATE.value
    descending: bool = True
    page: int = 1
    # What the query found.
    pages: int = 1
    total: int = 0
    total_text: str = "0"
    pages_text: str = "1"
    has_next: bool = False
    filters_on: list[str] = []
    # A Next / Previous click seeks from the edge row of the page on screen (services/lists/listing.py):
    # the URL it went to, and the row key it seeks from.
    _seek_url: str = ""
    _first_key: str = ""
    _last_key: str = ""
    _keys_page: int = 0  # the page the keys were read from
    _after: str = ""
    _before: str = ""
    _next_read_at: float = 0.0  # wall clock: the tab's state may move between workers

    _route: ClassVar[str]
    _statuses: ClassVar[type[Term]]
    _methods: ClassVar[type[Term] | None] = None
    _fulfilments: ClassVar[type[Term] | None] = None  # the orders list's shipping and proof filters
    _proofs: ClassVar[type[Term] | None] = None
    _export_kind: ClassVar[str] = ""
    # What a role needs to read this list, and to export it (services/team/permissions.py).
    _view_permission: ClassVar[Permission]
    _export_permission: ClassVar[Permission]
    _load_error: ClassVar[str] = "Gagal memuat data"
    _export_toast: ClassVar[str] = ""

    def _fetch(self, query: ListQuery, after: str, before: str) -> Callable[[], Page]:
        """The service call for a query and seek (run in a thread)."""
        raise NotImplementedError

    def _read(self, params: dict[str, str]) -> ListQuery:
        """The list's query from a URL's query string."""
        raise NotImplementedError

    def _show(self, rows: list) -> None:
        """Keeps the page's row views in the list's typed var."""
        raise NotImplementedError

    def _query(self) -> ListQuery:
        """The query on screen: the vars named as ListQuery's fields."""
        return ListQuery(**{f: getattr(self, f) for f in QUERY_FIELDS})

    def _apply(self, q: ListQuery) -> None:
        for f in QUERY_FIELDS:
            setattr(self, f, getattr(q, f))
        self.filters_on = q.describe(self._statuses, self._methods, self._fulfilments, self._proofs)

    def _go(self, query: ListQuery):
        """Shows another query: a new history entry, so Back returns to this one. The vars
        take the query at once, so a second change made before the page has loaded builds
        on this one."""
        self._apply(query)
        return rx.redirect(query.url(self._route))

    async def _load(self):
        q = self._read(dict(self.router.url.query_parameters))
        seeking = q.url(self._route) == self._seek_url
        after, before = (self._after, self._before) if seeking else ("", "")
        self._seek_url = ""
        self._apply(q)
        await self._pace()
        done = await attempt(self._fetch(q, after, before), failed=self._load_error)
        if (result := done.value) is None:
            return done.answer
        self._show(result.rows)
        self.stats, self.total, self.pages, self.has_next = result.cards, result.total, result.pages, result.has_next
        plus = "+" if result.capped else ""
        self.total_text, self.pages_text = number(result.total) + plus, number(result.pages) + plus
        self._first_key, self._last_key, self._keys_page = result.first_key, result.last_key, q.page
        return None

    async def _pace(self) -> None:
        """Waits (holding only this tab's lock) until this tab may read its list again."""
        wait = min(self._next_read_at - time.time(), LIST_READ_INTERVAL_SECONDS)
        if wait > 0:
            await asyncio.sleep(wait)
        self._next_read_at = time.time() + LIST_READ_INTERVAL_SECONDS

    @rx.event
    @admin_only(permission=lambda state: state._view_permission)
    async def load(self):
        failed = await self._load()
        return signed_in(self.router) or failed

    @rx.event
    @admin_only(permission=lambda state: state._view_permission)
    async def run_search(self, form: dict | None = None):
        return self._go(self._query().changed(search=str((form or {}).get("q", ""))[:100].strip()))

    @rx.event
    @admin_only(permission=lambda state: state._view_permission)
    async def set_status(self, value: str):
        return self._go(self._query().changed(status=str(self._statuses.parse(value) or "")))

    @rx.event
    @admin_only(permission=lambda state: state._view_permission)
    async def set_method(self, value: str):
        methods = self._methods
        return self._go(self._query().changed(method=str(methods.parse(value) or "") if methods else ""))

    @rx.event
    @admin_only(permission=lambda state: state._view_permission)
    async def set_period(self, value: str):
        chosen = Period.parse(value)
        if chosen is Period.CUSTOM:
            self.period = chosen.value  # the date fields show; the range applies on "Terapkan"
            return None
        return self._go(self._query().changed(period=str(chosen or ""), start="", end=""))

    @rx.event
    @admin_only(permission=lambda state: state._view_permission)
    async def apply_dates(self, form: dict):
        start, end = str(form.get("dari", ""))[:10], str(form.get("sampai", ""))[:10]
        return self._go(self._query().changed(period=Period.CUSTOM.value, start=start, end=end))

    @rx.event
    @admin_only(permission=lambda state: state._view_permission)
    async def sort_by(self, field: str):
        return self._go(self._query().sorted_by(str(field)))

    @rx.event
    @admin_only(permission=lambda state: state._view_permission)
    async def clear_filters(self):
        """Every filter off; the sort stays."""
        return self._go(ListQuery(sort=self.sort, descending=self.descending))

    @rx.event
    @admin_only(permission=lambda state: state._view_permission)
    async def go_page(self, page: int):
        target = int(page) if str(page).lstrip("-").isdigit() else 1
        target = max(1, min(target, self.page + 1 if self.has_next else self.page, 1_000_000))
        query = self._query().changed(page=target)
        # Next / Previous seek from the page on screen instead of counting from the top.
        self._after = self._last_key if target == self._keys_page + 1 else ""
        self._before = self._first_key if target == self._keys_page - 1 else ""
        self._seek_url = query.url(self._route)
        return self._go(query)

    @rx.event
    @admin_only(permission=lambda state: state._view_permission)
    async def refresh(self):
        return await self._load() or toast.success("Data diperbarui")

    @rx.event
    @admin_only(permission=lambda state: state._export_permission)
    async def export(self):
        name = f"{self._export_kind}_{date.today().isoformat()}.csv"
        url = export_url(self._export_kind, self._read(dict(self.router.url.query_parameters)))
        return [rx.download(url=url, filename=name), toast.success(self._export_toast)]
