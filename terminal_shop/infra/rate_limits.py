"""Per-client limits on every public action that writes or sends e-mail.

The `limits` library keeps the counts: in Redis when REDIS_URL is set (every worker counts
alike), in the worker's memory otherwise (each worker counts its own). A refusal names
how long to wait. Admin sign-in keeps its own throttling (services/team/admin_auth.py).
"""

from __future__ import annotations

import contextlib
import math
import time
from enum import StrEnum

from limits import RateLimitItem, parse
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from terminal_shop.infra.settings import get_settings


class Action(StrEnum):
    """What is counted, and how often per hour (or window) one key may do it."""

    ORDER = "order"  # orders sent, per client address
    REGISTRATION = "registration"  # registrations sent, per client address
    RESUBMISSION = "resubmission"  # corrections sent, per client address
    LOOKUP = "lookup"  # order lookups and status-link requests, per client address
    LOOKUP_NUMBER = "lookup-number"  # lookups of one order number (guessing its e-mail), from anywhere
    MAIL_TO = "mail-to"  # e-mails a public action sends to one address
    TRANSFER_HOLD = "transfer-hold"  # kode unik held by confirm pages, per client address
    DATA_REQUEST = "data-request"  # requests for one's own data or its erasure, per client address
    ADMIN_INVITE = "admin-invite"  # invitations accepted (passwords tried on a link), per client address
    SIGN_IN_CODE = "sign-in-code"  # sign-in codes asked for, per client address (per e-mail: customers/signin.py)
    WEBHOOK_FAILED = "webhook-failed"  # refused webhook deliveries (forged, stale, malformed), per client address
    SIGN_IN_NUMBER = "sign-in-number"  # codes asked for one HP number, any well-formed one (an answer alike for all)
    RETURN = "return"  # return requests sent, per client address
    RETURN_ORDER = "return-order"  # return requests tried for one order (its link's holder), from anywhere


# Per address, generous: Indonesian mobile networks put many people behind one address
# (carrier-grade NAT), and strangers sharing it must not be refused during a promotion. The
# tight limits are per identity: an e-mail written to (MAIL_TO), a buyer's e-mail and phone
# (rules.ORDERS_PER_BUYER, counted from the orders stored), an order number looked up.
RULES = {
    Action.ORDER: "100/hour",
    Action.REGISTRATION: "30/hour",
    Action.RESUBMISSION: "30/hour",
    Action.LOOKUP: "60/15 minutes",
    Action.LOOKUP_NUMBER: "10/15 minutes",
    Action.MAIL_TO: "3/hour",
    Action.TRANSFER_HOLD: "100/hour",
    Action.DATA_REQUEST: "20/day",
    Action.ADMIN_INVITE: "10/hour",
    Action.SIGN_IN_CODE: "30/hour",
    Action.SIGN_IN_NUMBER: "5/hour",
    Action.WEBHOOK_FAILED: "60/hour",
    Action.RETURN: "30/hour",
    Action.RETURN_ORDER: "10/hour",
}


# What a refused client reads; the areas' refusal Terms use it as their TOO_MANY label.
TOO_MANY_TEXT = "Terlalu banyak percobaan, coba lagi dalam {minutes} menit"


class TooMany(Exception):
    """Refused: the message says how long to wait."""

    def __init__(self, seconds: float):
        self.minutes = max(1, math.ceil(seconds / 60))
        self.message = TOO_MANY_TEXT.format(minutes=self.minutes)
        super().__init__(self.message)


def _key(key: str) -> str:
    """One spelling of a counted key (an address, an e-mail, an order number)."""
    return (key or "unknown")[:254].lower()


class Limiter:
    def __init__(self, storage_uri: str, factor: int = 1):
        self.factor = factor
        self._window = MovingWindowRateLimiter(storage_from_string(storage_uri))
        self._rules: dict[Action, RateLimitItem] = {}
        for action, rule in RULES.items():
            item = parse(rule)
            self._rules[action] = type(item)(item.amount * factor, item.multiples, "terminal_shop")

    def check(self, action: Action, key: str) -> None:
        """Raises TooMany when `key` is at its limit, counting nothing (`hit` counts)."""
        rule, key = self._rules[action], _key(key)
        if not self._window.test(rule, action.value, key):
            reset, _ = self._window.get_window_stats(rule, action.value, key)
            raise TooMany(reset - time.time())

    def counted(self, action: Action, key: str) -> int:
        """How many `key` has done in the current window."""
        rule = self._rules[action]
        _, remaining = self._window.get_window_stats(rule, action.value, _key(key))
        return rule.amount - remaining

    def hit(self, action: Action, key: str) -> None:
        """Counts one `action` by `key`, or raises TooMany (and counts nothing) past its limit."""
        rule, key = self._rules[action], _key(key)
        if not self._window.hit(rule, action.value, key):
            reset, _ = self._window.get_window_stats(rule, action.value, key)
            raise TooMany(reset - time.time())


_limiter: Limiter | None = None


def configure(storage_uri: str | None = None, factor: int | None = None) -> Limiter:
    """The limiter every public action uses, from the settings unless told otherwise."""
    global _limiter
    settings = get_settings()
    _limiter = Limiter(
        storage_uri or settings.redis_url or "memory://", settings.rate_limit_factor if factor is None else factor
    )
    return _limiter


def hit(action: Action, key: str) -> None:
    (_limiter or configure()).hit(action, key)


def check(action: Action, key: str) -> None:
    (_limiter or configure()).check(action, key)


def factor() -> int:
    """What the limits are multiplied by (RATE_LIMIT_FACTOR; 1 on a real site). Limits
    counted elsewhere (rules.ORDERS_PER_BUYER, from the database) use it too."""
    return (_limiter or configure()).factor


def counted(action: Action, key: str) -> int:
    return (_limiter or configure()).counted(action, key)


def hit_quietly(action: Action, key: str) -> None:
    """Counts one that already happened (past the limit it is simply not counted)."""
    with contextlib.suppress(TooMany):
        hit(action, key)


def hit_all(*counted: tuple[Action, str]) -> None:
    """Each (action, key) in turn; the first refused raises."""
    for action, key in counted:
        hit(action, key)
