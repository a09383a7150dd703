"""What each web worker does in the background while it runs (registered as Reflex lifespan
tasks by terminal_shop.py): the rounds each area declares (the outbox's sender, the work left
for after a commit, the recaps, the fleet's alerts, ...: terminal_shop/areas.py), and the
plumbing's own: the sweeper and retention, the emptying of tab states that hold an erased
record, a start-up check."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from datetime import timedelta
from typing import Any

from terminal_shop import areas, reflex_compat
from terminal_shop.infra import metrics
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.intake import tallies
from terminal_shop.services import stored_files
from terminal_shop.services.orders import payment_qr
from terminal_shop.services.privacy import erasure, retention
from terminal_shop.services.team import admin_auth


async def sweep_orphan_files() -> None:
    """Every SWEEP_INTERVAL_SECONDS, the orphan-file sweeper (infra/sweeper.py), the
    retention job (services/privacy/retention.py) and the purge of stale sign-in attempts
    and old webhook refusals, in a thread."""
    interval = get_settings().sweep_interval_seconds
    while interval:
        await asyncio.sleep(interval)
        await asyncio.to_thread(stored_files.sweep_quietly)
        await asyncio.to_thread(retention.run_quietly)
        try:
            await asyncio.to_thread(admin_auth.purge_attempts)
            await asyncio.to_thread(tallies.purge)  # webhook refusals past rules.REFUSALS_KEPT
        except Exception:  # the database was away: the rows wait for the next round
            logging.getLogger("terminal_shop").exception("purging sign-in attempts or webhook refusals failed")
        metrics.task_ran("sweeper")


async def _every(seconds: float, work: Callable[[], object], task: str, failed: str) -> None:
    """`work` in a thread every `seconds`; a round that fails (the database away) is logged and
    its rows wait for the next."""
    while True:
        await asyncio.sleep(seconds)
        try:
            await asyncio.to_thread(work)
            metrics.task_ran(task)
        except Exception:
            logging.getLogger("terminal_shop").exception(failed)


async def check_qris_at_start() -> None:
    """Says in the log at start-up whether orders get a dynamic QRIS, and if not, why."""
    merchant = await asyncio.to_thread(payment_qr.merchant_or_none)
    if merchant:
        logging.getLogger("terminal_shop").info("dynamic QRIS on for %s, %s", merchant.name, merchant.city)


ERASURE_WATCH_SECONDS = 2


async def empty_tabs_of_erased_records() -> None:
    """Every few seconds, the records erased since the last look (services/privacy/erasure.py):
    every tab state of this site that still holds one (an admin's list row, an account's line)
    is emptied, so nothing of an erased person stays stored or is sent again (issue 46.12)."""
    seen = utcnow() - timedelta(seconds=get_settings().state_expiry_seconds)  # tabs stored before a restart
    while True:
        await asyncio.sleep(ERASURE_WATCH_SECONDS)
        try:
            erased, newest = await asyncio.to_thread(erasure.erased_since, seen)
            if erased:
                emptied = await reflex_compat.empty_states_mentioning(erased)
                logging.getLogger("terminal_shop").info(
                    "%d erased records: %d tab states that held them emptied", len(erased), emptied
                )
            seen = newest
        except Exception:  # the database or Redis away: the next look tries again
            logging.getLogger("terminal_shop").exception("emptying tabs of erased records failed")


def _round(task: areas.Task, work: Callable[[], object]) -> Callable[[], Coroutine[Any, Any, None]]:
    """A round an area declares (terminal_shop/areas.py Task), as a lifespan task of its own name."""

    async def run() -> None:
        await _every(task.seconds, work, task.name, task.failed)

    run.__name__ = run.__qualname__ = f"round_{task.name}"
    return run


TASKS = (
    sweep_orphan_files,
    check_qris_at_start,
    empty_tabs_of_erased_records,
    *(_round(task, work) for task, work in areas.tasks()),
)
