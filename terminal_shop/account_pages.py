"""One declaration per page of the merchant's account (issue 60.5/60.6), written beside the page
as `PAGE = AccountPage(...)`: its route, title, the word in the account's section links, and its
state (a substate of state/account.py AccountState, whose `needs` says which ability opens it).
The app's page list (terminal_shop.py) and the section links every account page shows
(pages/account_frame.py) are read from here. A new account page is its module and its line in
MODULES (README, Layout)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

MODULES = (  # the registry, in the section links' order
    "terminal_shop.pages.account",
    "terminal_shop.pages.merchant_dashboard",
    "terminal_shop.pages.merchant_payouts",
    "terminal_shop.pages.merchant_disputes",
    "terminal_shop.pages.account_devices",
    "terminal_shop.pages.merchant_service",
    "terminal_shop.pages.merchant_team",
    "terminal_shop.pages.account_orders",
    "terminal_shop.pages.account_data",
)


@dataclass(frozen=True)
class AccountPage:
    route: str
    title: str  # the browser tab's, before " | <brand>", and the page's heading
    link: str  # its word in the section links
    component: Callable[[], Any]
    state: Any  # the page's Reflex state class: `load` is its on-load handler
    hidden_for: tuple[str, ...] = ()  # roles not offered its link (MemberRole values)

    @property
    def on_load(self) -> Any:
        return self.state.load

    def offered_to(self, role: str, abilities: set[str]) -> bool:
        """Whether a person of this role (MemberRole value, "" for a buyer) is offered its link;
        the page's load checks the ability again."""
        needs = self.state.needs
        return (needs is None or needs.value in abilities) and role not in self.hidden_for


def pages() -> list[AccountPage]:
    return [importlib.import_module(name).PAGE for name in MODULES]


def offered(role: str, abilities: set[str]) -> list[str]:
    """The routes of the pages whose links this person sees (AccountState.links)."""
    return [p.route for p in pages() if p.offered_to(role, abilities)]
