"""A merchant's service cases as erasure takes them (services/privacy/erasure.py): the columns
marked personal blanked (the problem as typed, who opened it, the admin's note), the photos and
videos deleted, their rows now and their files once the erasure commits. The case itself stays:
its number, unit, dates and outcome are the company's service record."""

from __future__ import annotations

import uuid

from sqlmodel import Session

from terminal_shop.infra.models import Held, erase_rows_and_files
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.servicing.events import ServiceEvent
from terminal_shop.services.servicing.tables import ServiceCase, ServiceMedia


def erase_of_merchant(s: Session, merchant_id: uuid.UUID) -> Held:
    bucket = get_settings().bucket_merchant_documents
    return erase_rows_and_files(s, ServiceCase, ServiceMedia, "case_id", merchant_id, ServiceEvent.entity_type, bucket)
