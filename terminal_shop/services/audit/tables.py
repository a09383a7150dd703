"""The audit area's tables: who changed what (the audit trail) and who looked at what (the
access log). Only ever added to by the site; erasure blanks the person's words in them.
Times are timezone-aware UTC."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import now_field


class AccessEvent(SQLModel, table=True):
    """An admin's look at personal files or data (services/audit/access_log.py): who,
    what, which record and when. Only ever added to: the site has no way to change one."""

    __tablename__ = "access_log"
    __table_args__ = (sa.Index("ix_access_entity", "entity_type", "entity_id", "at"),)

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = now_field()
    admin_email: str = Field(max_length=254)
    action: str = Field(max_length=20)  # terms.AccessAction
    entity_type: str = Field(max_length=20)  # "merchant", "order", or the list a CSV came from
    entity_id: str = Field(max_length=64)
    item: str = Field(max_length=500)  # the documents, the proof, the export's filters


class AuditEvent(SQLModel, table=True):
    __tablename__ = "audit_events"
    __table_args__ = (
        sa.Index("ix_audit_entity", "entity_type", "entity_id", "created_at"),
        sa.Index("ix_audit_action_created", "action", "created_at"),  # the erasures since a moment (privacy)
    )

    id: int | None = Field(default=None, primary_key=True)
    created_at: datetime = now_field()
    admin_email: str = Field(max_length=254)
    action: str = Field(max_length=40)
    entity_type: str = Field(max_length=20)
    entity_id: str = Field(max_length=64)
    old_status: str | None = Field(default=None, max_length=20)
    new_status: str | None = Field(default=None, max_length=20)
    detail: str | None = Field(default=None, sa_type=sa.Text)
