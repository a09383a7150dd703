"""A signed delivery (README, Transactions): `X-Terminalku-Timestamp` (Unix seconds) and
`X-Terminalku-Signature: sha256=<hex>`, the HMAC-SHA256 of `<timestamp>.<raw body>` with the
sender's secret; refused as a whole when the signature is wrong or missing or the timestamp is
more than 5 minutes from ours (a replay later than that), each refusal tallied (tallies.py)."""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Any

from terminal_shop.intake import tallies

WINDOW_SECONDS = 300


@dataclass(frozen=True)
class BadItem:
    index: int
    reason: str


class WebhookRefused(Exception):
    def __init__(self, status: int, reason: str, items: tuple[BadItem, ...] = ()) -> None:
        super().__init__(reason)
        self.status, self.reason, self.items = status, reason, items


def sign(secret: str, timestamp: int, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()


def refuse(source: str, status: int, reason: str, example: str = "", items: tuple[BadItem, ...] = ()) -> WebhookRefused:
    """The answer refusing a delivery, tallied under `source` (an acquirer's code, "detak")."""
    tallies.record(source, reason, example)
    return WebhookRefused(status, reason, items)


def verified(source: str, secret: str, body: bytes, signature: str, timestamp: str, now: float, client: str) -> None:
    """A delivery signed with `secret` within 5 minutes of `now`, or WebhookRefused (401),
    counted under `source`, not stored one row each."""
    if not timestamp.isdigit() or abs(now - int(timestamp)) > WINDOW_SECONDS:
        raise refuse(source, 401, "timestamp missing or more than 5 minutes off", f"dari {client}" if client else "")
    if not hmac.compare_digest(signature.strip().lower().encode(), sign(secret, int(timestamp), body).encode()):
        raise refuse(source, 401, "signature does not match", f"dari {client}" if client else "")


def listed(body: bytes, key: str, most: int) -> list[Any]:
    """The list a signed delivery carries under `key` (payouts, disputes, heartbeats), 1 to
    `most` items, or ValueError saying what is wrong."""
    try:
        data = json.loads(body)
    except ValueError:
        raise ValueError("body is not JSON") from None
    raw = data.get(key) if isinstance(data, dict) else None
    if not isinstance(raw, list) or not 1 <= len(raw) <= most:
        raise ValueError(f'"{key}" must be a list of 1 to {most}')
    return raw
