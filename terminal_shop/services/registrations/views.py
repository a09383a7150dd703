"""What the merchant screens show of a registration, as typed, frozen objects."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from sqlmodel import Session, col, select

from terminal_shop.services.notifications.views import MailView
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.views import AccessView, Badge, DataRequestView, HistoryView


@dataclass(frozen=True)
class DocumentView:
    key: str
    label: str
    url: str  # a short-lived signed link; '' when none is stored


@dataclass(frozen=True)
class MerchantView:
    """What the admin's merchant detail shows beside the editable form."""

    id: str
    status: str
    badge: Badge
    created_at: str
    updated_at: str
    verified_at: str
    documents: tuple[DocumentView, ...] = ()
    history: tuple[HistoryView, ...] = ()
    mails: tuple[MailView, ...] = ()
    access: tuple[AccessView, ...] = ()  # who looked at the documents, newest first
    retention: str = ""  # when its personal data goes (services/privacy/retention.py)
    requests: tuple[DataRequestView, ...] = ()  # the applicant's open requests
    ended: bool = False  # an approved merchant whose relationship ended ("berhenti")
    erased: bool = False
    restricted: str = ""  # why it is restricted instead of erased, '' when it is not


def business_names(s: Session, ids: list[uuid.UUID]) -> list[str]:
    """The business names of these registrations, in the order given (the missing left out)."""
    rows = {
        r.id: r.nama_usaha for r in s.exec(select(MerchantRegistration).where(col(MerchantRegistration.id).in_(ids)))
    }
    return [rows[i] for i in ids if i in rows]
