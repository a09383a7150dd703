"""What each merchant account (MID) is owed, as one ledger (issue 59): every movement of money
is one entry (a sale, its MDR, a refund and the MDR it returns, a void, a chargeback, an
admin's correction), and each entry belongs to exactly one payout of its MID, (acquirer, MID,
day), or to none while it is held for the admin. A payout's figures are its entries summed,
always, by every screen through `sums`.

Posting: an entry goes to the payout it is due on (a sale's settlement day, H+1); once that
payout is sent (`close`) nothing more lands on it, and the entry goes to the next working
day's payout not yet sent (a late sale, a refund after the payout, a chargeback). A refund or
void of a sale whose payout is still open lands on that same payout, so the refunded part is
simply not paid out. Entries are never edited; `source` names each once, so a replayed
delivery posts nothing twice. Posting and closing one MID take the same lock (PostgreSQL's
advisory lock; SQLite has one writer), so an entry never lands on a payout being sent."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, func

from terminal_shop.infra.db import insert_new, write_session
from terminal_shop.infra.models import table_of, utcnow
from terminal_shop.services import working_days
from terminal_shop.services.transactions import settlement
from terminal_shop.services.transactions.tables import Acquirer, LedgerClosing, LedgerEntry
from terminal_shop.services.transactions.terms import EntryKind

E = LedgerEntry


@dataclass(frozen=True)
class PayoutKey:
    """One payout: "bri:000885012345678:2026-12-01" in a URL or a tab's state."""

    acquirer: str
    mid: str
    day: date

    @property
    def text(self) -> str:
        return f"{self.acquirer}:{self.mid}:{self.day.isoformat()}"

    @classmethod
    def parse(cls, text: object) -> PayoutKey | None:
        parts = str(text or "").split(":")
        if len(parts) != 3 or not parts[0] or not parts[1] or len(parts[0]) > 20 or len(parts[1]) > 20:
            return None
        try:
            return cls(parts[0], parts[1], date.fromisoformat(parts[2]))
        except ValueError:
            return None


@dataclass(frozen=True)
class Posting:
    """An entry to post; `with_sale`: a refund or void, which stays on its sale's payout while
    that one is open; `held`: kept out of every payout."""

    acquirer: str
    mid: str
    merchant_id: uuid.UUID | None
    kind: EntryKind
    amount: int
    txn_id: str
    source: str
    occurred_at: datetime
    due_on: date
    note: str = ""
    posted_by: str = ""
    with_sale: bool = False
    held: bool = False


def _lock(s: Session, acquirer: str, mid: str) -> None:
    if s.get_bind().dialect.name == "postgresql":
        s.execute(sa.text("SELECT pg_advisory_xact_lock(hashtext(:k))"), {"k": f"ledger:{acquirer}:{mid}"})


def _closed(s: Session, acquirer: str, mid: str, since: date) -> set[date]:
    c = LedgerClosing
    return set(s.exec(sa.select(col(c.payout_on)).where(  # type: ignore[call-overload]
        col(c.acquirer) == acquirer, col(c.mid) == mid, col(c.payout_on) >= since)).scalars())  # fmt: skip


def _open_from(day: date, closed: set[date], schedule: settlement.Schedule) -> date:
    while day in closed:
        day = schedule.next_day(day)
    return day


def _sale_payouts(s: Session, acquirer: str, txn_ids: list[str]) -> dict[str, date | None]:
    rows: Any = s.execute(
        sa.select(col(E.txn_id), col(E.payout_on))
        .where(col(E.acquirer) == acquirer, col(E.txn_id).in_(txn_ids), col(E.kind) == EntryKind.SALE.value)
    ).all()  # fmt: skip
    return dict(rows)


def post(s: Session, postings: Iterable[Posting]) -> int:
    """The entries not posted before (by `source`), each on its payout; how many were new."""
    wanted = list(postings)
    if not wanted:
        return 0
    seen: set[str] = set()
    sources = [p.source for p in wanted]
    for i in range(0, len(sources), 500):
        seen |= set(s.exec(sa.select(col(E.source)).where(col(E.source).in_(sources[i : i + 500]))).scalars())  # type: ignore[call-overload]
    rows: list[dict[str, Any]] = []
    by_mid: dict[tuple[str, str], list[Posting]] = {}
    for p in wanted:
        if p.source not in seen:
            seen.add(p.source)
            by_mid.setdefault((p.acquirer, p.mid), []).append(p)
    now = utcnow()
    for (acquirer, mid), group in sorted(by_mid.items()):
        _lock(s, acquirer, mid)
        schedule = settlement.of(s.get(Acquirer, acquirer))
        sale_on = _sale_payouts(s, acquirer, list({p.txn_id for p in group if p.with_sale}))
        closed = _closed(s, acquirer, mid, min([p.due_on for p in group] + [d for d in sale_on.values() if d]))
        for p in group:
            on = _payout_for(p, closed, sale_on, schedule)
            if p.kind is EntryKind.SALE and not p.held:
                sale_on[p.txn_id] = on
            rows.append({"acquirer": acquirer, "mid": mid, "merchant_id": p.merchant_id, "kind": p.kind.value,
                         "amount": p.amount, "txn_id": p.txn_id, "source": p.source[:160], "occurred_at": p.occurred_at,
                         "due_on": p.due_on, "payout_on": on, "note": p.note[:200], "posted_by": p.posted_by[:254],
                         "posted_at": now})  # fmt: skip
    if rows:
        s.execute(sa.insert(table_of(LedgerEntry)), rows)
    return len(rows)


def _payout_for(
    p: Posting, closed: set[date], sale_on: dict[str, date | None], schedule: settlement.Schedule
) -> date | None:
    if p.held:
        return None
    if p.with_sale:
        if p.txn_id in sale_on and sale_on[p.txn_id] is None:
            return None  # its sale is held: so is what changes it
        on = sale_on.get(p.txn_id)
        if on is not None and on not in closed:
            return on
    return _open_from(p.due_on, closed, schedule)


def close(s: Session, key: PayoutKey) -> bool:
    """The payout sent: what lands later goes to the next one. False when it was closed already."""
    _lock(s, key.acquirer, key.mid)
    done: Any = s.execute(insert_new(s, table_of(LedgerClosing), ["acquirer", "mid", "payout_on"])
                          .values(acquirer=key.acquirer, mid=key.mid, payout_on=key.day, closed_at=utcnow()))  # fmt: skip
    return bool(done.rowcount)


# --- what a delivery posts --------------------------------------------------------------


def sale_postings(acquirer: str, row: dict[str, Any], held: bool) -> list[Posting]:
    """A new sale: its amount, and its MDR taken."""
    base = Posting(acquirer, row["mid"], row["merchant_id"], EntryKind.SALE, row["amount"], row["txn_id"],
                   f"{acquirer}:{row['txn_id']}:sale", row["occurred_at"], row["settle_on"], held=held)  # fmt: skip
    fee = replace(base, kind=EntryKind.MDR, amount=-row["fee"], source=f"{acquirer}:{row['txn_id']}:mdr")
    return [base, fee] if row["fee"] else [base]


def change_postings(
    acquirer: str, txn_id: str, mid: str, merchant_id: uuid.UUID | None, change: str,
    taken: int, mdr_back: int, at: datetime, due_on: date, held: bool,
) -> list[Posting]:  # fmt: skip
    """A refund (`change` "refund:<id>") or a void ("void") of a kept sale: what goes back to
    the cardholder (`taken`, positive) and the MDR returned with it."""
    kind = EntryKind.VOID if change == "void" else EntryKind.REFUND
    base = Posting(acquirer, mid, merchant_id, kind, -taken, txn_id, f"{acquirer}:{txn_id}:{change}", at, due_on,
                   with_sale=True, held=held)  # fmt: skip
    back = replace(base, kind=EntryKind.MDR_BACK, amount=mdr_back, source=f"{base.source}:mdr")
    return [p for p in (base, back) if p.amount]


def chargeback(
    s: Session, acquirer: str, mid: str, merchant_id: uuid.UUID | None, txn_id: str, amount: int, source: str,
    note: str, today: date | None = None,
) -> int:  # fmt: skip
    """A lost dispute, debited on the next payout day's payout not yet sent."""
    due = settlement.of(s.get(Acquirer, acquirer)).next_day(today or working_days.today_wib())
    return post(s, [Posting(acquirer, mid, merchant_id, EntryKind.CHARGEBACK, -amount, txn_id, source, utcnow(), due,
                            note=note)])  # fmt: skip


def correct(
    s: Session, acquirer: str, mid: str, merchant_id: uuid.UUID | None, amount: int, reason: str, by: str,
    today: date | None = None,
) -> date | None:  # fmt: skip
    """An admin's correction (signed), on the next payout not yet sent; its reason is what the
    merchant reads in the breakdown. The payout day it landed on."""
    source = f"koreksi:{uuid.uuid4()}"
    due = settlement.of(s.get(Acquirer, acquirer)).on_or_after(today or working_days.today_wib())
    post(s, [Posting(acquirer, mid, merchant_id, EntryKind.CORRECTION, amount, "", source, utcnow(), due, note=reason,
                     posted_by=by)])  # fmt: skip
    landed: date | None = s.execute(sa.select(col(E.payout_on)).where(col(E.source) == source)).scalar()
    return landed


def carry_due(today: date | None = None) -> int:
    """Each payout whose day has come and whose entries sum below zero (a refund or chargeback
    larger than the day's sales) pays nothing: what it is short is taken from the MID's first
    payout after today not yet sent, as acquirers net it. Two entries say so, one on each, and the payout
    closes at zero. How many were carried this round (the background runs it every few minutes)."""
    today = today or working_days.today_wib()
    carried = 0
    with write_session() as s:
        short: Any = s.execute(
            sa.select(col(E.acquirer), col(E.mid), col(E.payout_on), func.max(sa.cast(col(E.merchant_id), sa.String)))
            .where(col(E.payout_on) <= today, ~closed_exists())
            .group_by(col(E.acquirer), col(E.mid), col(E.payout_on)).having(func.sum(E.amount) < 0)
        ).all()  # fmt: skip
        for acquirer, mid, day, merchant in short:
            carried += _carry(s, PayoutKey(acquirer, mid, day), uuid.UUID(merchant) if merchant else None, today)
    return carried


def closed_exists() -> Any:
    """SQL: the entry's payout was sent (or carried): nothing more lands on it."""
    c = LedgerClosing
    return sa.exists().where(col(c.acquirer) == col(E.acquirer), col(c.mid) == col(E.mid),
                             col(c.payout_on) == col(E.payout_on))  # fmt: skip


def _carry(s: Session, key: PayoutKey, merchant_id: uuid.UUID | None, today: date) -> int:
    _lock(s, key.acquirer, key.mid)
    net = s.execute(sa.select(func.sum(E.amount)).where(
        col(E.acquirer) == key.acquirer, col(E.mid) == key.mid, col(E.payout_on) == key.day)).scalar() or 0  # fmt: skip
    if net >= 0 or key.day in _closed(s, key.acquirer, key.mid, key.day):
        return 0  # another worker carried it a moment before
    schedule = settlement.of(s.get(Acquirer, key.acquirer))
    start = schedule.next_day(today)  # the next payout still to come (one passed unpaid would be carried again)
    later = _open_from(start, _closed(s, key.acquirer, key.mid, start), schedule)
    at, source = utcnow(), f"saldo:{key.text}"
    post(s, [
        Posting(key.acquirer, key.mid, merchant_id, EntryKind.CARRY, -net, "", f"{source}:keluar", at, key.day,
                note=f"Dipotong dari pencairan {working_days.spoken(later)}"),
        Posting(key.acquirer, key.mid, merchant_id, EntryKind.CARRY, net, "", f"{source}:masuk", at, later,
                note=f"Sisa potongan pencairan {working_days.spoken(key.day)}"),
    ])  # fmt: skip
    close(s, key)
    return 1


def merchant_of_mid(s: Session, acquirer: str, mid: str) -> uuid.UUID | None:
    """Whose this MID's payouts are (its latest counted entry's merchant)."""
    found = s.execute(
        sa.select(col(E.merchant_id)).where(col(E.acquirer) == acquirer, col(E.mid) == mid, col(E.payout_on).is_not(None))
        .order_by(col(E.id).desc()).limit(1)
    ).scalar()  # fmt: skip
    return uuid.UUID(str(found)) if found else None


def charged_back(s: Session, acquirer: str, txn_ids: list[str]) -> dict[str, int]:
    """What lost disputes took from each of these sales so far (positive)."""
    if not txn_ids:
        return {}
    rows: Any = s.execute(
        sa.select(col(E.txn_id), func.sum(E.amount))
        .where(col(E.acquirer) == acquirer, col(E.txn_id).in_(txn_ids), col(E.kind) == EntryKind.CHARGEBACK.value)
        .group_by(col(E.txn_id))
    ).all()  # fmt: skip
    return {txn: -int(total or 0) for txn, total in rows}


def holds_mid(s: Session, acquirer: str, mid: str) -> bool:
    """Whether this acquirer ever posted for this MID."""
    found = s.execute(sa.select(col(E.id)).where(col(E.acquirer) == acquirer, col(E.mid) == mid).limit(1)).first()
    return found is not None


def release(
    s: Session, acquirer: str, mid: str, txn_id: str, merchant_id: uuid.UUID, today: date | None = None
) -> date:
    """A held sale's entries (pending: in no payout yet) given their merchant and the next payout
    of its MID not yet sent, from today on; the payout day."""
    _lock(s, acquirer, mid)
    schedule = settlement.of(s.get(Acquirer, acquirer))
    start = schedule.on_or_after(today or working_days.today_wib())
    day = _open_from(start, _closed(s, acquirer, mid, start), schedule)
    s.execute(sa.update(table_of(LedgerEntry))
              .where(col(E.acquirer) == acquirer, col(E.txn_id) == txn_id, col(E.payout_on).is_(None))
              .values(payout_on=day, merchant_id=merchant_id))  # fmt: skip
    return day
