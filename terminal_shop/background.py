"""What each web worker does in the background while it runs (registered as Reflex lifespan
tasks by terminal_shop.py): the outbox's sender, the work left for after a commit, the sweeper
and retention, the emptying of tab states that hold an erased record, a start-up check."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import timedelta

from terminal_shop import reflex_compat
from terminal_shop.infra import metrics
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.intake import tallies
from terminal_shop.services import stored_files
from terminal_shop.services.disputes import notices
from terminal_shop.services.events import later
from terminal_shop.services.fleet import alerts
from terminal_shop.services.notifications import sender
from terminal_shop.services.orders import payment_qr
from terminal_shop.services.payouts import recap
from terminal_shop.services.privacy import erasure, retention
from terminal_shop.services.servicing import invoices
from terminal_shop.services.team import admin_auth
from terminal_shop.services.transactions import ledger

OUTBOX_INTERVAL_SECONDS = 5
PENDING_WORK_INTERVAL_SECONDS = 1
RECAP_INTERVAL_SECONDS = 300


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


async def send_outbox() -> None:
    """Every few seconds, the messages waiting in the outbox (services/notifications/sender.py):
    every due one, up to 30 s a round (the loop and the visitors never wait)."""
    await _every(OUTBOX_INTERVAL_SECONDS, sender.drain, "sender", "outbox round failed")


async def run_pending_work() -> None:
    """Every second, the work events left for after their commit (services/events/later.py): a
    new proof's perceptual hash is kept a moment after its order."""
    await _every(PENDING_WORK_INTERVAL_SECONDS, later.run_due, "later", "pending work round failed")


async def queue_daily_recaps() -> None:
    """Every few minutes: from 07.00 WIB, the merchants' daily recaps of yesterday, once a day
    (services/payouts/recap.py; the outbox key keeps one a merchant a day across workers)."""
    await _every(RECAP_INTERVAL_SECONDS, recap.queue_due, "recap", "daily recap round failed")


async def carry_short_payouts() -> None:
    """Every few minutes: a payout whose day came with its entries below zero pays nothing and
    its shortfall goes to the MID's next payout (services/transactions/ledger.py)."""
    await _every(RECAP_INTERVAL_SECONDS, ledger.carry_due, "ledger", "short payouts round failed")


async def alert_offline_devices() -> None:
    """Every few minutes: the merchants whose terminal went quiet, once per episode
    (services/fleet/alerts.py)."""
    await _every(RECAP_INTERVAL_SECONDS, alerts.queue_offline, "fleet", "offline alert round failed")


async def charge_unreturned_units() -> None:
    """Every few minutes: an old unit not collected 14 days after its replacement left is
    invoiced once (services/servicing/invoices.py)."""
    await _every(RECAP_INTERVAL_SECONDS, invoices.charge_unreturned, "servicing", "unreturned units round failed")


async def remind_disputes() -> None:
    """Every few minutes, once a day per worker: the merchants whose dispute's deadline is near
    (services/disputes/notices.py; the outbox key keeps one reminder a dispute)."""
    await _every(RECAP_INTERVAL_SECONDS, notices.queue_due, "disputes", "dispute reminder round failed")


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


TASKS = (
    sweep_orphan_files,
    check_qris_at_start,
    send_outbox,
    run_pending_work,
    queue_daily_recaps,
    carry_short_payouts,
    remind_disputes,
    alert_offline_devices,
    charge_unreturned_units,
    empty_tabs_of_erased_records,
)
