"""Payouts as the ledger makes them (transactions/ledger.py) with what happened to each: its
status, the account it went to, the bank's reference and the amount the acquirer says it sent.
Every screen of payouts (Pencairan, the CSV, the statement, the recap, the reconciliation)
reads them here, so there is one figure and one word for each."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, datetime, time

import sqlalchemy as sa
from sqlmodel import Session, col, select

from terminal_shop.formats import WIB
from terminal_shop.infra.models import utcnow
from terminal_shop.services import working_days
from terminal_shop.services.events.bus import publish
from terminal_shop.services.payouts.events import PayoutSent
from terminal_shop.services.payouts.tables import Payout
from terminal_shop.services.payouts.terms import PayoutStatus
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.transactions import ledger, ledger_reads, settlement
from terminal_shop.services.transactions.ledger import PayoutKey
from terminal_shop.services.transactions.ledger_reads import PayoutSums


@dataclass(frozen=True)
class Booked:
    sums: PayoutSums
    status: PayoutStatus
    account: str  # where it went (or will go): "BCA ••7890"
    reference: str  # the bank's, once sent
    reported: int | None  # what the acquirer says it sent
    arrives_by: datetime  # its day at the acquirer's hour (settlement.Schedule)
    now: datetime  # the moment it was read at: whether it is late is said against it

    @property
    def arrives_text(self) -> str:
        """'Rabu, 2 Des 2026 10.00 WIB'."""
        return f"{working_days.spoken(self.key.day)} {self.arrives_by.strftime('%H.%M')} WIB"

    @property
    def key(self) -> PayoutKey:
        return self.sums.key

    @property
    def pays(self) -> bool:
        """Money is to reach the bank: a net above zero, or the acquirer said it sent some."""
        return self.sums.net > 0 or self.reported is not None

    @property
    def gap(self) -> int:
        """What the acquirer sent less what the ledger says (0 when not said)."""
        return 0 if self.reported is None else self.reported - self.sums.net


def moment(today: date | None) -> datetime:
    """Now; for a given day (a test's, a report's), the start of that day in WIB."""
    return utcnow().astimezone(WIB) if today is None else datetime.combine(today, time(), WIB)


def status_of(row: Payout | None, arrives_by: datetime, now: datetime, nil: bool = False) -> PayoutStatus:
    """Dikirim or Diterima as recorded; `nil`, closed at zero and never sent: Nihil (its
    shortfall carried, ledger.carry_due); not sent: Terlambat once the acquirer's hour of its
    day has passed."""
    stored = PayoutStatus.parse(row.status) if row else None
    if stored in (PayoutStatus.SENT, PayoutStatus.RECEIVED):
        return stored
    if nil:
        return PayoutStatus.NIL
    return PayoutStatus.LATE if now > arrives_by else PayoutStatus.SCHEDULED


def _rows(s: Session, keys: list[PayoutKey]) -> dict[PayoutKey, Payout]:
    p, found = Payout, {}
    for part in ledger_reads.bites([(k.acquirer, k.mid, k.day) for k in keys]):  # a day of 10,000 merchants' payouts
        for r in s.exec(select(p).where(sa.tuple_(col(p.acquirer), col(p.mid), col(p.settle_on)).in_(part))):
            found[PayoutKey(r.acquirer, r.mid, r.settle_on)] = r
    return found


def read(s: Session, found: list[PayoutSums], today: date | None = None) -> list[Booked]:
    """Each payout's sums with its status, account and hour (one query for the rows)."""
    now = moment(today)
    rows = _rows(s, [p.key for p in found])
    plans = settlement.schedules(s)
    accounts: dict[uuid.UUID, str] = {}
    out = []
    for p in found:
        row = rows.get(p.key)
        account = row.account if row and row.account else ""
        if not account and p.merchant_id is not None:
            if p.merchant_id not in accounts:
                accounts[p.merchant_id] = registrations.payout_account(s, p.merchant_id)
            account = accounts[p.merchant_id]
        arrives = plans.get(p.key.acquirer, settlement.DEFAULT).arrives_by(p.key.day)
        out.append(Booked(p, status_of(row, arrives, now, p.closed and p.net <= 0), account, (row.bank_reference or "") if row else "",
                          row.reported_net if row else None, arrives, now))  # fmt: skip
    return out


def of_merchants(s: Session, merchant_ids: list[uuid.UUID], limit: int = 60, today: date | None = None) -> list[Booked]:
    return read(s, ledger_reads.of_merchants(s, merchant_ids, limit=limit), today)


def one(
    s: Session, key: PayoutKey, merchant_ids: list[uuid.UUID] | None = None, today: date | None = None
) -> Booked | None:
    """One payout; None when it has no entries, or is not one of `merchant_ids`' (when given)."""
    found = ledger_reads.of_payout(s, key)
    if found is None or (merchant_ids is not None and found.merchant_id not in merchant_ids):
        return None
    return read(s, [found], today)[0]


def row_for(s: Session, booked: Booked, lock: bool = False) -> Payout:
    """Its stored row, made when something first happens to it (a case, sent, received)."""
    key = booked.key
    row = _rows(s, [key]).get(key)
    if row is None:
        row = Payout(acquirer=key.acquirer, mid=key.mid, settle_on=key.day, merchant_id=booked.sums.merchant_id)
        s.add(row)
        s.flush()
    elif lock:
        s.refresh(row, with_for_update=True)
    return row


def mark_sent(
    s: Session, booked: Booked, reference: str, reported: int | None, at: datetime, actor: str, detail: str
) -> bool:
    """Sent by the acquirer: its entries fixed (ledger.close), the account it went to kept.
    False when it was sent already (one a settlement report marked sent takes the delivery's
    amount and reference still)."""
    row = row_for(s, booked, lock=True)
    if row.status != PayoutStatus.SCHEDULED.value:
        if row.reported_net is not None or reported is None:
            return False
        row.bank_reference, row.reported_net = (
            reference or row.bank_reference,
            reported,
        )  # a report said sent, without how much
        s.add(row)
        return True
    ledger.close(s, booked.key)
    row.status, row.bank_reference, row.reported_net, row.sent_at = (
        PayoutStatus.SENT.value,
        reference or None,
        reported,
        at,
    )
    row.account = booked.account
    s.add(row)
    publish(s, PayoutSent(entity_id=str(row.id), actor=actor, old_status=PayoutStatus.SCHEDULED.value,
                          new_status=PayoutStatus.SENT.value, detail=detail))  # fmt: skip
    return True
