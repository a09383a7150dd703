"""Who changed what and when, written in the same transaction as the change."""

from __future__ import annotations

from sqlmodel import Session, col, select

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.services.backoffice.tables import AuditEvent
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.events.bus import Event, subscribe
from terminal_shop.services.orders.terms import Fulfilment, OrderStatus
from terminal_shop.services.registrations.terms import RegistrationStatus
from terminal_shop.views import HistoryView
from terminal_shop.vocabulary import Term


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


def history(entity_type: str, entity_id: str) -> tuple[HistoryView, ...]:
    """Newest first, as the detail pages list it."""
    with read_session() as s:
        rows = s.exec(
            select(AuditEvent)
            .where(col(AuditEvent.entity_type) == entity_type, col(AuditEvent.entity_id) == str(entity_id))
            .order_by(col(AuditEvent.created_at).desc(), col(AuditEvent.id).desc())
        )
        return tuple(
            HistoryView.of(r.created_at, r.admin_email, r.action, _label(entity_type, r.old_status),
                           _label(entity_type, r.new_status), r.detail)
            for r in rows
        )  # fmt: skip


# The words each record's statuses are shown in (issue 39.6: never "paid_review -> confirmed").
_TERMS: dict[str, tuple[type[Term], ...]] = {
    "order": (OrderStatus, Fulfilment),
    "merchant": (RegistrationStatus,),
    "device": (DeviceStatus,),
}


def _label(entity_type: str, value: str | None) -> str | None:
    if value is None:
        return None
    for term in _TERMS.get(entity_type, ()):
        if (member := term.parse(value)) is not None:
            return member.label
    return value
