"""Search, filters, pages, refresh and export: the same on both admin lists."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import date
from typing import ClassVar
from urllib.parse import urlencode

import reflex as rx

from terminal_shop.services.listing import Page
from terminal_shop.state import toast
from terminal_shop.state.admin.session import admin_only
from terminal_shop.vocabulary import Term

log = logging.getLogger(__name__)


def export_url(kind: str, **filters: str) -> str:
    query = urlencode({k: v for k, v in filters.items() if v})
    return f"/api/admin/export/{kind}.csv" + (f"?{query}" if query else "")


class AdminListMixin(rx.State, mixin=True):
    """One admin list. Each list names its statuses, export and how to fetch a page."""

    stats: dict[str, int] = {}
    search: str = ""
    status: str = ""
    page: int = 1
    pages: int = 1
    total: int = 0
    # The edge rows of the page shown, and the seek that produced it (refresh repeats it).
    _first_key: str = ""
    _last_key: str = ""
    _after: str = ""
    _before: str = ""

    _statuses: ClassVar[type[Term]]
    _export_kind: ClassVar[str] = ""
    _load_error: ClassVar[str] = "Gagal memuat data"
    _export_toast: ClassVar[str] = ""

    def _fetch(self) -> Callable[[], Page]:
        """The service call for the current filters, page and seek (run in a thread)."""
        raise NotImplementedError

    def _show(self, rows: list) -> None:
        """Keeps the page's row views in the list's typed var."""
        raise NotImplementedError

    def _filters(self) -> dict[str, str]:
        return {"search": self.search, "status": self.status}

    async def _load(self):
        try:
            result = await asyncio.to_thread(self._fetch())
        except Exception:
            log.exception("%s list failed", self._export_kind)
            return toast.error(self._load_error)
        self._show(result.rows)
        self.stats, self.total, self.pages, self.page = result.cards, result.total, result.pages, result.page
        self._first_key, self._last_key = result.first_key, result.last_key
        return None

    @rx.event
    @admin_only
    async def load(self):
        failed = await self._load()
        if self.router.url.query_parameters.get("masuk"):  # just signed in (api.login)
            return [
                toast.success("Login berhasil!"),
                rx.call_script("history.replaceState(null, '', location.pathname)"),
            ]
        return failed

    @rx.event
    @admin_only
    async def set_search(self, value: str):
        self.search = str(value)[:100]

    @rx.event
    @admin_only
    async def run_search(self, _form: dict | None = None):
        self.page = 1
        return await self._load()

    @rx.event
    @admin_only
    async def set_status(self, value: str):
        self.status = str(self._statuses.parse(value) or "")
        self.page = 1
        return await self._load()

    @rx.event
    @admin_only
    async def go_page(self, page: int):
        target = max(1, min(int(page) if str(page).lstrip("-").isdigit() else 1, self.pages))
        # Next / Previous seek from the page on screen instead of counting from the top.
        self._after = self._last_key if target == self.page + 1 else ""
        self._before = self._first_key if target == self.page - 1 else ""
        self.page = target
        return await self._load()

    @rx.event
    @admin_only
    async def refresh(self):
        return await self._load() or toast.success("Data diperbarui")

    @rx.event
    @admin_only
    async def export(self):
        name = f"{self._export_kind}_{date.today().isoformat()}.csv"
        url = export_url(self._export_kind, **self._filters())
        return [rx.download(url=url, filename=name), toast.success(self._export_toast)]
