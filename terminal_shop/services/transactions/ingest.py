"""Transactions as they happen, from the acquirer's signed webhook.

The contract (README, Transactions): `POST /api/transaksi/<acquirer>` with a JSON body (one
transaction, or `{"transactions": [...]}`), `X-Terminalku-Timestamp` (Unix seconds) and
`X-Terminalku-Signature: sha256=<hex>`, the HMAC-SHA256 of `<timestamp>.<raw body>` with the
acquirer's secret. Refused: a wrong or missing signature, a timestamp more than 5 minutes
from ours (a replay later than that), a malformed body. Each transaction is kept once per
(acquirer, transaction id); the same id again with "void" or "refund" changes its status.
A TID no active device has is kept for the admin, not lost.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import table_of, utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.services import working_days
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.transactions import agreed, mdr, settlement
from terminal_shop.services.transactions.tables import Acquirer, AgreedRate, RefusedDelivery, Transaction

WINDOW_SECONDS = 300
BATCH_MAX = 1000
STATUSES = ("approved", "void", "refund")
CHANNEL_WORDS = {"debit": "debit", "kredit": "kredit", "credit": "kredit", "qris": "qris"}


class WebhookRefused(Exception):
    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status, self.reason = status, reason


@dataclass(frozen=True)
class Ingested:
    accepted: int
    duplicates: int
    unknown_tid: int
    changed: int  # void or refund of a transaction already kept


def secret_of(code: str, nonce: str) -> str:
    key = get_settings().secret_key.encode()
    return hmac.new(key, f"acquirer:{code}:{nonce}".encode(), hashlib.sha256).hexdigest()


def add_acquirer(code: str, name: str, cutoff_minutes: int = 23 * 60) -> str:
    """A new acquirer; returns its secret, shown once (it can be derived again only with the
    site's key: `rotate` gives a new one)."""
    nonce = secrets.token_hex(16)
    with write_session() as s:
        s.add(
            Acquirer(
                code=code.strip().lower()[:20],
                name=name.strip()[:80],
                secret_nonce=nonce,
                cutoff_minutes=cutoff_minutes,
            )
        )
    return secret_of(code.strip().lower()[:20], nonce)


def sign(secret: str, timestamp: int, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()


def _refuse(code: str, status: int, reason: str) -> WebhookRefused:
    with write_session() as s:
        s.add(RefusedDelivery(acquirer=code[:20], reason=reason[:200]))
    return WebhookRefused(status, reason)


def _checked(code: str, body: bytes, signature: str, timestamp: str, now: float) -> Acquirer:
    with read_session() as s:
        acquirer = s.get(Acquirer, code)
    if acquirer is None:
        raise WebhookRefused(404, "unknown acquirer")
    if not timestamp.isdigit() or abs(now - int(timestamp)) > WINDOW_SECONDS:
        raise _refuse(code, 401, "timestamp missing or more than 5 minutes off")
    expected = sign(secret_of(acquirer.code, acquirer.secret_nonce), int(timestamp), body)
    if not hmac.compare_digest(signature.strip().lower().encode(), expected.encode()):
        raise _refuse(code, 401, "signature does not match")
    return acquirer


def _items(body: bytes, code: str) -> list[dict[str, Any]]:
    try:
        data = json.loads(body)
    except ValueError:
        raise _refuse(code, 400, "body is not JSON") from None
    items = data.get("transactions") if isinstance(data, dict) and "transactions" in data else [data]
    if (
        not isinstance(items, list)
        or not items
        or len(items) > BATCH_MAX
        or not all(isinstance(i, dict) for i in items)
    ):
        raise _refuse(code, 400, f"expected one transaction or up to {BATCH_MAX} in 'transactions'")
    return items


def _parsed(item: dict[str, Any]) -> dict[str, Any]:
    """One transaction's fields, or ValueError naming the first wrong one."""
    channel = CHANNEL_WORDS.get(str(item.get("channel", "")).lower())
    status = str(item.get("status", "")).lower()
    amount = item.get("amount")
    if channel is None or status not in STATUSES or not isinstance(amount, int) or amount <= 0:
        raise ValueError("channel, status or amount")
    occurred = datetime.fromisoformat(str(item["time"]))
    if occurred.tzinfo is None:
        raise ValueError("time needs its UTC offset")
    txn_id, tid = str(item.get("id", "")).strip()[:64], str(item.get("tid", "")).strip().upper()[:16]
    if not txn_id or not tid:
        raise ValueError("id and tid")
    return {"txn_id": txn_id, "tid": tid, "mid": str(item.get("mid", ""))[:20], "occurred_at": occurred,
            "amount": amount, "channel": channel, "status": status, "scheme": str(item.get("scheme") or "")[:40] or None,
            "rrn": str(item.get("rrn") or "")[:24] or None, "approval_code": str(item.get("approval_code") or "")[:12] or None}  # fmt: skip


@dataclass(frozen=True)
class _Terminal:
    """What a TID's fee depends on, read once per delivery."""

    device: Device | None
    micro: bool
    agreed: list[mdr.Rule]


def _terminals_of(s: Session, tids: set[str]) -> dict[str, _Terminal]:
    """Every TID of a delivery in one query: its active device, the merchant's size and the
    rates it agreed (a batch of 100 would otherwise cost 300 round trips)."""
    found: dict[str, _Terminal] = {}
    rows: Any = s.execute(
        sa.select(Device, col(MerchantRegistration.omzet_bulanan), AgreedRate)
        .join(MerchantRegistration, col(MerchantRegistration.id) == col(Device.merchant_id), isouter=True)
        .join(AgreedRate, col(AgreedRate.merchant_id) == col(Device.merchant_id), isouter=True)
        .where(col(Device.tid).in_(tids), col(Device.status) == DeviceStatus.ACTIVE.value)
    ).all()
    for device, omzet, rate in rows:
        tid = str(device.tid)
        if tid not in found:
            micro = mdr.is_micro(omzet) if omzet is not None else True
            found[tid] = _Terminal(device, micro, [])
        if rate is not None:
            found[tid].agreed.append(agreed.rule_of(rate))
    return found


_UNKNOWN = _Terminal(None, True, [])


def _money(fields: dict[str, Any], terminal: _Terminal) -> tuple[int, int]:
    """(MDR, net) as the site computes them for this status."""
    if fields["status"] == "void":
        return 0, 0
    if fields["status"] == "refund":
        return 0, -fields["amount"]
    model = terminal.device.model if terminal.device else None
    fee = mdr.fee(
        fields["channel"],
        model,
        terminal.micro,
        fields["amount"],
        working_days.wib_date(fields["occurred_at"]),
        terminal.agreed,
    )
    return fee, fields["amount"] - fee


def accept(code: str, body: bytes, signature: str, timestamp: str, now: float | None = None) -> Ingested:
    acquirer = _checked(code.strip().lower()[:20], body, signature, timestamp, now if now is not None else time.time())
    items = _items(body, acquirer.code)
    try:
        parsed = [_parsed(i) for i in items]
    except (ValueError, KeyError, TypeError) as exc:
        raise _refuse(acquirer.code, 400, f"a transaction is malformed: {exc}") from None
    try:
        return _store(acquirer, parsed)
    except IntegrityError:  # the same new transaction delivered twice at once: again, it is a duplicate now
        return _store(acquirer, parsed)


def _store(acquirer: Acquirer, parsed: list[dict[str, Any]]) -> Ingested:
    """New rows in one INSERT; a void or refund of a kept transaction changes its row."""
    accepted = duplicates = unknown = changed = 0
    with write_session() as s:
        known: dict[str, str] = dict(s.execute(
            sa.select(col(Transaction.txn_id), col(Transaction.status)).where(
                col(Transaction.acquirer) == acquirer.code, col(Transaction.txn_id).in_([p["txn_id"] for p in parsed]))
        ).all())  # fmt: skip
        terminals = _terminals_of(s, {p["tid"] for p in parsed})
        new: dict[str, dict[str, Any]] = {}
        now = utcnow()
        for fields in parsed:
            terminal = terminals.get(fields["tid"], _UNKNOWN)
            fee, net = _money(fields, terminal)
            txn_id, status = fields["txn_id"], fields["status"]
            if txn_id in new or txn_id in known:
                before = new[txn_id]["status"] if txn_id in new else known[txn_id]
                if before == status or status not in ("void", "refund"):
                    duplicates += 1
                    continue
                if txn_id in new:
                    new[txn_id].update(status=status, mdr=fee, net=net)
                else:
                    s.execute(sa.update(table_of(Transaction))
                              .where(col(Transaction.acquirer) == acquirer.code, col(Transaction.txn_id) == txn_id)
                              .values(status=status, mdr=fee, net=net, changed_at=now))  # fmt: skip
                    known[txn_id] = status
                changed += 1
                continue
            device = terminal.device
            new[txn_id] = {"id": uuid.uuid4(), "acquirer": acquirer.code, "device_id": device.id if device else None,
                           "merchant_id": device.merchant_id if device else None, "mdr": fee, "net": net,
                           "settle_on": settlement.settle_on(fields["occurred_at"], acquirer.cutoff_minutes),
                           "received_at": now, "changed_at": now, "settled_on": None, **fields}  # fmt: skip
            accepted += 1
            unknown += int(device is None)
        if new:
            s.execute(sa.insert(table_of(Transaction)), list(new.values()))
    return Ingested(accepted, duplicates, unknown, changed)
