"""The acquirers' payout deliveries (README, Payouts): signed as the transactions webhook is,
each payout of a MID and day marked Dikirim with the bank's reference and the amount the
acquirer says it sent, which the merchant and the admin read beside the ledger's. Nothing of a
malformed delivery is kept. An item that cannot be true is refused with its reason (terms.Refusal),
tallied for the admin and never applied: a day that has not come, a negative net, a net above the
payout's sales, a MID this acquirer holds no entries for, a day with no entries."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from sqlmodel import Session

from terminal_shop.formats import rupiah
from terminal_shop.infra.db import write_session
from terminal_shop.intake import signed, tallies
from terminal_shop.services import working_days
from terminal_shop.services.payouts import book
from terminal_shop.services.payouts.terms import Refusal
from terminal_shop.services.transactions import ledger, signers
from terminal_shop.services.transactions.ledger import PayoutKey

MAX_ITEMS = 1_000
REFERENCE = re.compile(r"[A-Za-z0-9._/-]{1,64}")


@dataclass(frozen=True)
class PayoutItem:
    mid: str
    settle_on: date
    net: int
    reference: str


@dataclass
class PayoutsTaken:
    sent: int = 0
    duplicates: int = 0
    refused: list[dict[str, Any]] = field(default_factory=list)  # index, reason: not applied
    differences: list[dict[str, Any]] = field(default_factory=list)  # index, computed, reported


def _items(body: bytes) -> list[PayoutItem]:
    """The delivery's payouts, or ValueError naming the first bad one."""
    items = []
    for i, x in enumerate(signed.listed(body, "payouts", MAX_ITEMS)):
        try:
            day = date.fromisoformat(str(x["settle_on"]))
            net, mid, ref = x["net"], str(x["mid"]).strip(), str(x["bank_reference"]).strip()
        except (KeyError, TypeError, ValueError):
            raise ValueError(f"#{i}: mid, settle_on (YYYY-MM-DD), net and bank_reference are required") from None
        if not isinstance(net, int) or isinstance(net, bool) or not -(10**12) <= net <= 10**12:
            raise ValueError(f"#{i}: net must be a whole number of rupiah")
        if not mid or len(mid) > 20 or not REFERENCE.fullmatch(ref):
            raise ValueError(f"#{i}: mid (up to 20) or bank_reference (1-64 letters, digits, ._/-) malformed")
        items.append(PayoutItem(mid, day, net, ref))
    return items


def accept(
    code: str, body: bytes, signature: str, timestamp: str, now: float | None = None, client: str = ""
) -> PayoutsTaken:
    at = now if now is not None else time.time()
    acquirer = signers.checked(code.strip().lower()[:20], body, signature, timestamp, at, client)
    try:
        items = _items(body)
    except ValueError as bad:
        raise signed.refuse(acquirer.code, 400, f"payouts: {bad}") from None
    taken = PayoutsTaken()
    sent_at = datetime.fromtimestamp(at, UTC)
    today = working_days.today_wib(sent_at)
    with write_session() as s:
        for i, item in enumerate(items):
            why = _take(s, acquirer.code, i, item, sent_at, today, taken)
            if why is not None:
                taken.refused.append({"index": i, "reason": why.label})
                tallies.record(acquirer.code, f"payout: {why.label}", f"#{i}: MID {item.mid} {item.settle_on}", s)
    return taken


def _take(
    s: Session, acquirer: str, i: int, item: PayoutItem, sent_at: datetime, today: date, taken: PayoutsTaken
) -> Refusal | None:
    if item.settle_on > today:
        return Refusal.FUTURE
    if item.net < 0:
        return Refusal.NEGATIVE
    booked = book.one(s, PayoutKey(acquirer, item.mid, item.settle_on), today=today)
    if booked is None:
        return Refusal.UNKNOWN if ledger.holds_mid(s, acquirer, item.mid) else Refusal.OTHER_MID
    if item.net > booked.sums.gross + max(booked.sums.corrections, 0):
        return Refusal.ABOVE_SALES
    detail = f"ref {item.reference}"
    if item.net != booked.sums.net:
        detail += f"; situs {rupiah(booked.sums.net)}, acquirer {rupiah(item.net)}"
    if not book.mark_sent(s, booked, item.reference, item.net, sent_at, f"acquirer {acquirer}", detail):
        taken.duplicates += 1
        return None
    taken.sent += 1
    if item.net != booked.sums.net:
        taken.differences.append({"index": i, "computed": booked.sums.net, "reported": item.net})
    return None
