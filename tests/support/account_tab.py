"""A tab signed in to the account, whose pages' handlers a service test calls as the websocket
would (any handler, any arguments). The account is a page per section, each its own state
(issue 60.5); `call("load")` opens every page, as a person going through the section links would,
and reading `tab.<var>` finds the var in whichever page's state holds it."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
from typing import Any
from urllib.parse import urlencode

import terminal_shop.terminal_shop  # noqa: F401  (registers every page and state)
from terminal_shop.reflex_compat import detached_root_state, router_with_headers
from terminal_shop.services.customers import signin
from terminal_shop.state.account import account_states


def run(coroutine):
    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # Playwright's sync API may hold this thread's loop
        return pool.submit(contextvars.copy_context().run, asyncio.run, coroutine).result()


def own_handlers() -> list[tuple[type, str, Any]]:
    """(state, name, handler) of every account page's state, each handler where it is written."""
    return [
        (cls, name, h)
        for cls in account_states()
        for name, h in cls.event_handlers.items()
        if getattr(h.fn, "__qualname__", "").split(".")[0] in (cls.__name__, "State", "BaseState")
    ]


class AccountTab:
    def __init__(self, session_hash: str, client_token: str = "") -> None:
        self.root = detached_root_state()
        self.client_token = client_token
        self._headers = {signin.SESSION_HASH_HEADER: session_hash} if session_hash else {}
        self.at("/akun")

    def at(self, path: str, **query: str) -> None:
        """The tab's address (a page's load reads its query)."""
        address = path + (f"?{urlencode(query)}" if query else "")
        self.root.router = router_with_headers(self._headers, as_path=address, token=self.client_token)

    def without_cookie(self) -> None:
        self._headers = {}
        self.root.router = router_with_headers({})

    def of(self, cls: type) -> Any:
        return self.root.get_substate(cls.get_full_name().split(".")[1:])

    def open(self, cls: type) -> Any:
        """One page's load, at the tab's address."""
        return run(cls.load.fn(self.of(cls)))

    def call(self, name: str, *args: Any) -> Any:
        if name == "load":
            return [run(cls.load.fn(self.of(cls), *args)) for cls in account_states()[1:]]
        cls = next(c for c, n, _ in own_handlers() if n == name)
        return run(cls.event_handlers[name].fn(self.of(cls), *args))

    def __getattr__(self, name: str) -> Any:
        for cls in account_states():
            if name in vars(cls).get("__annotations__", {}):
                return getattr(self.of(cls), name)
        raise AttributeError(name)


def account_tab(session_hash: str) -> tuple[Any, AccountTab, Any]:
    tab = AccountTab(session_hash)
    return tab.root, tab, tab.call
