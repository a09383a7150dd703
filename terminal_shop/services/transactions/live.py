"""Which merchants' transactions just changed, for the dashboards open in this process.

One poller per worker process asks the database every POLL_SECONDS for the merchants whose
transactions arrived or changed since its last look (one indexed query, `changed_at`,
whatever the number of open dashboards), and wakes the dashboards waiting on them. Every
worker runs its own, so a delivery taken by one worker reaches dashboards on the others
without a message bus. A wake-up is a hint: the dashboard checks its marker (dashboard.py)
before reading its figures again, so the overlap below costs a cheap query at most.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import col

from terminal_shop.infra.db import read_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.transactions.tables import Transaction

log = logging.getLogger(__name__)

POLL_SECONDS = 0.25
# A transaction committed a little after a later one was seen still carries its own earlier
# time: each look reaches this far back before its last high-water mark.
OVERLAP = timedelta(seconds=2)


def changed_since(since: datetime) -> tuple[set[uuid.UUID], datetime]:
    """The merchants with a change after `since`, and the newest change seen."""
    with read_session() as s:
        rows: Any = s.execute(
            sa.select(col(Transaction.merchant_id), sa.func.max(col(Transaction.changed_at)))
            .where(col(Transaction.changed_at) > since, col(Transaction.merchant_id).is_not(None))
            .group_by(col(Transaction.merchant_id))
        ).all()
    newest = max((at for _, at in rows), default=since)
    return {m for m, _ in rows}, newest


class ChangeFeed:
    def __init__(self) -> None:
        self._waiting: dict[uuid.UUID, set[asyncio.Event]] = {}
        self._task: asyncio.Task[None] | None = None
        self._seen = utcnow()

    async def wait(self, merchants: list[uuid.UUID], timeout: float) -> bool:
        """True when one of these merchants' transactions changed within `timeout` seconds."""
        event = asyncio.Event()
        for m in merchants:
            self._waiting.setdefault(m, set()).add(event)
        if self._task is None or self._task.done():
            self._seen = utcnow() - OVERLAP
            self._task = asyncio.create_task(self._run())
        try:
            await asyncio.wait_for(event.wait(), timeout)
            return True
        except TimeoutError:
            return False
        finally:
            for m in merchants:
                waiters = self._waiting.get(m)
                if waiters is not None:
                    waiters.discard(event)
                    if not waiters:
                        del self._waiting[m]

    async def _run(self) -> None:
        while self._waiting:
            await asyncio.sleep(POLL_SECONDS)
            try:
                changed, newest = await asyncio.to_thread(changed_since, self._seen - OVERLAP)
            except SQLAlchemyError:  # the database away for a moment: the next look tries again
                log.warning("change feed: database unavailable", exc_info=True)
                continue
            self._seen = max(self._seen, newest)
            for m in changed:
                for event in self._waiting.get(m, ()):
                    event.set()


FEED = ChangeFeed()
