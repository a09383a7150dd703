"""A lease on a periodic job, so one worker of many does it (the day's payouts): taken when
free or ended, held for `seconds`; a worker that dies mid-job leaves it to the next after
that. Two workers asking at once: one row, one of them wins."""

from __future__ import annotations

import os
import socket
from datetime import datetime, timedelta

from sqlalchemy.exc import IntegrityError

from terminal_shop.infra.db import write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.events.tables import JobLease

HOLDER = f"{socket.gethostname()}:{os.getpid()}"


def claim(job: str, seconds: int, holder: str = HOLDER, now: datetime | None = None) -> bool:
    now = now or utcnow()
    try:
        with write_session() as s:
            row = s.get(JobLease, job, with_for_update=True)
            if row is None:
                s.add(JobLease(job=job, holder=holder, until=now + timedelta(seconds=seconds)))
                return True
            if row.until > now and row.holder != holder:
                return False
            row.holder, row.until = holder, now + timedelta(seconds=seconds)
            s.add(row)
            return True
    except IntegrityError:  # another worker made the row a moment before
        return False
