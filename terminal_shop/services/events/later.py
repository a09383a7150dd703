"""Work after the commit (issue 51.6): what an event asks for that nobody need wait for (a
new proof's perceptual hash) is a `pending_work` row written with the event
(bus.after_commit), and every web worker runs the due rows every second
(terminal_shop/background.py).

As the outbox's sender does: each runner claims its rows (FOR UPDATE SKIP LOCKED on
PostgreSQL) and leases them; work that fails is logged and tried again with a growing wait,
up to MAX_ATTEMPTS. A worker that dies mid-work leaves its rows to be taken when the lease ends.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from sqlmodel import col, select

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.events import bus
from terminal_shop.services.events.tables import PendingWork

log = logging.getLogger(__name__)
LEASE = timedelta(minutes=2)
MAX_ATTEMPTS = 6
BATCH = 20


def run_due(limit: int = BATCH) -> int:
    """Does the due work, a batch at a time until none is left; how many were done."""
    if not _any_due():  # the usual answer, read without a write transaction (SQLite has one writer)
        return 0
    bus.load()
    done = 0
    while claimed := _claim(limit):
        done += sum(_run(row) for row in claimed)
        if len(claimed) < limit:
            break
    return done


def _due() -> tuple[Any, ...]:
    return (col(PendingWork.done_at).is_(None), col(PendingWork.next_attempt_at) <= utcnow(),
            col(PendingWork.attempts) < MAX_ATTEMPTS)  # fmt: skip


def _any_due() -> bool:
    with read_session() as s:
        return s.exec(select(PendingWork.id).where(*_due()).limit(1)).first() is not None


def _claim(limit: int) -> list[PendingWork]:
    now = utcnow()
    with write_session() as s:
        rows = s.exec(
            select(PendingWork)
            .where(*_due())
            .order_by(col(PendingWork.id))
            .limit(limit)
            .with_for_update(skip_locked=True)
        ).all()  # fmt: skip
        for row in rows:
            row.attempts += 1
            row.next_attempt_at = now + LEASE
            s.add(row)
    return list(rows)


def _run(row: PendingWork) -> int:
    work = bus.LATER.get(row.job)
    error = None
    try:
        if work is None:
            raise LookupError(f"no work registered as {row.job}")
        work(row.entity_id)
    except Exception as exc:
        log.exception("pending work %s for %s failed (attempt %d)", row.job, row.entity_id, row.attempts)
        error = f"{type(exc).__name__}: {exc}"[:1000]
    with write_session() as s:
        stored = s.get(PendingWork, row.id)
        assert stored is not None, row.id
        if error is None:
            stored.done_at = utcnow()
        else:
            stored.last_error = error
            stored.next_attempt_at = utcnow() + timedelta(seconds=min(5 * 2**stored.attempts, 3600))
        s.add(stored)
    return int(error is None)
