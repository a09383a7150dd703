"""The outbox's sender: claims the due rows, hands each to its channel's plug-in
(notifications/channels.py) and records how it went (notifications/outbox.py says why rows).

- Several senders may run at once: each claims its rows (FOR UPDATE SKIP LOCKED on
  PostgreSQL; SQLite serialises writers) and leases them for a while before delivering.
- A refused recipient is marked failed with the server's reason and never retried; other
  failures are retried as the channel says (a growing wait, up to outbox.MAX_ATTEMPTS).
"""

from __future__ import annotations

import logging
import smtplib
import time
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import col, select

from terminal_shop.infra import logs
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.notifications import channels, sent
from terminal_shop.services.notifications.outbox import PermanentFailure, TemporaryFailure, queued
from terminal_shop.services.notifications.sent import Sent
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.notifications.terms import MailStatus

log = logging.getLogger(__name__)
LEASE = timedelta(minutes=5)  # a claimed row is left alone this long by other senders
BATCH = 20


def deliver(row: OutboxMessage) -> str | None:
    """Sends one row on its channel (notifications/channels.py): the provider's message id
    where there is one. A row whose channel is no longer plugged in is refused for good."""
    channel = channels.channel(row.channel)
    if channel is None:
        raise PermanentFailure(f"saluran {row.channel!r} tidak terpasang")
    return channel.send(queued(row))


def _retry_after(row: OutboxMessage) -> timedelta | None:
    channel = channels.channel(row.channel)
    return channel.retry_after(row.attempts) if channel else None


def _claim(now: datetime, limit: int, *only: Any) -> list[OutboxMessage]:
    """Takes up to `limit` due rows for this sender (`only`: further conditions), leasing
    them so no other sender does."""
    with write_session() as s:
        rows = s.exec(
            select(OutboxMessage)
            .where(col(OutboxMessage.status) == MailStatus.PENDING, col(OutboxMessage.next_attempt_at) <= now, *only)
            .order_by(col(OutboxMessage.id))
            .limit(limit)
            .with_for_update(skip_locked=True)
        ).all()
        for row in rows:
            row.attempts += 1
            row.next_attempt_at = now + LEASE
            s.add(row)
    return list(rows)


def _record(
    row_id: int | None, status: MailStatus, error: str | None, retry_at: datetime | None, provider_id: str | None = None
) -> None:
    with write_session() as s:
        row = s.get(OutboxMessage, row_id)
        assert row is not None, row_id
        row.status = status.value
        row.last_error = error
        row.provider_id = provider_id or row.provider_id
        if status is MailStatus.SENT:
            row.sent_at = utcnow()
        if status is MailStatus.FAILED:
            row.next_attempt_at = utcnow()  # given up: when (services/health.py counts recent ones)
        elif retry_at:
            row.next_attempt_at = retry_at
        s.add(row)


def drain(budget: timedelta = timedelta(seconds=30)) -> int:
    """Batch after batch until nothing is due or `budget` has passed: a thousand messages
    queued at once go out in one round (WhatsApp's own pace: whatsapp/cloud_api.py)."""
    end, sent = utcnow() + budget, 0
    while utcnow() < end:
        claimed, went = _round(BATCH)
        sent += went
        if claimed < BATCH:
            break
    return sent


def send_pending(limit: int = BATCH) -> int:
    """Delivers one batch of the due messages; returns how many went out."""
    return _round(limit)[1]


def _round(limit: int) -> tuple[int, int]:
    """(claimed, sent) of one batch."""
    rows = _claim(utcnow(), limit)
    sent = 0
    for row in rows:
        with logs.request_context(row.request_id):
            sent += _send_one(row)
    return len(rows), sent


def _send_one(row: OutboxMessage) -> int:
    """1 when the message went out; its outcome is recorded either way."""
    try:
        provider_id = deliver(row)
    except PermanentFailure as exc:
        log.warning("e-mail %s refused: %s", row.key, exc)
        _record(row.id, MailStatus.FAILED, str(exc)[:1000], None)
    except (OSError, smtplib.SMTPException, TemporaryFailure) as exc:
        wait = _retry_after(row)
        log.warning("e-mail %s not sent (attempt %d): %s", row.key, row.attempts, exc)
        status = MailStatus.PENDING if wait else MailStatus.FAILED
        _record(row.id, status, f"{type(exc).__name__}: {exc}"[:1000], utcnow() + (wait or timedelta()))
    else:
        _record(row.id, MailStatus.SENT, None, None, provider_id)
        log.info("e-mail %s sent", row.key)
        return 1
    return 0


def send_now(key: str, wait: float = 20.0) -> Sent | None:
    """Delivers the pending message `key` while an admin waits for the answer: the message as
    it stands after the attempt (mail_log.failure_words says how it went, in words). When a
    worker's sender took it a moment before (its lease just begun), waits up to `wait` seconds
    for that attempt's outcome rather than answering "pending" as if it had gone."""
    claimed = _claim(utcnow(), 1, col(OutboxMessage.key) == key)
    for row in claimed:
        _send_one(row)
    deadline = time.monotonic() + wait
    while True:
        with read_session() as s:
            found = next(iter(sent.by_keys(s, [key])), None)
        if claimed or found is None or not _in_flight(found) or time.monotonic() > deadline:
            return found
        time.sleep(0.2)


def _in_flight(message: Sent) -> bool:
    """Pending and leased by a sender within the last minute: its attempt is under way."""
    return message.status == MailStatus.PENDING and message.next_attempt_at > utcnow() + LEASE - timedelta(minutes=1)
