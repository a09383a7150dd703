"""The acquirers' payout deliveries (README, Payouts): signed as the transactions webhook is,
each payout of a MID and settlement day marked Dikirim with the bank's reference, and the
difference from what the site computed kept for the admin. Nothing of a malformed delivery is
kept; a payout the site has no transactions for is answered, not stored."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from sqlmodel import Session, col, select

from terminal_shop.formats import rupiah
from terminal_shop.infra.db import write_session
from terminal_shop.services.events.bus import publish
from terminal_shop.services.payouts import schedule
from terminal_shop.services.payouts.events import PayoutSent
from terminal_shop.services.payouts.tables import Payout
from terminal_shop.services.payouts.terms import PayoutStatus
from terminal_shop.services.transactions import contract, ingest, payout_figures

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
    unknown: list[dict[str, Any]] = field(default_factory=list)  # index, mid, settle_on: no such payout
    differences: list[dict[str, Any]] = field(default_factory=list)  # index, computed, reported


def _items(body: bytes) -> list[PayoutItem]:
    """The delivery's payouts, or ValueError naming the first bad one."""
    items = []
    for i, x in enumerate(contract.listed(body, "payouts", MAX_ITEMS)):
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
    acquirer = ingest.checked(code.strip().lower()[:20], body, signature, timestamp, at, client)
    try:
        items = _items(body)
    except ValueError as bad:
        raise ingest.refuse(acquirer.code, 400, f"payouts: {bad}") from None
    taken = PayoutsTaken()
    sent_at = datetime.fromtimestamp(at, UTC)
    with write_session() as s:
        for i, item in enumerate(items):
            _take(s, acquirer.code, i, item, sent_at, taken)
    return taken


def _take(s: Session, acquirer: str, i: int, item: PayoutItem, sent_at: datetime, taken: PayoutsTaken) -> None:
    schedule.refresh_in(s, item.settle_on, [item.mid])  # its figures as they stand before they are kept
    payout = s.exec(
        select(Payout).where(col(Payout.acquirer) == acquirer, col(Payout.mid) == item.mid,
                             col(Payout.settle_on) == item.settle_on)
    ).first()  # fmt: skip
    if payout is None:
        taken.unknown.append({"index": i, "mid": item.mid, "settle_on": item.settle_on.isoformat()})
        return
    if payout.status != PayoutStatus.SCHEDULED.value:
        taken.duplicates += 1
        return
    payout.status, payout.bank_reference = PayoutStatus.SENT.value, item.reference
    payout.reported_net, payout.sent_at = item.net, sent_at
    s.add(payout)
    payout_figures.mark_settled(s, acquirer, item.mid, item.settle_on)
    detail = f"ref {item.reference}"
    if item.net != payout.net:
        taken.differences.append({"index": i, "computed": payout.net, "reported": item.net})
        detail += f"; situs {rupiah(payout.net)}, acquirer {rupiah(item.net)}"
    publish(s, PayoutSent(entity_id=str(payout.id), actor=f"acquirer {acquirer}", old_status=PayoutStatus.SCHEDULED.value,
                          new_status=PayoutStatus.SENT.value, detail=detail))  # fmt: skip
    taken.sent += 1
