"""A merchant's disputes as erasure takes them (services/privacy/erasure.py): the merchant's
note and who answered blanked, the evidence deleted (its rows now, its files once the erasure
commits). The dispute stays: acquirer, amount, reason and decision are the ledger's record of a
chargeback. An approved merchant's record is restricted, not erased, for years after the
relationship ends (privacy/requests.py), so the acquirer's deadline is long past by then."""

from __future__ import annotations

import uuid

from sqlmodel import Session

from terminal_shop.infra.models import Held, erase_rows_and_files
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.disputes.events import DisputeEvent
from terminal_shop.services.disputes.tables import Dispute, DisputeEvidence


def erase_of_merchant(s: Session, merchant_id: uuid.UUID) -> Held:
    bucket = get_settings().bucket_merchant_documents
    return erase_rows_and_files(
        s, Dispute, DisputeEvidence, "dispute_id", merchant_id, DisputeEvent.entity_type, bucket
    )
