"""The acquirers' dispute deliveries (README, Disputes): signed as the transactions webhook is
(`ingest.checked`). Each item opens a dispute on a kept transaction, or moves one along
(open -> under_review -> won or lost; a closed one stays closed); the same status again is a
duplicate. A malformed delivery keeps nothing; an item naming an unknown transaction, an
amount above the sale's, or a closed dispute is refused for that item and tallied for the
admin, never stored."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sqlmodel import Session, col, select

from terminal_shop.infra.db import write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.disputes.events import DisputeChanged, DisputeLost, DisputeOpened
from terminal_shop.services.disputes.tables import Dispute
from terminal_shop.services.disputes.terms import CLOSED, CONTRACT, DisputeStatus
from terminal_shop.services.events.bus import publish
from terminal_shop.services.transactions import contract, ingest, lookup, refused

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
    return [_item(i, x) for i, x in enumerate(contract.listed(body, "disputes", MAX_ITEMS))]


def accept(
    code: str, body: bytes, signature: str, timestamp: str, now: float | None = None, client: str = ""
) -> DisputesTaken:
    at = now if now is not None else time.time()
    acquirer = ingest.checked(code.strip().lower()[:20], body, signature, timestamp, at, client)
    try:
        items = _items(body)
    except ValueError as bad:
        raise ingest.refuse(acquirer.code, 400, f"disputes: {bad}") from None
    taken = DisputesTaken()
    with write_session() as s:
        sales = lookup.sales(s, acquirer.code, list({i.txn_id for i in items}))
        for index, item in enumerate(items):
            reason = _take(s, acquirer.code, item, sales.get(item.txn_id), taken)
            if reason:
                taken.refused.append({"index": index, "reason": reason})
                refused.record(acquirer.code, f"dispute: {reason}", f"#{index}: {item.id}", s)
    return taken


def _take(s: Session, acquirer: str, item: DisputeItem, sale: lookup.Sale | None, taken: DisputesTaken) -> str:
    """'' when applied or a duplicate, else why the item was refused."""
    if sale is None:
        return "transaction never received"
    if item.amount > sale.amount:
        return "amount above the transaction's"
    row = s.exec(
        select(Dispute).where(col(Dispute.acquirer) == acquirer, col(Dispute.dispute_id) == item.id).with_for_update()
    ).first()
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
        return ""
    elif row.status in CLOSED:
        return "dispute already closed"
    else:
        old, row.status, row.deadline, row.changed_at = row.status, item.status.value, item.deadline, utcnow()
        s.add(row)
        publish(s, DisputeChanged(entity_id=str(row.id), actor=acquirer, old_status=old, new_status=row.status))
        taken.updated += 1
    if row.status == DisputeStatus.LOST.value:
        publish(s, DisputeLost(entity_id=str(row.id), actor=acquirer, acquirer=acquirer, mid=row.mid,
                               merchant_id=str(row.merchant_id or ""), amount=row.amount,
                               detail=f"{row.dispute_id} atas transaksi {row.txn_id}: {row.reason}"[:200],
                               source=f"dispute:{acquirer}:{row.dispute_id}"))  # fmt: skip
    return ""
