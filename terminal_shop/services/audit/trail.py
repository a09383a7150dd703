"""Who changed what and when (the audit trail), written in the same transaction as the change:
every event whose class names an `action` is an entry (services/events/bus.py). Other areas
read it through `entries` and erasure blanks it through `blank_words`, never its table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, col, select

from terminal_shop.infra.db import write_session
from terminal_shop.services.audit.tables import AuditEvent
from terminal_shop.services.events.bus import Event, subscribe


@dataclass(frozen=True)
class Entry:
    at: datetime
    by: str
    action: str
    old_status: str | None
    new_status: str | None
    detail: str | None


def record(
    session: Session,
    admin_email: str,
    action: str,
    entity_type: str,
    entity_id: str,
    old_status: str | None = None,
    new_status: str | None = None,
    detail: str | None = None,
) -> None:
    session.add(
        AuditEvent(
            admin_email=admin_email,
            action=action,
            entity_type=entity_type,
            entity_id=str(entity_id),
            old_status=old_status,
            new_status=new_status,
            detail=detail,
        )
    )


@subscribe(Event)
def _on_event(s: Session, event: Event) -> None:
    """Every event whose class names an audit `action` is an entry, as the change always wrote."""
    if event.action:
        record(s, event.actor, event.action, event.entity_type, event.entity_id, event.old_status,
               event.new_status, event.detail)  # fmt: skip


def record_alone(admin_email: str, action: str, entity_type: str, entity_id: str, detail: str) -> None:
    """One entry in a transaction of its own (a refused handler changes nothing else)."""
    with write_session() as s:
        record(s, admin_email, action, entity_type, entity_id, detail=detail)


def entries(
    s: Session, entity_type: str, entity_id: str, action: str | None = None, newest_first: bool = False
) -> list[Entry]:
    """A record's entries (of one action, if named), oldest first unless asked otherwise."""
    order = (col(AuditEvent.created_at).desc(), col(AuditEvent.id).desc()) if newest_first else (
        col(AuditEvent.created_at), col(AuditEvent.id))  # fmt: skip
    query = select(AuditEvent).where(col(AuditEvent.entity_type) == entity_type,
                                     col(AuditEvent.entity_id) == str(entity_id))  # fmt: skip
    if action is not None:
        query = query.where(col(AuditEvent.action) == action)
    return [Entry(r.created_at, r.admin_email, r.action, r.old_status, r.new_status, r.detail)
            for r in s.exec(query.order_by(*order))]  # fmt: skip


def entries_of_many(s: Session, entity_type: str, entity_ids: list[str]) -> dict[str, list[Entry]]:
    """Each record's entries, oldest first, in one query (a merchant's devices on its admin page)."""
    found: dict[str, list[Entry]] = {str(i): [] for i in entity_ids}
    if not entity_ids:
        return found
    rows = s.exec(
        select(AuditEvent).where(col(AuditEvent.entity_type) == entity_type, col(AuditEvent.entity_id).in_(list(found)))
        .order_by(col(AuditEvent.created_at), col(AuditEvent.id))
    )  # fmt: skip
    for r in rows:
        found[r.entity_id].append(Entry(r.created_at, r.admin_email, r.action, r.old_status, r.new_status, r.detail))
    return found


def since(s: Session, action: str, moment: datetime) -> list[tuple[str, datetime]]:
    """(record id, when) of every entry of `action` after `moment` (one index lookup)."""
    rows = s.exec(
        select(AuditEvent.entity_id, AuditEvent.created_at)
        .where(col(AuditEvent.action) == action, col(AuditEvent.created_at) > moment)
    ).all()  # fmt: skip
    return [(entity_id, at) for entity_id, at in rows]


def blank_words(s: Session, entity_type: str, entity_id: str, blank: Callable[[str | None], str | None],
                erased: str) -> None:  # fmt: skip
    """Erasure: the person's words taken out of the record's entries (`blank`), an actor who
    was the person left as `erased`."""
    for entry in s.exec(select(AuditEvent).where(col(AuditEvent.entity_type) == entity_type,
                                                 col(AuditEvent.entity_id) == entity_id)):  # fmt: skip
        entry.admin_email, entry.detail = blank(entry.admin_email) or erased, blank(entry.detail)
        s.add(entry)
