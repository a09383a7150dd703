"""The one check every account handler passes (`account_only`): the session behind the tab's
cookie, looked up on every event (issue 46.1). Its own module so the account's parts in other
modules (state/account_payouts.py) use the very same check."""

from __future__ import annotations

import contextvars
import functools
import inspect
import uuid
from typing import Any

import reflex as rx

from terminal_shop import routes
from terminal_shop.services.customers import signin

# The customer the shared check let through, for the rest of that event (AccountState._customer).
_checked: contextvars.ContextVar[signin.Customer | None] = contextvars.ContextVar("checked_customer", default=None)


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
        passed = _checked.set(customer)
        try:
            return await handler(self, *args, **kwargs)
        finally:
            _checked.reset(passed)

    vars(wrapper)["account_only"] = True  # read by the guard test
    return wrapper


def checked_customer() -> signin.Customer:
    """Inside an `account_only` handler: who the check let through."""
    customer = _checked.get()
    if customer is None:
        raise RuntimeError("checked_customer() outside an account_only handler")
    return customer


def own_merchants(state: object) -> list[uuid.UUID] | None:
    """Inside an `account_only` handler of AccountState or its mixins: the signed-in merchant's
    ids, or None when the tab holds another person's account."""
    me: Any = state  # an AccountState: its email and merchants
    if me.email != checked_customer().email:
        return None
    return [uuid.UUID(m) for m in me._merchants]
