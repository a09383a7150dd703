"""What the acquirer's webhook accepts as an item (README, Transactions): each field's type and
bounds, checked before anything is stored. A bad item is named by its index and reason, so
the acquirer fixes that item instead of retrying the whole batch for ever (issue 46.5)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

from terminal_shop.intake.signed import BadItem
from terminal_shop.services.transactions.terms import TxnStatus

BATCH_MAX = 1000
AMOUNT_MAX = 10**12  # Rp 1 triliun: more than any card or QRIS payment, far below a BIGINT's sum
PAST_DAYS = 400  # a transaction older than this is not a live delivery (a year and its reports)
FUTURE = timedelta(minutes=10)  # a terminal's clock a little ahead
STATUSES = tuple(TxnStatus)
CHANNEL_WORDS = {"debit": "debit", "kredit": "kredit", "credit": "kredit", "qris": "qris"}


class BadDelivery(ValueError):
    """The body as a whole (not JSON, not a list of items) or some of its items."""

    def __init__(self, reason: str, items: tuple[BadItem, ...] = ()) -> None:
        super().__init__(reason)
        self.reason, self.items = reason, items


def items_of(body: bytes) -> list[dict[str, Any]]:
    try:
        data = json.loads(body)
    except ValueError:
        raise BadDelivery("body is not JSON") from None
    items = data.get("transactions") if isinstance(data, dict) and "transactions" in data else [data]
    if (
        not isinstance(items, list)
        or not items
        or len(items) > BATCH_MAX
        or not all(isinstance(i, dict) for i in items)
    ):
        raise BadDelivery(f"expected one transaction or up to {BATCH_MAX} in 'transactions'")
    return items


def parse_all(items: list[dict[str, Any]], now: datetime) -> list[dict[str, Any]]:
    """Every item's fields, or BadDelivery listing each bad item (nothing of the batch is kept)."""
    parsed, bad = [], []
    for index, item in enumerate(items):
        try:
            parsed.append(_parsed(item, now))
        except (ValueError, KeyError, TypeError, OverflowError) as exc:
            bad.append(BadItem(index, str(exc) if isinstance(exc, ValueError) else f"{exc.__class__.__name__}: {exc}"))
    if bad:
        raise BadDelivery(f"{len(bad)} of {len(items)} transactions are malformed", tuple(bad))
    return parsed


def _amount(value: object) -> int:
    if type(value) is not int or not 1 <= value <= AMOUNT_MAX:  # JSON true is not 1; 10**20 is not money
        raise ValueError(f"amount must be a whole number of rupiah from 1 to {AMOUNT_MAX}")
    return value


def _time(value: object, now: datetime) -> datetime:
    try:
        occurred = datetime.fromisoformat(str(value))
    except ValueError:
        raise ValueError("time must be ISO 8601 with its UTC offset") from None
    if occurred.tzinfo is None:
        raise ValueError("time needs its UTC offset")
    try:
        in_range = now - timedelta(days=PAST_DAYS) <= occurred <= now + FUTURE
    except OverflowError:  # year 0001 at +07:00 has no UTC
        in_range = False
    if not in_range:
        raise ValueError(f"time must be within the last {PAST_DAYS} days and at most 10 minutes ahead")
    return occurred


def _parsed(item: dict[str, Any], now: datetime) -> dict[str, Any]:
    """One transaction's fields, or ValueError naming the first wrong one."""
    channel = CHANNEL_WORDS.get(str(item.get("channel", "")).lower())
    status = str(item.get("status", "")).lower()
    if channel is None:
        raise ValueError("channel must be debit, kredit, credit or qris")
    if status not in STATUSES:
        raise ValueError("status must be approved, void or refund")
    amount, occurred = _amount(item.get("amount")), _time(item.get("time"), now)
    txn_id, tid = str(item.get("id", "")).strip()[:64], str(item.get("tid", "")).strip().upper()[:16]
    if not txn_id or not tid:
        raise ValueError("id and tid are required")
    return {"txn_id": txn_id, "tid": tid, "mid": str(item.get("mid", ""))[:20], "occurred_at": occurred,
            "amount": amount, "channel": channel, "status": status, "scheme": str(item.get("scheme") or "")[:40] or None,
            "rrn": str(item.get("rrn") or "")[:24] or None, "approval_code": str(item.get("approval_code") or "")[:12] or None,
            "refund_id": str(item.get("refund_id") or "").strip()[:64]}  # fmt: skip
