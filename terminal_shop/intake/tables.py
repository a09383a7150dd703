"""The intake's table: the refused deliveries' tallies (tallies.py)."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from terminal_shop.infra.models import UTCDateTime, now_field


class RefusedDelivery(SQLModel, table=True):
    """Webhook deliveries (or items of signed ones) the site refused, counted per acquirer,
    reason and hour with the latest example: a flood of forged posts adds to a count, not rows
    (issue 46.6). Kept rules.REFUSALS_KEPT."""

    __tablename__ = "refused_deliveries"
    __table_args__ = (sa.UniqueConstraint("acquirer", "reason", "hour", name="uq_refused_deliveries_tally"),)

    id: int | None = Field(default=None, primary_key=True)
    acquirer: str = Field(max_length=20)
    reason: str = Field(max_length=200)
    hour: datetime = Field(sa_type=UTCDateTime, index=True)  # the UTC hour they arrived in
    count: int = 1
    last_at: datetime = now_field()
    example: str = Field(default="", max_length=200)  # the latest: an item's id and TID, or the client address
