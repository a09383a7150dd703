"""What the merchant screens show of a registration, as typed, frozen objects."""

from __future__ import annotations

from dataclasses import dataclass

from terminal_shop.services.notifications.views import MailView
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
