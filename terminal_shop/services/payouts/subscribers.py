"""How payouts follow the other areas (declared in the area's __init__.py), in the transaction
that made the change: an imported settlement report marks the payouts of the days it paid
Dikirim (the report names no bank reference nor amount sent); a dispute lost is charged back in
the ledger, on the MID's next payout not yet sent (transactions/ledger.py)."""

from __future__ import annotations

import uuid
from datetime import date

from sqlmodel import Session

from terminal_shop.infra.models import utcnow
from terminal_shop.services.disputes.events import DisputeLost
from terminal_shop.services.events.bus import subscribe
from terminal_shop.services.payouts import book
from terminal_shop.services.transactions import ledger
from terminal_shop.services.transactions.events import SettlementReported
from terminal_shop.services.transactions.ledger import PayoutKey

REPORTED = "laporan settlement"


@subscribe(SettlementReported)
def _reported(s: Session, event: SettlementReported) -> None:
    for pair in event.paid:
        mid, day_text = pair.rsplit(" ", 1)
        booked = book.one(s, PayoutKey(event.entity_id, mid, date.fromisoformat(day_text)))
        if booked is not None:
            book.mark_sent(s, booked, "", None, utcnow(), event.actor, REPORTED)


@subscribe(DisputeLost)
def _charged_back(s: Session, event: DisputeLost) -> None:
    """The acquirer debits a lost dispute on the next working day's payout."""
    ledger.chargeback(s, event.acquirer, event.mid, uuid.UUID(event.merchant_id) if event.merchant_id else None,
                      event.txn_id, event.amount, event.source, event.detail or "Chargeback")  # fmt: skip
