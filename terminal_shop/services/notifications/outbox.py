"""The transactional outbox: messages are rows written in the same transaction as the change
they tell of, and a sender (notifications/sender.py) delivers them later, each through its
channel's plug-in (notifications/channels.py).

- Nothing is lost when SMTP is down or a process dies: rows stay pending and go out later.
- One row per event (`key`), however often the change is retried.
"""

from __future__ import annotations

import base64
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import Session, col, func, select

from terminal_shop.infra import logs
from terminal_shop.infra.db import insert_new
from terminal_shop.infra.models import table_of, utcnow
from terminal_shop.services.notifications.tables import EMAIL as EMAIL  # the e-mail channel's name, for its plug-in
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.notifications.terms import MailStatus

log = logging.getLogger(__name__)
MAX_ATTEMPTS = 8


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


def queued(row: OutboxMessage) -> Queued:
    """A stored row as its channel sends it (notifications/sender.py)."""
    png = base64.b64decode(row.attachment_png) if row.attachment_png else None
    pdf = base64.b64decode(row.attachment_pdf) if row.attachment_pdf else None
    mail = Mail(row.to_addr, row.subject, row.body_text, row.body_html, png, pdf, row.attachment_pdf_name or "")
    return Queued(row.id or 0, row.key, mail)


def enqueue(s: Session, key: str, entity_type: str, entity_id: str, mail: Mail, channel: str = EMAIL) -> bool:
    """Adds the message to the caller's transaction, once per `key`: the one writer of outbox
    rows, for every channel (issue 51.2). On a channel other than e-mail `mail.text` is what
    that channel's sender reads (WhatsApp: the template and its parameters as JSON) and
    `mail.html` what the admin reads. False when a row with that key was there already."""
    table, now = table_of(OutboxMessage), utcnow()
    row = {
        "key": key[:120], "channel": channel, "entity_type": entity_type, "entity_id": str(entity_id),
        "to_addr": mail.to, "subject": mail.subject[:200], "body_text": mail.text, "body_html": mail.html,
        "attachment_png": base64.b64encode(mail.png).decode() if mail.png else None,
        "attachment_pdf": base64.b64encode(mail.pdf).decode() if mail.pdf else None,
        "attachment_pdf_name": mail.pdf_name[:60] or None, "request_id": logs.request_id() or None,
        "status": MailStatus.PENDING.value, "attempts": 0, "created_at": now, "next_attempt_at": now,
    }  # fmt: skip
    # One statement: the unique key refuses a second row (a checkout's notices ran a SELECT each before).
    written = s.execute(insert_new(s, table, ["key"]).values(**row).returning(table.c.id)).first()
    return written is not None


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


def standard_retry(attempts: int) -> timedelta | None:
    """A growing wait, up to MAX_ATTEMPTS tries: what e-mail and WhatsApp both use."""
    return backoff(attempts) if attempts < MAX_ATTEMPTS else None


def backoff(attempts: int) -> timedelta:
    return timedelta(seconds=min(30 * 2 ** (attempts - 1), 3600))
