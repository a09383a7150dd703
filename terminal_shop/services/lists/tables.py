"""The lists' table: counts per status (tallies), kept by database triggers."""

from __future__ import annotations

import sqlalchemy as sa
from sqlmodel import Field, SQLModel


class StatusTally(SQLModel, table=True):
    """How many orders (per status and payment method) and registrations (per status) exist.

    Database triggers (migration 0002) keep it in the same transaction as every insert,
    update and delete, so the stat cards and filter counts never count a million rows.
    On PostgreSQL each status is striped over 16 rows (migration 0026): parallel checkouts
    do not wait on one row's lock until they commit. Readers add the stripes up.
    """

    __tablename__ = "status_tallies"

    entity: str = Field(primary_key=True, max_length=40)  # table name
    status: str = Field(primary_key=True, max_length=20)
    method: str = Field(primary_key=True, max_length=20, default="")  # '' for registrations
    slot: int = Field(primary_key=True, default=0, sa_type=sa.SmallInteger)  # one of 16 stripes on PostgreSQL (0026)
    n: int = Field(default=0, sa_type=sa.BigInteger)
