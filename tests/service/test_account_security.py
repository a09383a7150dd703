"""The merchant's account answers only a live session (issue 46.1).

Any client can send any event of /akun's state with only its tab token; today a tab kept
reading after "Keluar". This calls every account handler as the server would, for a tab
that read the account and then lost its session (signed out, all devices, or no cookie at
all), and the hook that runs before a tab's whole state is sent.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import inspect

import pytest

import terminal_shop.terminal_shop  # noqa: F401  (registers every page and state)
from terminal_shop.infra.storage import get_storage
from terminal_shop.reflex_compat import detached_root_state, router_with_headers
from terminal_shop.services.customers import sessions, signin
from terminal_shop.state.account import AccountState, withhold_account_data

from support.factories import BUYER_TYPED, checkout_order, signed_in_customer
from support.files import png

OPEN_TO_ANYONE = {"setvar"}  # Reflex's own; refuses every var without a setter (test_admin_security)
CHECKS_INSIDE = {"watch"}  # the background watcher checks the session after each wait


def _run(coroutine):
    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # Playwright's sync API may hold this thread's loop
        return pool.submit(contextvars.copy_context().run, asyncio.run, coroutine).result()


def _tab(session_hash: str):
    root = detached_root_state()
    root.router = router_with_headers({signin.SESSION_HASH_HEADER: session_hash})
    return root, root.get_substate(AccountState.get_full_name().split(".")[1:])


@pytest.fixture
def buyer(clean_db, tmp_path):
    proof = png(tmp_path / "p.png").read_bytes()
    checkout_order(get_storage(), proof, buyer={**BUYER_TYPED, "buyer_email": "rahma@example.com"})
    return "rahma@example.com"


def test_every_account_handler_goes_through_the_shared_check():
    guarded = {n for n, h in AccountState.event_handlers.items() if getattr(h.fn, "account_only", False)}
    assert set(AccountState.event_handlers) - OPEN_TO_ANYONE - CHECKS_INSIDE == guarded
    assert {"load", "filter", "go_to_page", "order_again", "ask_about_me"} <= guarded


def _dummy(param: inspect.Parameter):
    text = str(param.annotation)
    return {"dari": "2026-01-01"} if "dict" in text else 2 if "int" in text else "akses"


@pytest.mark.parametrize("how", ["keluar", "keluar-semua", "no-cookie"])
def test_a_tab_that_lost_its_session_gets_nothing_more(buyer, how):
    session = signed_in_customer(buyer)
    other = signed_in_customer(buyer)  # the same person on another device
    root, state = _tab(session)
    _run(AccountState.event_handlers["load"].fn(state))
    assert state.email == buyer and state.orders and buyer in str(root.dict())

    if how == "keluar":
        sessions.end(session)
    elif how == "keluar-semua":
        sessions.end_all(other)
    else:
        root.router = router_with_headers({})  # the tab token alone, from a browser without the cookie
    for name, handler in AccountState.event_handlers.items():
        if name in OPEN_TO_ANYONE | CHECKS_INSIDE:
            continue
        params = list(inspect.signature(handler.fn).parameters.values())[1:]
        answer = _run(handler.fn(state, *[_dummy(p) for p in params]))
        assert "/masuk" in str(getattr(answer, "args", answer)), f"{name} answered a tab without a session"
        assert buyer not in str(root.dict()) and state.orders == [] and not state.loaded, name


def test_a_tabs_whole_state_keeps_the_account_only_for_its_ownsigned_in_customer(buyer):
    session = signed_in_customer(buyer)
    root, state = _tab(session)
    _run(AccountState.event_handlers["load"].fn(state))
    _run(withhold_account_data(root))  # the same session reloads: kept
    assert buyer in str(root.dict())

    root.router = router_with_headers({signin.SESSION_HASH_HEADER: signed_in_customer("orang.lain@example.com")})
    _run(withhold_account_data(root))  # another person signed in on this browser
    assert buyer not in str(root.dict()) and state.orders == []

    root, state = _tab(session)
    _run(AccountState.event_handlers["load"].fn(state))
    sessions.end(session)
    _run(withhold_account_data(root))  # signed out, then the tab reconnects
    assert buyer not in str(root.dict())
