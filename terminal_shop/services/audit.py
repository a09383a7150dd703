"""Who changed what and when, written in the same transaction as the change."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, select

from terminal_shop.db import read_session
from terminal_shop.models import AuditEvent


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


@dataclass(frozen=True)
class HistoryLine:
    at: datetime
    admin_email: str
    action: str
    old_status: str | None
    new_status: str | None
    detail: str | None


def history(entity_type: str, entity_id: str) -> list[HistoryLine]:
    with read_session() as s:
        rows = s.exec(
            select(AuditEvent)
            .where(AuditEvent.entity_type == entity_type, AuditEvent.entity_id == str(entity_id))
            .order_by(AuditEvent.created_at.desc(), AuditEvent.id.desc())
        )
        return [HistoryLine(r.created_at, r.admin_email, r.action, r.old_status, r.new_status, r.detail) for r in rows]
