"""Which stored files are still someone's: each area answers for its own rows, and the orphan
sweeper (infra/sweeper.py, which knows no area) is handed these answers."""

from __future__ import annotations

import uuid
from datetime import timedelta

from terminal_shop.infra import sweeper
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import Storage
from terminal_shop.services.disputes import cases as disputes
from terminal_shop.services.orders import checkout
from terminal_shop.services.registrations import submission
from terminal_shop.services.servicing import cases as servicing
from terminal_shop.services.whatsapp import slips


def _order_files(ids: list[uuid.UUID]) -> set[str]:
    """An order's proof, and the slips its buyer sent by WhatsApp."""
    return checkout.proof_keys(ids) | slips.stored_keys("order", ids)


def _merchant_files(ids: list[uuid.UUID]) -> set[str]:
    """A registration's documents, a dispute's evidence, a service case's photos (each keyed by its row id)."""
    return submission.document_keys(ids) | disputes.evidence_keys(ids) | servicing.media_keys(ids)


def owners() -> list[sweeper.Owner]:
    settings = get_settings()
    return [
        (settings.bucket_order_payments, _order_files),
        (settings.bucket_merchant_documents, _merchant_files),
    ]


def sweep(grace: timedelta = sweeper.GRACE, storage: Storage | None = None) -> list[str]:
    return sweeper.sweep(owners(), grace, storage)


def sweep_quietly() -> int:
    return sweeper.sweep_quietly(owners())
