"""Transactions as they happen, from the acquirer's signed webhook.

The contract (README, Transactions): `POST /api/transaksi/<acquirer>` with a JSON body (one
transaction, or `{"transactions": [...]}`), `X-Terminalku-Timestamp` (Unix seconds) and
`X-Terminalku-Signature: sha256=<hex>`, the HMAC-SHA256 of `<timestamp>.<raw body>` with the
acquirer's secret. Refused as a whole: a wrong or missing signature, a timestamp more than 5
minutes from ours (a replay later than that: intake/signed.py), a malformed body or item
(contract.py, each bad item named). Each transaction is kept once per (acquirer, transaction id). A void or refund
is checked against what it changes (changes.py, issue 46.4); one that may not apply is
refused for that item, tallied for the admin (intake/tallies.py) and never applied. A TID no active
device has, or a sale whose MID is not the one its TID was activated with, is kept for the
admin and held out of every payout (terms.Hold). Each movement is posted to the ledger
(ledger.py) in the same transaction.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col

from terminal_shop.infra.db import write_session
from terminal_shop.infra.models import table_of, utcnow
from terminal_shop.intake import tallies
from terminal_shop.intake.signed import refuse
from terminal_shop.services import working_days
from terminal_shop.services.devices import units
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.transactions import agreed, contract, ledger, mdr, money, settlement
from terminal_shop.services.transactions.changes import Change, Kept, check_change
from terminal_shop.services.transactions.signers import checked
from terminal_shop.services.transactions.tables import Acquirer, AgreedRate, Refund, Transaction
from terminal_shop.services.transactions.terms import Hold, TxnStatus


@dataclass(frozen=True)
class Ingested:
    accepted: int
    duplicates: int
    unknown_tid: int
    changed: int  # void or refund of a transaction already kept
    refused: list[dict[str, Any]] = field(default_factory=list)  # {"index", "reason"}: items not applied
    held: int = 0  # kept for the admin, in no payout: an unknown TID, or a MID not its TID's


@dataclass(frozen=True)
class _Terminal:
    """What a TID's fee depends on, read once per delivery."""

    device: Any  # a row of devices.units.units(), or None
    micro: bool
    agreed: list[mdr.Rule]


def _terminals_of(s: Session, tids: set[str]) -> dict[str, _Terminal]:
    """Every TID of a delivery in one query: its active device, the merchant's size and the
    rates it agreed (a batch of 100 would otherwise cost 300 round trips)."""
    found: dict[str, _Terminal] = {}
    unit, size = units.units(), registrations.sizes()
    rows: Any = s.execute(
        sa.select(unit, size.c.omzet_bulanan, AgreedRate)
        .join(size, size.c.id == unit.c.merchant_id, isouter=True)
        .join(AgreedRate, col(AgreedRate.merchant_id) == unit.c.merchant_id, isouter=True)
        .where(unit.c.tid.in_(tids), unit.c.status == DeviceStatus.ACTIVE.value)
    ).all()
    for row in rows:
        device, omzet, rate = row, row.omzet_bulanan, row.AgreedRate
        tid = str(device.tid)
        if tid not in found:
            micro = mdr.is_micro(omzet) if omzet is not None else True
            found[tid] = _Terminal(device, micro, [])
        if rate is not None:
            found[tid].agreed.append(agreed.rule_of(rate))
    return found


_UNKNOWN = _Terminal(None, True, [])


def _money(fields: dict[str, Any], terminal: _Terminal) -> tuple[int, str]:
    """The sale's MDR as the site computes it, and the rule's name."""
    model = terminal.device.model if terminal.device else None
    on = working_days.wib_date(fields["occurred_at"])
    return mdr.fee_and_reason(fields["channel"], model, terminal.micro, fields["amount"], on, terminal.agreed)


def accept(
    code: str, body: bytes, signature: str, timestamp: str, now: float | None = None, client: str = ""
) -> Ingested:
    at = now if now is not None else time.time()
    acquirer = checked(code.strip().lower()[:20], body, signature, timestamp, at, client)
    try:
        parsed = contract.parse_all(contract.items_of(body), datetime.fromtimestamp(at, UTC))
    except contract.BadDelivery as bad:
        example = "; ".join(f"#{i.index}: {i.reason}" for i in bad.items[:3])
        raise refuse(acquirer.code, 400, bad.reason, example, bad.items) from None
    try:
        return _store(acquirer, parsed)
    except IntegrityError:  # the same new transaction delivered twice at once: again, it is a duplicate now
        return _store(acquirer, parsed)


def _kept(s: Session, acquirer: str, txn_ids: list[str]) -> dict[str, Kept]:
    """What the delivery's voids and refunds are checked against, in two queries."""
    t = Transaction
    rows: Any = s.execute(
        sa.select(col(t.txn_id), col(t.tid), col(t.amount), col(t.status), col(t.refunded), col(t.fee), col(t.net),
                  col(t.mid), col(t.merchant_id), col(t.held))
        .where(col(t.acquirer) == acquirer, col(t.txn_id).in_(txn_ids))
    ).all()  # fmt: skip
    kept = {
        txn: Kept(tid, amount, status, refunded, set(), fee, net, mid=mid, merchant_id=merchant, held=bool(held))
        for txn, tid, amount, status, refunded, fee, net, mid, merchant, held in rows
    }
    refunds: Any = s.execute(
        sa.select(col(Refund.txn_id), col(Refund.refund_id))
        .where(col(Refund.acquirer) == acquirer, col(Refund.txn_id).in_(list(kept)))
    ).all()  # fmt: skip
    for txn_id, refund_id in refunds:
        kept[txn_id].refund_ids.add(refund_id)
    for txn_id, taken in ledger.charged_back(s, acquirer, list(kept)).items():
        kept[txn_id].charged_back = taken
    return kept


def _apply(
    s: Session, acquirer: Acquirer, fields: dict[str, Any], was: Kept, new: dict[str, dict[str, Any]],
    postings: list[ledger.Posting],
) -> None:  # fmt: skip
    """A checked void or refund, on the row stored earlier or on the one this delivery adds,
    and what it takes back posted (ledger.py says on which payout)."""
    txn_id, status = fields["txn_id"], fields["status"]
    taken = fields["amount"] if status == TxnStatus.REFUND else was.amount - was.refunded
    fee_before, _ = money.after_refund(was.fee, was.amount, was.refunded)
    if status == TxnStatus.REFUND:
        was.refunded += fields["amount"]
        was.refund_ids.add(fields["refund_id"])
        s.add(Refund(acquirer=acquirer.code, txn_id=txn_id, refund_id=fields["refund_id"], amount=fields["amount"],
                     occurred_at=fields["occurred_at"]))  # fmt: skip
    kept_fee, net = money.after_refund(was.fee, was.amount, was.refunded if status == TxnStatus.REFUND else was.amount)
    change = f"refund:{fields['refund_id']}" if status == TxnStatus.REFUND else "void"
    due = settlement.of(acquirer).due_on(fields["occurred_at"])
    postings += ledger.change_postings(acquirer.code, txn_id, was.mid, was.merchant_id, change, taken,
                                       fee_before - kept_fee, fields["occurred_at"], due, was.held)  # fmt: skip
    was.status, was.net = status, net
    values = {"status": status, "mdr": kept_fee, "net": net, "refunded": was.refunded}
    if txn_id in new:
        new[txn_id].update(values)
    else:
        s.execute(sa.update(table_of(Transaction))
                  .where(col(Transaction.acquirer) == acquirer.code, col(Transaction.txn_id) == txn_id)
                  .values(**values, changed_at=utcnow()))  # fmt: skip


def _hold(fields: dict[str, Any], terminal: _Terminal) -> Hold | None:
    """Why a new sale is kept out of every payout: no active device has its TID, or its MID is
    not the one the TID was activated with (an acquirer's mistake would pay one merchant's
    sale to another)."""
    device = terminal.device
    if device is None:
        return Hold.TID
    return Hold.MID if device.mid and device.mid != fields["mid"] else None


def _new_row(acquirer: Acquirer, fields: dict[str, Any], terminal: _Terminal, now: datetime) -> dict[str, Any]:
    fee, reason = _money(fields, terminal)
    hold = _hold(fields, terminal)
    device = None if hold else terminal.device
    row = {k: v for k, v in fields.items() if k != "refund_id"}
    return {"id": uuid.uuid4(), "acquirer": acquirer.code, "device_id": device.id if device else None,
            "merchant_id": device.merchant_id if device else None, "fee": fee, "fee_rule": reason, "mdr": fee,
            "net": fields["amount"] - fee, "refunded": 0, "held": hold.value if hold else "",
            "settle_on": settlement.of(acquirer).due_on(fields["occurred_at"]),
            "received_at": now, "changed_at": now, "settled_on": None, **row}  # fmt: skip


def _store(acquirer: Acquirer, parsed: list[dict[str, Any]]) -> Ingested:
    """New rows in one INSERT; a checked void or refund of a kept transaction changes its row;
    every movement posted to the ledger at the end, in the order it came."""
    accepted = duplicates = unknown = changed = held = 0
    refusals: list[dict[str, Any]] = []
    postings: list[ledger.Posting] = []
    with write_session() as s:
        kept = _kept(s, acquirer.code, [p["txn_id"] for p in parsed])
        terminals = _terminals_of(s, {p["tid"] for p in parsed})
        new: dict[str, dict[str, Any]] = {}
        now = utcnow()
        for index, fields in enumerate(parsed):
            txn_id = fields["txn_id"]
            if fields["status"] == TxnStatus.APPROVED and txn_id not in kept:
                terminal = terminals.get(fields["tid"], _UNKNOWN)
                new[txn_id] = row = _new_row(acquirer, fields, terminal, now)
                kept[txn_id] = Kept(fields["tid"], fields["amount"], TxnStatus.APPROVED.value, 0, set(), row["fee"],
                                    row["net"], mid=fields["mid"], merchant_id=row["merchant_id"], held=bool(row["held"]))  # fmt: skip
                postings += ledger.sale_postings(acquirer.code, row, held=bool(row["held"]))
                accepted += 1
                unknown += int(terminal.device is None)
                held += int(bool(row["held"]))
                continue
            verdict = check_change(kept.get(txn_id), fields)
            if verdict is Change.APPLY:
                _apply(s, acquirer, fields, kept[txn_id], new, postings)
                changed += 1
            elif verdict is Change.DUPLICATE:
                duplicates += 1
            else:
                refusals.append({"index": index, "reason": verdict.value})
                tallies.record(acquirer.code, verdict.value, f"#{index}: {txn_id} (TID {fields['tid']})", s)
        if new:
            s.execute(sa.insert(table_of(Transaction)), list(new.values()))
        ledger.post(s, postings)
    return Ingested(accepted, duplicates, unknown, changed, refusals, held)
