"""Stored files that no row points to are removed after a grace period.

An order or registration stores its files first and commits its row after; a process
killed in between (a crashed worker, a deploy) leaves files nothing refers to. The grace
period is longer than any submission takes, so a file whose row is still on its way is
never touched. Keys start with the id of their row (`{order_id}/...`,
`{registration_id}/{kind}/...`), so each file is checked against its own row by primary
key, never against a list of every stored key.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import timedelta
from itertools import islice

from terminal_shop.infra.models import utcnow
from terminal_shop.infra.storage import Storage, StorageError, discard, get_storage

log = logging.getLogger(__name__)
GRACE = timedelta(hours=1)
BATCH = 500
# A bucket, and which of the given rows' files are still referenced (the areas that own the
# rows answer: services/stored_files.py hands them in; infra knows no area).
Owner = tuple[str, Callable[[list[uuid.UUID]], set[str]]]


def _row_id(key: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(key.split("/", 1)[0])
    except ValueError:
        return None


def _batches(items: Iterable[str]) -> Iterator[list[str]]:
    it = iter(items)
    while batch := list(islice(it, BATCH)):
        yield batch


def _orphans(keys: list[str], referenced: Callable[[list[uuid.UUID]], set[str]]) -> list[str]:
    ids = list({i for k in keys if (i := _row_id(k))})
    kept = referenced(ids) if ids else set()
    return [k for k in keys if k not in kept]


def sweep(owners: Sequence[Owner], grace: timedelta = GRACE, storage: Storage | None = None) -> list[str]:
    """Removes the unreferenced files older than `grace` from the owners' buckets.
    Returns what was removed, as 'bucket/key'."""
    storage = storage or get_storage()
    cutoff = utcnow() - grace
    removed: list[str] = []
    for bucket, referenced in owners:
        old = (key for key, written in storage.list_keys(bucket) if written <= cutoff)
        for batch in _batches(old):
            orphans = _orphans(batch, referenced)
            discard(storage, bucket, *orphans)
            removed += [f"{bucket}/{k}" for k in orphans]
    if removed:
        log.info("sweeper removed %d orphan files", len(removed))
    return removed


def sweep_quietly(owners: Sequence[Owner]) -> int:
    """For the periodic task: a storage outage is logged and waits for the next round."""
    try:
        return len(sweep(owners))
    except StorageError:
        log.exception("sweeper could not list the stored files")
        return 0
