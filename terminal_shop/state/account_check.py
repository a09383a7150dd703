"""The one check every account handler passes (`account_only`): the session behind the tab's
cookie, and what it may see and do (the team scope, issue 49.3), looked up on every event
(issue 46.1). Its own module so the account's parts in other modules (state/account_payouts.py)
use the very same check; they reach records only through `own_reach` and `own_merchants`."""

from __future__ import annotations

import asyncio
import contextvars
import functools
import inspect
import uuid
from typing import Any

import reflex as rx

from terminal_shop import routes
from terminal_shop.services.customers import signin
from terminal_shop.services.merchant_team import scope as team_scope
from terminal_shop.services.merchant_team.terms import Ability
from terminal_shop.services.reach import Reach

# Who the shared check let through and their scope, for the rest of that event.
_checked: contextvars.ContextVar[tuple[signin.Customer, team_scope.Scope] | None] = contextvars.ContextVar(
    "checked_customer", default=None
)


def account_only(handler):
    """Runs an account handler only for a live customer session; without one the tab's account
    states are emptied and the browser goes to /masuk."""
    if not inspect.iscoroutinefunction(handler):
        raise TypeError(f"{handler.__name__}: account handlers are async so their work can leave the event loop")

    @functools.wraps(handler)
    async def wrapper(self, *args, **kwargs):
        customer = await self._authorise()
        if customer is None:
            self._forget()
            return rx.redirect(routes.SIGN_IN, replace=True)
        scope = await asyncio.to_thread(team_scope.of_session, self._session_hash(), customer.email)
        passed = _checked.set((customer, scope))
        try:
            return await handler(self, *args, **kwargs)
        finally:
            _checked.reset(passed)

    vars(wrapper)["account_only"] = True  # read by the guard test
    return wrapper


def _passed() -> tuple[signin.Customer, team_scope.Scope]:
    found = _checked.get()
    if found is None:
        raise RuntimeError("called outside an account_only handler")
    return found


def checked_customer() -> signin.Customer:
    """Inside an `account_only` handler: who the check let through."""
    return _passed()[0]


def checked_scope() -> team_scope.Scope:
    """Inside an `account_only` handler: what that session may see and do now."""
    return _passed()[1]


def _same_person(state: object) -> bool:
    me: Any = state  # an AccountState: whose account the tab holds
    return bool(me.email == checked_customer().email)


def own_reach(state: object, ability: Ability) -> Reach | None:
    """Inside an `account_only` handler of AccountState or its mixins: the records this
    ability reaches (empty when the role lacks it), or None when the tab holds another
    person's account."""
    return checked_scope().reach(ability) if _same_person(state) else None


def own_merchants(state: object, ability: Ability) -> list[uuid.UUID] | None:
    """The same for the owner's abilities (payouts, outlets, team): every merchant or none."""
    return checked_scope().merchant_ids(ability) if _same_person(state) else None
