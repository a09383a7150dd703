"""The outbox as the admin reads it: a record's messages with their fate in words, and
"Kirim ulang" for one of them (the sending itself is outbox.py's)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

import sqlalchemy as sa
from sqlalchemy import Connection
from sqlmodel import col, select

from terminal_shop.formats import wib
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.metrics import Figure
from terminal_shop.infra.models import ERASED, table_of, utcnow
from terminal_shop.services.notifications.tables import WHATSAPP, OutboxMessage
from terminal_shop.services.notifications.terms import MailStatus
from terminal_shop.services.notifications.views import MailView
from terminal_shop.views import Badge


def for_entity(entity_type: str, entity_id: str) -> tuple[MailView, ...]:
    with read_session() as s:
        rows = s.exec(
            select(OutboxMessage)
            .where(col(OutboxMessage.entity_type) == entity_type, col(OutboxMessage.entity_id) == str(entity_id))
            .where(col(OutboxMessage.channel) != WHATSAPP)  # the WhatsApp thread is its own list (whatsapp/inbox.py)
            .order_by(col(OutboxMessage.created_at).desc(), col(OutboxMessage.id).desc())
        ).all()
    lines = []
    for r in rows:
        status = MailStatus.parse(r.status) or MailStatus.PENDING
        at = wib(r.sent_at or r.created_at)
        lines.append(MailView(r.id or 0, at, r.to_addr, r.subject, Badge(status.label, status.tone), failure_words(r)))
    return tuple(lines)


# What the admin reads for what went wrong (issue 39.6: never an exception's text); the row
# keeps the server's own words for the operator (logs, the database).
_WHY = (
    (("SMTPAuthenticationError",), "login ke server e-mail ditolak"),
    (("TimeoutError", "timed out", "SMTPServerDisconnected"), "server e-mail tidak menjawab"),
    (
        ("ConnectionRefusedError", "ConnectionResetError", "gaierror", "OSError", "Errno"),
        "server e-mail tidak terhubung",
    ),
    (("TemporaryFailure", "SMTPResponseException", "SMTPDataError"), "server e-mail menolak untuk sementara"),
)


class Told(Protocol):
    """A message's fate as failure_words reads it (a stored row, or sent.Sent)."""

    @property
    def status(self) -> str: ...
    @property
    def last_error(self) -> str | None: ...
    @property
    def to_addr(self) -> str: ...
    @property
    def next_attempt_at(self) -> datetime: ...


def failure_words(row: Told) -> str:
    """'Gagal terkirim: server e-mail tidak terhubung (dicoba lagi 10.15 WIB)', '' when nothing failed."""
    error = row.last_error or ""
    if not error or row.status == MailStatus.SENT:
        return ""
    if row.status == MailStatus.HELD or row.to_addr == ERASED:
        return error  # our own words (services/privacy/copies.py)
    if error[:3].isdigit():  # the recipient's server refused it: "550 mailbox unavailable"
        why = "alamat penerima ditolak server e-mail"
    elif error.startswith("alamat atau header tidak valid"):
        why = "alamat e-mail tidak valid"
    else:
        why = next((words for marks, words in _WHY if any(m in error for m in marks)), "server e-mail menolak pesan")
    if row.status == MailStatus.PENDING:
        return f"Gagal terkirim: {why} (dicoba lagi {wib(row.next_attempt_at).split(' ', 3)[3]})"
    return f"Gagal terkirim: {why}; tidak dicoba lagi"


def resend(message_id: int, entity_type: str, entity_id: str) -> bool:
    """Puts one message of this record back in the queue ("Kirim ulang")."""
    with write_session() as s:
        row = s.get(OutboxMessage, int(message_id))
        if row is None or (row.entity_type, row.entity_id) != (entity_type, str(entity_id)):
            return False
        if row.to_addr == ERASED or row.status == MailStatus.HELD:  # erased or restricted (services/privacy/copies.py)
            return False
        row.status, row.attempts, row.next_attempt_at, row.last_error = MailStatus.PENDING.value, 0, utcnow(), None
        s.add(row)
    return True


@dataclass(frozen=True)
class OutboxFigures:
    per_status: dict[str, int]  # messages per outbox status
    oldest_pending: datetime | None
    failed_since: int  # messages given up on since the moment asked


def figures(conn: Connection, failed_since: datetime | None = None) -> OutboxFigures:
    """The outbox at a glance (services/health.py: the overview's warning; /metrics below); the
    failures given up on since `failed_since` counted only when it is asked."""
    m = table_of(OutboxMessage).c
    per_status: dict[str, int] = dict(conn.execute(sa.select(m.status, sa.func.count()).group_by(m.status)).all())
    oldest = conn.execute(sa.select(sa.func.min(m.created_at)).where(m.status == MailStatus.PENDING.value)).scalar()
    failed = 0
    if failed_since is not None:
        failed = conn.execute(
            sa.select(sa.func.count()).where(m.status == MailStatus.FAILED.value, m.next_attempt_at >= failed_since)
        ).scalar_one()
    return OutboxFigures({str(k): int(v) for k, v in per_status.items()}, oldest, int(failed))


def operator_figures(conn: Connection, now: datetime) -> Iterator[Figure]:
    """The operator's figures (/metrics): messages by outbox status, the oldest one's wait."""
    outbox = figures(conn)
    for status in MailStatus:
        yield (
            "emails",
            "E-mails in the outbox, by status",
            {"status": status.value},
            outbox.per_status.get(status.value, 0),
        )
    yield "outbox_oldest_pending_seconds", "Age of the oldest e-mail waiting to be sent", {}, waited(outbox, now)


def waited(outbox: OutboxFigures, now: datetime) -> float:
    """Seconds the oldest pending message has waited (0 when nothing waits)."""
    if outbox.oldest_pending is None:
        return 0.0
    oldest = outbox.oldest_pending if outbox.oldest_pending.tzinfo else outbox.oldest_pending.replace(tzinfo=UTC)
    return max(0.0, (now - oldest).total_seconds())
