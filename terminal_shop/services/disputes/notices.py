"""What the merchant is told of a dispute (issue 47.4): when it opens, and two days before its
deadline while it waits for their answer; by e-mail, and by WhatsApp where the number agreed
(the channels decide: notifications/channels.py). One message per dispute and kind."""

from __future__ import annotations

import uuid
from datetime import date, timedelta

from sqlmodel import Session, col, select

from terminal_shop import routes, rules
from terminal_shop.formats import rupiah
from terminal_shop.infra.db import write_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.services import working_days
from terminal_shop.services.disputes.tables import Dispute
from terminal_shop.services.disputes.terms import DisputeStatus
from terminal_shop.services.notifications.channels import Notice, tell
from terminal_shop.services.registrations import owners as registrations

_queued_on: dict[str, date] = {}  # per worker: the day its reminders were queued


def tell_merchant(s: Session, d: Dispute, kind: str) -> bool:
    """`kind`: dispute_opened or dispute_due; False when nobody is left to tell."""
    merchant = registrations.record(s, d.merchant_id) if d.merchant_id else None
    if merchant is None or merchant.purged_at is not None:
        return False
    values = {"amount": rupiah(d.amount), "txn": d.txn_id, "reason": d.reason, "deadline": working_days.spoken(d.deadline),
              "link": get_settings().public_url + routes.ACCOUNT_DISPUTES}  # fmt: skip
    notice = Notice(kind, f"{kind}:{d.id}", ("merchant", str(merchant.id)), merchant.email, merchant.nomor_hp,
                    merchant, values)  # fmt: skip
    return bool(tell(s, notice))


def queue_due(today: date | None = None) -> int:
    """Every open, unanswered dispute whose deadline is rules.DISPUTE_REMIND_DAYS away or
    nearer: reminded once (the outbox key), looked at once a day per worker."""
    today = today or working_days.today_wib()
    if _queued_on.get("day") == today:
        return 0
    queued = 0
    with write_session() as s:
        due = s.exec(
            select(Dispute).where(col(Dispute.status) == DisputeStatus.OPEN.value, col(Dispute.decision) == "",
                                  col(Dispute.deadline) >= today,
                                  col(Dispute.deadline) <= today + timedelta(days=rules.DISPUTE_REMIND_DAYS))
        ).all()  # fmt: skip
        for d in due:
            queued += tell_merchant(s, d, "dispute_due")
    _queued_on["day"] = today
    return queued


def opened(s: Session, dispute_id: str) -> None:
    row = s.get(Dispute, uuid.UUID(dispute_id))
    if row is not None:
        tell_merchant(s, row, "dispute_opened")
