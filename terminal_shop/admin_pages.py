"""One declaration per admin page (issue 51.3), written beside the page as `PAGE = AdminPage(...)`
(or `PAGES = (...)` for a module with two): its route, title, on-load, menu entry and CSV export.
The app's page list (terminal_shop.py), the header's menu (components/admin.py) and the export
route (web/admin_routes.py) are read from here, and who may open a page is the permission its
on-load handler checks (state/admin/session.py `admin_only`), so the menu cannot disagree with
the guard. A new admin page is its module and its line in MODULES (README, Layout).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from terminal_shop.services.team.permissions import Permission

MODULES = (  # the registry, in the menu's order
    "terminal_shop.pages.admin.merchants",
    "terminal_shop.pages.admin.orders",
    "terminal_shop.pages.admin.payments",
    "terminal_shop.pages.admin.devices",
    "terminal_shop.pages.admin.service",
    "terminal_shop.pages.admin.fleet",
    "terminal_shop.pages.admin.transactions",
    "terminal_shop.pages.admin.overview",
    "terminal_shop.pages.admin.accounts",
    "terminal_shop.pages.admin.incidents",
    "terminal_shop.pages.admin.merchant_detail",
    "terminal_shop.pages.admin.order_detail",
    "terminal_shop.pages.admin.sessions",
    "terminal_shop.pages.admin.login",
    "terminal_shop.pages.admin.two_factor",
    "terminal_shop.pages.admin.invite",
)


class Exporter(Protocol):
    """A list's service, as the CSV route calls it (services/lists/list_query.py)."""

    def query_from(self, params: Any) -> Any: ...

    def export_csv(self, query: Any) -> Any: ...


@dataclass(frozen=True)
class Export:
    kind: str  # /api/admin/export/<kind>.csv
    service: Exporter
    needs: Permission


@dataclass(frozen=True)
class AdminPage:
    route: str
    title: str  # the browser tab's, before " | <brand>"
    component: Callable[[], Any]
    state: Any  # the page's Reflex state class
    load: str = "load"  # its on-load handler: the permission that handler checks is the page's
    menu: str = ""  # the header's word for it; "" when reached from another page
    export: Export | None = None

    @property
    def on_load(self) -> Any:
        return getattr(self.state, self.load)

    @property
    def needs(self) -> Permission | None:
        """What the on-load handler requires (None: any signed-in admin, or nobody signed in)."""
        needed = getattr(self.on_load.fn, "permission", None)
        return needed(self.state) if callable(needed) else needed


def pages() -> list[AdminPage]:
    found: list[AdminPage] = []
    for name in MODULES:
        module = importlib.import_module(name)
        found += [module.PAGE] if hasattr(module, "PAGE") else list(module.PAGES)
    return found


def menu() -> list[AdminPage]:
    return [p for p in pages() if p.menu]


def export(kind: str) -> Export | None:
    return next((p.export for p in pages() if p.export and p.export.kind == kind), None)
