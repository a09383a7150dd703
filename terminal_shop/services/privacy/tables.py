"""The privacy area's table: a data subject's requests. Times are timezone-aware UTC, money is whole rupiah."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import UTCDateTime, now_field


class DataRequest(SQLModel, table=True):
    """A data subject asked for their data ("akses") or its erasure ("hapus"): to be answered
    by `due_at`, 3x24 hours later (UU 27/2022; services/privacy/requests.py)."""

    __tablename__ = "data_requests"
    __table_args__ = (
        sa.Index("ix_data_requests_open", "done_at", "due_at"),
        # One open request of a kind per record, however many asks arrive at once (issue 35.11).
        sa.Index(
            "uq_data_requests_one_open",
            "entity_type",
            "entity_id",
            "kind",
            unique=True,
            sqlite_where=sa.text("done_at IS NULL"),
            postgresql_where=sa.text("done_at IS NULL"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    created_at: datetime = now_field()
    entity_type: str = Field(max_length=20)
    entity_id: str = Field(max_length=64)
    kind: str = Field(max_length=10)  # terms.DataRequestKind
    due_at: datetime = Field(sa_type=UTCDateTime)
    done_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    done_by: str | None = Field(default=None, max_length=254)


class DataIncident(SQLModel, table=True):
    """A breach of personal data (UU 27/2022 Ps 46): what happened and how, which data, the
    people affected (their records, found by a query over the records it touched), the 3x24-hour
    deadline for telling them and the authority, and how it was closed. No one's words but the
    company's: the people are kept as record ids."""

    __tablename__ = "data_incidents"

    id: int | None = Field(default=None, primary_key=True)
    what: str = Field(max_length=2000)  # when and how the data came out, as the owner wrote it
    steps: str = Field(max_length=2000)  # what is done to handle it and recover (Ps 46 (2) c)
    data: list[str] = Field(sa_type=sa.JSON)  # terms.ExposedData values
    scope: str = Field(max_length=20)  # terms.IncidentScope value
    touched_from: datetime = Field(sa_type=UTCDateTime)
    touched_until: datetime = Field(sa_type=UTCDateTime)
    affected: list[str] = Field(sa_type=sa.JSON)  # the records' ids
    discovered_at: datetime = Field(sa_type=UTCDateTime)
    due_at: datetime = Field(sa_type=UTCDateTime, index=True)  # discovered + 72 hours
    recorded_by: str = Field(max_length=254)  # an admin's address (STAFF)
    recorded_at: datetime = now_field()
    notified_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    closed_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)
    closed_by: str | None = Field(default=None, max_length=254)
    outcome: str | None = Field(default=None, max_length=2000)
