"""What was sent about a record, as other areas read it (issue 51.1: the outbox's door; no
area imports its table): a record's messages, the provider's ids of one channel's, and the
delivery status a channel reports back."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from terminal_shop.services.notifications.tables import OutboxMessage


@dataclass(frozen=True)
class Sent:
    """A message as others read it (its fields named as the outbox stores them)."""

    key: str
    created_at: datetime
    channel: str
    to_addr: str
    subject: str
    body_html: str  # what the admin reads (a WhatsApp row: the text as the person reads it)
    status: str  # terms.MailStatus
    last_error: str | None
    delivery: str | None  # the channel's own report: sent, delivered, read, failed
    sent_at: datetime | None
    next_attempt_at: datetime


def of_row(r: OutboxMessage) -> Sent:
    return Sent(r.key, r.created_at, r.channel, r.to_addr, r.subject, r.body_html, r.status, r.last_error,
                r.delivery, r.sent_at, r.next_attempt_at)  # fmt: skip


def of_record(s: Session, entity_type: str, entity_id: str, channel: str | None = None) -> list[Sent]:
    """The record's messages (of one channel, if named), oldest first."""
    query = select(OutboxMessage).where(col(OutboxMessage.entity_type) == entity_type,
                                        col(OutboxMessage.entity_id) == str(entity_id))  # fmt: skip
    if channel is not None:
        query = query.where(col(OutboxMessage.channel) == channel)
    return [of_row(r) for r in s.exec(query.order_by(col(OutboxMessage.created_at), col(OutboxMessage.id)))]


def by_keys(s: Session, keys: list[str]) -> list[Sent]:
    """The messages written under these keys (one event each), newest first."""
    if not keys:
        return []
    query = select(OutboxMessage).where(col(OutboxMessage.key).in_(keys))
    return [of_row(r) for r in s.exec(query.order_by(col(OutboxMessage.created_at).desc()))]


def provider_ids(entity_type: str, entity_id: str, channel: str) -> Any:
    """The provider's ids of one channel's messages about a record, as a subquery (`IN`)."""
    return select(OutboxMessage.provider_id).where(
        col(OutboxMessage.entity_type) == entity_type, col(OutboxMessage.entity_id) == str(entity_id),
        col(OutboxMessage.channel) == channel, col(OutboxMessage.provider_id).is_not(None))  # fmt: skip


def delivery_of(s: Session, provider_id: str) -> tuple[bool, str | None]:
    """Whether a message has that provider's id, and the delivery status it holds (locked
    till the caller's commit: reports of one message arrive close together)."""
    row = s.exec(select(OutboxMessage).where(col(OutboxMessage.provider_id) == provider_id).with_for_update()).first()
    return (row is not None, row.delivery if row else None)


def set_delivery(s: Session, provider_id: str, state: str, error: str | None = None) -> None:
    row = s.exec(select(OutboxMessage).where(col(OutboxMessage.provider_id) == provider_id)).first()
    if row is None:
        return
    row.delivery = state
    if error is not None:
        row.last_error = error[:1000]
    s.add(row)
