"""The transactional outbox: e-mails are rows written in the same transaction as the change
they tell of, and a sender delivers them later.

- Nothing is lost when SMTP is down or a process dies: rows stay pending and go out later.
- One row per event (`key`), however often the change is retried.
- Several senders may run at once: each claims its rows (FOR UPDATE SKIP LOCKED on
  PostgreSQL; SQLite serialises writers) and leases them for a while before delivering.
- A refused recipient is marked failed with the server's reason and never retried; other
  failures are retried with a growing wait, up to MAX_ATTEMPTS.
Each row is delivered by its channel's plug-in (notifications/channels.py): e-mail's is
notifications/email.py, WhatsApp's whatsapp/channel.py.
"""

from __future__ import annotations

import base64
import logging
import smtplib
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import Session, col, func, select

from terminal_shop.infra import logs
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.notifications.tables import EMAIL as EMAIL  # the e-mail channel's name, for its plug-in
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.notifications.terms import MailStatus

log = logging.getLogger(__name__)
LEASE = timedelta(minutes=5)  # a claimed row is left alone this long by other senders
MAX_ATTEMPTS = 8
BATCH = 20


@dataclass(frozen=True)
class Mail:
    to: str
    subject: str
    text: str
    html: str
    png: bytes | None = None  # one inline-able picture, e.g. the order's QRIS
    pdf: bytes | None = None  # one document, e.g. the invoice
    pdf_name: str = ""


@dataclass(frozen=True)
class Queued:
    """A row as its channel sends it: channels see the message, never the table."""

    id: int
    key: str
    mail: Mail


def _queued(row: OutboxMessage) -> Queued:
    png = base64.b64decode(row.attachment_png) if row.attachment_png else None
    pdf = base64.b64decode(row.attachment_pdf) if row.attachment_pdf else None
    mail = Mail(row.to_addr, row.subject, row.body_text, row.body_html, png, pdf, row.attachment_pdf_name or "")
    return Queued(row.id or 0, row.key, mail)


def enqueue(s: Session, key: str, entity_type: str, entity_id: str, mail: Mail, channel: str = EMAIL) -> bool:
    """Adds the message to the caller's transaction, once per `key`: the one writer of outbox
    rows, for every channel (issue 51.2). On a channel other than e-mail `mail.text` is what
    that channel's sender reads (WhatsApp: the template and its parameters as JSON) and
    `mail.html` what the admin reads. False when a row with that key was there already."""
    if s.exec(select(OutboxMessage.id).where(col(OutboxMessage.key) == key)).first() is not None:
        return False
    s.add(
        OutboxMessage(
            key=key[:120],
            channel=channel,
            entity_type=entity_type,
            entity_id=str(entity_id),
            to_addr=mail.to,
            subject=mail.subject[:200],
            body_text=mail.text,
            body_html=mail.html,
            attachment_png=base64.b64encode(mail.png).decode() if mail.png else None,
            attachment_pdf=base64.b64encode(mail.pdf).decode() if mail.pdf else None,
            attachment_pdf_name=mail.pdf_name[:60] or None,
            request_id=logs.request_id() or None,
        )
    )
    return True


def sent_to_since(s: Session, channel: str, address: str, since: datetime) -> int:
    """How many messages were queued for `address` on `channel` from `since` on (a channel's
    own daily limit asks)."""
    return s.exec(
        select(func.count()).select_from(OutboxMessage)
        .where(col(OutboxMessage.channel) == channel, col(OutboxMessage.to_addr) == address,
               col(OutboxMessage.created_at) >= since)
    ).one()  # fmt: skip


def written_since(s: Session, key_prefix: str, since: datetime) -> bool:
    """Whether a message whose key starts with `key_prefix` was queued from `since` on (a
    caller that tells at most once a day asks)."""
    found = s.exec(
        select(OutboxMessage.id).where(
            col(OutboxMessage.key).startswith(key_prefix), col(OutboxMessage.created_at) >= since
        )
    ).first()
    return found is not None


class TemporaryFailure(Exception):
    """Worth another try later (a channel's throttling, its server's own failure)."""


class PermanentFailure(Exception):
    """The server refused this message for good (e.g. an unknown recipient)."""


def deliver(row: OutboxMessage) -> str | None:
    """Sends one row on its channel (notifications/channels.py): the provider's message id
    where there is one. A row whose channel is no longer plugged in is refused for good."""
    from terminal_shop.services.notifications import channels  # the registry imports this module

    channel = channels.channel(row.channel)
    if channel is None:
        raise PermanentFailure(f"saluran {row.channel!r} tidak terpasang")
    return channel.send(_queued(row))


def _retry_after(row: OutboxMessage) -> timedelta | None:
    from terminal_shop.services.notifications import channels

    channel = channels.channel(row.channel)
    return channel.retry_after(row.attempts) if channel else None


def standard_retry(attempts: int) -> timedelta | None:
    """A growing wait, up to MAX_ATTEMPTS tries: what e-mail and WhatsApp both use."""
    return backoff(attempts) if attempts < MAX_ATTEMPTS else None


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


def backoff(attempts: int) -> timedelta:
    return timedelta(seconds=min(30 * 2 ** (attempts - 1), 3600))


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


def send_now(key: str) -> OutboxMessage | None:
    """Delivers the pending message `key` while an admin waits for the answer: the message as
    it stands after the attempt (mail_log.failure_words says how it went, in words)."""
    for row in _claim(utcnow(), 1, col(OutboxMessage.key) == key):  # not one another sender holds
        _send_one(row)
    with read_session() as s:
        return s.exec(select(OutboxMessage).where(col(OutboxMessage.key) == key)).first()
