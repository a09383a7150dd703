"""The merchant's account answers only a live session (issue 46.1).

Any client can send any event of /akun's state with only its tab token; today a tab kept
reading after "Keluar". This calls every account handler as the server would, for a tab
that read the account and then lost its session (signed out, all devices, or no cookie at
all), and the hook that runs before a tab's whole state is sent.
"""

from __future__ import annotations

import inspect

import pytest

import terminal_shop.terminal_shop  # noqa: F401  (registers every page and state)
from terminal_shop.infra.storage import get_storage
from terminal_shop.reflex_compat import router_with_headers
from terminal_shop.services.customers import sessions, signin
from terminal_shop.state.account import withhold_account_data

from support.account_tab import AccountTab, own_handlers, run
from support.factories import BUYER_TYPED, checkout_order, signed_in_customer
from support.files import png

OPEN_TO_ANYONE = {"setvar"}  # Reflex's own; refuses every var without a setter (test_admin_security)
CHECKS_INSIDE = {"watch"}  # the background watcher checks the session after each wait


def _tab(session_hash: str):
    tab = AccountTab(session_hash)
    return tab.root, tab


@pytest.fixture
def buyer(clean_db, tmp_path):
    proof = png(tmp_path / "p.png").read_bytes()
    checkout_order(get_storage(), proof, buyer={**BUYER_TYPED, "buyer_email": "rahma@example.com"})
    return "rahma@example.com"


def test_every_account_handler_goes_through_the_shared_check():
    handlers = {(cls.__name__, n) for cls, n, _ in own_handlers()}
    guarded = {(cls.__name__, n) for cls, n, h in own_handlers() if getattr(h.fn, "account_only", False)}
    assert {x for x in handlers if x[1] not in OPEN_TO_ANYONE | CHECKS_INSIDE} == guarded
    assert {("TransactionsState", "filter"), ("TransactionsState", "go_to_page"), ("OrdersState", "order_again"),
            ("DataState", "ask_about_me"), ("AccountState", "work_as")} <= guarded  # fmt: skip
    assert {cls for cls, n in guarded if n == "load"} == {cls.__name__ for cls, _, _ in own_handlers()} - {
        "AccountState"
    }


def _dummy(param: inspect.Parameter):
    text = str(param.annotation)
    return {"dari": "2026-01-01"} if "dict" in text else 2 if "int" in text else "akses"


@pytest.mark.parametrize("how", ["keluar", "keluar-semua", "no-cookie"])
def test_a_tab_that_lost_its_session_gets_nothing_more(buyer, how):
    session = signed_in_customer(buyer)
    other = signed_in_customer(buyer)  # the same person on another device
    root, state = _tab(session)
    state.call("load")
    assert state.email == buyer and state.orders and buyer in str(root.dict())

    if how == "keluar":
        sessions.end(session)
    elif how == "keluar-semua":
        sessions.end_all(other)
    else:
        state.without_cookie()  # the tab token alone, from a browser without the cookie
    for cls, name, handler in own_handlers():
        if name in OPEN_TO_ANYONE | CHECKS_INSIDE:
            continue
        params = list(inspect.signature(handler.fn).parameters.values())[1:]
        answer = run(handler.fn(state.of(cls), *[_dummy(p) for p in params]))
        assert "/masuk" in str(getattr(answer, "args", answer)), (
            f"{cls.__name__}.{name} answered a tab without a session"
        )
        assert buyer not in str(root.dict()) and state.orders == [] and not getattr(state.of(cls), "loaded", False), (
            name
        )


def test_a_tabs_whole_state_keeps_the_account_only_for_its_ownsigned_in_customer(buyer):
    session = signed_in_customer(buyer)
    root, state = _tab(session)
    state.call("load")
    run(withhold_account_data(root))  # the same session reloads: kept
    assert buyer in str(root.dict())

    root.router = router_with_headers({signin.SESSION_HASH_HEADER: signed_in_customer("orang.lain@example.com")})
    run(withhold_account_data(root))  # another person signed in on this browser
    assert buyer not in str(root.dict()) and state.orders == []

    root, state = _tab(session)
    state.call("load")
    sessions.end(session)
    run(withhold_account_data(root))  # signed out, then the tab reconnects
    assert buyer not in str(root.dict())
