"""What waits for the staff among the returns (the overview's tile): the open ones, how long the
oldest has waited at its step, and its order's page."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlmodel import col, func, select

from terminal_shop.infra.db import read_session
from terminal_shop.services.returns.tables import OrderReturn
from terminal_shop.services.returns.terms import OPEN_STEPS


def waiting() -> tuple[int, datetime | None, uuid.UUID | None]:
    """(how many are open, since when the oldest waits at its step, the oldest's order)."""
    is_open = col(OrderReturn.step).in_(OPEN_STEPS)
    with read_session() as s:
        count = s.exec(select(func.count()).select_from(OrderReturn).where(is_open)).one()
        oldest = s.exec(select(OrderReturn).where(is_open).order_by(col(OrderReturn.changed_at))).first()
    return int(count), (oldest.changed_at if oldest else None), (oldest.order_id if oldest else None)
