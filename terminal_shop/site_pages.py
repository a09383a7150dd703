"""One declaration per public page (issue 60.6), written beside the page as `PAGES = (Page(...),
...)`: its route, title, description, whether search engines list it, and its on-load. The app's
page list (terminal_shop.py) and the sitemap are read from here, as the back office's are from
admin_pages.py and the account's from account_pages.py. A new public page is its declaration in
its module and, for a new module, its line in MODULES (README, Layout)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from terminal_shop import content

MODULES = (  # the registry
    "terminal_shop.pages.home",
    "terminal_shop.pages.products",
    "terminal_shop.pages.info",
    "terminal_shop.pages.lookup",
    "terminal_shop.pages.order_status",
    "terminal_shop.pages.warranty",
    "terminal_shop.pages.account",
    "terminal_shop.pages.invitation",
    "terminal_shop.pages.registration",
    "terminal_shop.pages.registration_result",
    "terminal_shop.pages.resubmission",
    "terminal_shop.pages.checkout.cart",
    "terminal_shop.pages.checkout.payment",
    "terminal_shop.pages.checkout.result",
)


@dataclass(frozen=True)
class Page:
    route: str
    title: str  # the browser tab's, before " | <brand>" (the home page's stands alone)
    component: Callable[[], Any]
    description: str = content.HOME_DESCRIPTION
    indexable: bool = False  # in the sitemap with a canonical address and JSON-LD; else `noindex`
    on_load: Any = None  # an event handler, a list of them, or None


def pages() -> list[Page]:
    return [page for name in MODULES for page in importlib.import_module(name).PAGES]
