"""How payouts follow the transactions area (services/events/bus.py SUBSCRIBERS): an imported
settlement report marks the payouts of the days it paid Dikirim (the report names no bank
reference), in the import's own transaction."""

from __future__ import annotations

from datetime import date

from sqlmodel import Session, col, select

from terminal_shop.infra.models import utcnow
from terminal_shop.services.events.bus import publish, subscribe
from terminal_shop.services.payouts import schedule
from terminal_shop.services.payouts.events import PayoutSent
from terminal_shop.services.payouts.tables import Payout
from terminal_shop.services.payouts.terms import PayoutStatus
from terminal_shop.services.transactions.events import SettlementReported

REPORTED = "laporan settlement"


@subscribe(SettlementReported)
def _reported(s: Session, event: SettlementReported) -> None:
    for pair in event.paid:
        mid, day_text = pair.rsplit(" ", 1)
        day = date.fromisoformat(day_text)
        schedule.refresh_in(s, day, [mid])
        payout = s.exec(
            select(Payout).where(col(Payout.acquirer) == event.entity_id, col(Payout.mid) == mid,
                                 col(Payout.settle_on) == day, col(Payout.status) == PayoutStatus.SCHEDULED.value)
        ).first()  # fmt: skip
        if payout is None:
            continue
        payout.status, payout.sent_at = PayoutStatus.SENT.value, utcnow()
        s.add(payout)
        publish(s, PayoutSent(entity_id=str(payout.id), actor=event.actor, old_status=PayoutStatus.SCHEDULED.value,
                              new_status=PayoutStatus.SENT.value, detail=REPORTED))  # fmt: skip
