"""The acquirers' dispute deliveries (README, Disputes): signed as the transactions webhook is
(`signers.checked`). Each item opens a dispute on a kept transaction, or moves one along
(open -> under_review -> won or lost, never back; a closed one stays closed); the same status
again is a duplicate. A malformed delivery keeps nothing; an item that cannot be true is refused
with its reason (terms.ItemRefusal: an unknown or voided sale, a status moving backwards, a
deadline outside today .. 180 days, an amount above what is left of the sale after its refunds
and the lost disputes before it), tallied for the admin and never stored."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from sqlmodel import Session, col, func, select

from terminal_shop.infra.db import write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.intake import signed, tallies
from terminal_shop.services import working_days
from terminal_shop.services.disputes.events import DisputeChanged, DisputeLost, DisputeOpened
from terminal_shop.services.disputes.tables import Dispute
from terminal_shop.services.disputes.terms import CLOSED, CONTRACT, DEADLINE_DAYS, STEP, DisputeStatus, ItemRefusal
from terminal_shop.services.events.bus import publish
from terminal_shop.services.transactions import lookup, signers
from terminal_shop.services.transactions.terms import TxnStatus

MAX_ITEMS = 500
ID = re.compile(r"[A-Za-z0-9._:/-]{1,64}")


@dataclass(frozen=True)
class DisputeItem:
    id: str
    txn_id: str
    reason_code: str
    reason: str
    amount: int
    deadline: date
    status: DisputeStatus


@dataclass
class DisputesTaken:
    opened: int = 0
    updated: int = 0
    duplicates: int = 0
    refused: list[dict[str, Any]] = field(default_factory=list)  # index, reason


def _item(i: int, x: Any) -> DisputeItem:
    try:
        item = DisputeItem(str(x["id"]).strip(), str(x["transaction_id"]).strip(), str(x["reason_code"]).strip(),
                           " ".join(str(x["reason"]).split()), x["amount"], date.fromisoformat(str(x["deadline"])),
                           CONTRACT[str(x["status"])])  # fmt: skip
    except (KeyError, TypeError, ValueError):
        raise ValueError(
            f"#{i}: id, transaction_id, reason_code, reason, amount, deadline (YYYY-MM-DD) and status "
            f"({', '.join(CONTRACT)}) are required"
        ) from None
    if not ID.fullmatch(item.id) or not ID.fullmatch(item.txn_id) or not 1 <= len(item.reason_code) <= 20:
        raise ValueError(f"#{i}: id or transaction_id (1-64 letters, digits, ._:/-) or reason_code (1-20) malformed")
    if not isinstance(item.amount, int) or isinstance(item.amount, bool) or not 1 <= item.amount <= 10**12:
        raise ValueError(f"#{i}: amount must be a whole number of rupiah above 0")
    return item


def _items(body: bytes) -> list[DisputeItem]:
    return [_item(i, x) for i, x in enumerate(signed.listed(body, "disputes", MAX_ITEMS))]


def accept(
    code: str, body: bytes, signature: str, timestamp: str, now: float | None = None, client: str = ""
) -> DisputesTaken:
    at = now if now is not None else time.time()
    acquirer = signers.checked(code.strip().lower()[:20], body, signature, timestamp, at, client)
    try:
        items = _items(body)
    except ValueError as bad:
        raise signed.refuse(acquirer.code, 400, f"disputes: {bad}") from None
    taken = DisputesTaken()
    today = working_days.today_wib()
    with write_session() as s:
        sales = lookup.sales(s, acquirer.code, list({i.txn_id for i in items}))
        for index, item in enumerate(items):
            why = _take(s, acquirer.code, item, sales.get(item.txn_id), today, taken)
            if why is not None:
                taken.refused.append({"index": index, "reason": why.label})
                tallies.record(acquirer.code, f"dispute: {why.label}", f"#{index}: {item.id}", s)
    return taken


def _lost_before(s: Session, acquirer: str, item: DisputeItem) -> int:
    """What the other lost disputes of the same sale charged back."""
    d = Dispute
    found = s.exec(select(func.coalesce(func.sum(d.amount), 0)).where(
        col(d.acquirer) == acquirer, col(d.txn_id) == item.txn_id, col(d.dispute_id) != item.id,
        col(d.status) == DisputeStatus.LOST.value)).one()  # fmt: skip
    return int(found)


def _refusal(
    s: Session, acquirer: str, item: DisputeItem, sale: lookup.Sale | None, row: Dispute | None, today: date
) -> ItemRefusal | None:
    if sale is None:
        return ItemRefusal.UNKNOWN
    if sale.status == TxnStatus.VOID.value:
        return ItemRefusal.VOIDED
    if row is not None and row.status != item.status.value:
        if row.status in CLOSED:
            return ItemRefusal.CLOSED
        if STEP[item.status.value] < STEP[row.status]:
            return ItemRefusal.BACKWARDS
    if row is None or row.status != item.status.value:
        if not today <= item.deadline <= today + timedelta(days=DEADLINE_DAYS):
            return ItemRefusal.DEADLINE
        if item.amount > sale.amount - sale.refunded - _lost_before(s, acquirer, item):
            return ItemRefusal.ABOVE_LEFT
    return None


def _take(
    s: Session, acquirer: str, item: DisputeItem, sale: lookup.Sale | None, today: date, taken: DisputesTaken
) -> ItemRefusal | None:
    """None when applied or a duplicate, else why the item was refused."""
    row = s.exec(
        select(Dispute).where(col(Dispute.acquirer) == acquirer, col(Dispute.dispute_id) == item.id).with_for_update()
    ).first()
    why = _refusal(s, acquirer, item, sale, row, today)
    if why is not None or sale is None:
        return why
    if row is None:
        row = Dispute(acquirer=acquirer, dispute_id=item.id, txn_id=item.txn_id, tid=sale.tid, mid=sale.mid,
                      merchant_id=sale.merchant_id, amount=item.amount, reason_code=item.reason_code,
                      reason=item.reason[:200], deadline=item.deadline, status=item.status.value)  # fmt: skip
        s.add(row)
        s.flush()
        publish(s, DisputeOpened(entity_id=str(row.id), actor=acquirer, new_status=row.status,
                                 detail=f"{item.id}: {item.reason_code} {item.reason}"[:200]))  # fmt: skip
        taken.opened += 1
    elif row.status == item.status.value:
        taken.duplicates += 1
        return None
    else:
        old, row.status, row.deadline, row.changed_at = row.status, item.status.value, item.deadline, utcnow()
        s.add(row)
        publish(s, DisputeChanged(entity_id=str(row.id), actor=acquirer, old_status=old, new_status=row.status))
        taken.updated += 1
    if row.status == DisputeStatus.LOST.value:
        publish(s, DisputeLost(entity_id=str(row.id), actor=acquirer, acquirer=acquirer, mid=row.mid,
                               merchant_id=str(row.merchant_id or ""), txn_id=row.txn_id, amount=row.amount,
                               detail=f"{row.dispute_id} atas transaksi {row.txn_id}: {row.reason}"[:200],
                               source=f"dispute:{acquirer}:{row.dispute_id}"))  # fmt: skip
    return None
