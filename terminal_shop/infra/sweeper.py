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
from collections.abc import Callable, Iterable, Iterator
from datetime import timedelta
from itertools import islice

from sqlmodel import col, select

from terminal_shop.infra.db import read_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import Storage, StorageError, discard, get_storage
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import DocumentKind
from terminal_shop.services.whatsapp.tables import WhatsAppInbound

log = logging.getLogger(__name__)
GRACE = timedelta(hours=1)
BATCH = 500


def _row_id(key: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(key.split("/", 1)[0])
    except ValueError:
        return None


def _order_files(ids: list[uuid.UUID]) -> set[str]:
    """An order's proof, and the slips its buyer sent by WhatsApp (services/whatsapp/slips.py)."""
    with read_session() as s:
        proofs = {p for p in s.exec(select(Order.payment_proof_path).where(col(Order.id).in_(ids))) if p}
        slips = s.exec(
            select(WhatsAppInbound.stored_key).where(
                col(WhatsAppInbound.entity_type) == "order", col(WhatsAppInbound.entity_id).in_([str(i) for i in ids])
            )
        )
        return proofs | {k for k in slips if k}


def _merchant_files(ids: list[uuid.UUID]) -> set[str]:
    columns = [getattr(MerchantRegistration, d.column) for d in DocumentKind]
    with read_session() as s:
        rows = s.exec(select(*columns).where(col(MerchantRegistration.id).in_(ids)))
        return {key for row in rows for key in row if key}


def _batches(items: Iterable[str]) -> Iterator[list[str]]:
    it = iter(items)
    while batch := list(islice(it, BATCH)):
        yield batch


def _orphans(keys: list[str], referenced: Callable[[list[uuid.UUID]], set[str]]) -> list[str]:
    ids = list({i for k in keys if (i := _row_id(k))})
    kept = referenced(ids) if ids else set()
    return [k for k in keys if k not in kept]


def sweep(grace: timedelta = GRACE, storage: Storage | None = None) -> list[str]:
    """Removes the unreferenced files older than `grace` from both private buckets.
    Returns what was removed, as 'bucket/key'."""
    storage = storage or get_storage()
    settings = get_settings()
    cutoff = utcnow() - grace
    removed: list[str] = []
    for bucket, referenced in (
        (settings.bucket_order_payments, _order_files),
        (settings.bucket_merchant_documents, _merchant_files),
    ):
        old = (key for key, written in storage.list_keys(bucket) if written <= cutoff)
        for batch in _batches(old):
            orphans = _orphans(batch, referenced)
            discard(storage, bucket, *orphans)
            removed += [f"{bucket}/{k}" for k in orphans]
    if removed:
        log.info("sweeper removed %d orphan files", len(removed))
    return removed


def sweep_quietly() -> int:
    """For the periodic task: a storage outage is logged and waits for the next round."""
    try:
        return len(sweep())
    except StorageError:
        log.exception("sweeper could not list the stored files")
        return 0
