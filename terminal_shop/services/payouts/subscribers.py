"""How payouts follow the transactions area (services/events/bus.py SUBSCRIBERS), in the
transaction that made the change: an imported settlement report marks the payouts of the days
it paid Dikirim (the report names no bank reference); a refund or void of a sale already paid
out is taken from that MID's next payout not yet sent (transactions/money.py states the rule);
a dispute lost is charged back on the next one."""

from __future__ import annotations

import uuid
from datetime import date

from sqlmodel import Session, col, select

from terminal_shop.infra.models import utcnow
from terminal_shop.services import working_days
from terminal_shop.services.disputes.events import DisputeLost
from terminal_shop.services.events.bus import publish, subscribe
from terminal_shop.services.payouts import schedule
from terminal_shop.services.payouts.events import PayoutSent
from terminal_shop.services.payouts.tables import Payout, PayoutAdjustment
from terminal_shop.services.payouts.terms import AdjustmentKind, PayoutStatus
from terminal_shop.services.transactions.events import PaidOutSaleChanged, SettlementReported
from terminal_shop.services.transactions.mdr import rupiah_text

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


@subscribe(PaidOutSaleChanged)
def _taken_back(s: Session, event: PaidOutSaleChanged) -> None:
    returned_fee = event.returned + event.taken
    what = (
        "void" if (event.detail or "").startswith("void") else "refund"
    )  # the kind's label says "Refund setelah pencairan"
    reason = f"{what} transaksi {event.entity_id}: {rupiah_text(event.returned)}, MDR {rupiah_text(returned_fee)} dikembalikan"
    _land(s, event.acquirer, event.mid, event.merchant_id, date.fromisoformat(event.applies_on),
          AdjustmentKind.REFUND, event.taken, reason, event.source)  # fmt: skip


@subscribe(DisputeLost)
def _charged_back(s: Session, event: DisputeLost) -> None:
    """A chargeback lands on the next working day's payout: the acquirer debits it there."""
    day = working_days.add_working_days(working_days.today_wib(), 1)
    _land(s, event.acquirer, event.mid, event.merchant_id, day, AdjustmentKind.CHARGEBACK, -event.amount,
          event.detail or "Chargeback", event.source)  # fmt: skip


def _land(s: Session, acquirer: str, mid: str, merchant_id: str, day: date, kind: AdjustmentKind, amount: int,
          reason: str, source: str) -> None:  # fmt: skip
    """One adjustment per `source`, on the first payout from `day` not yet sent, whose figures
    are read again at once."""
    if s.exec(select(PayoutAdjustment.id).where(col(PayoutAdjustment.source) == source)).first() is not None:
        return
    sent = set(s.exec(
        select(col(Payout.settle_on)).where(col(Payout.acquirer) == acquirer, col(Payout.mid) == mid,
                                            col(Payout.settle_on) >= day, col(Payout.status) != PayoutStatus.SCHEDULED.value)
    ))  # fmt: skip
    while day in sent:
        day = working_days.add_working_days(day, 1)
    s.add(PayoutAdjustment(acquirer=acquirer, mid=mid, applies_on=day, kind=kind.value, amount=amount,
                           merchant_id=uuid.UUID(merchant_id) if merchant_id else None,
                           reason=reason[:200], source=source[:120]))  # fmt: skip
    s.flush()
    schedule.refresh_in(s, day, [mid])
