"""What the merchant screens show of a registration, as typed, frozen objects."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from sqlmodel import Session, col, select

from terminal_shop.formats import wib
from terminal_shop.services.notifications.views import MailView
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import RegistrationStatus
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


@dataclass(frozen=True)
class MerchantRow:
    """A row of the admin's registration list."""

    id: str
    date: str
    nama_usaha: str
    nama_lengkap: str
    nomor_hp: str
    email: str
    kabupaten_kota: str
    status: str
    badge: Badge


def merchant_row(r: Any) -> MerchantRow:
    return MerchantRow(
        id=str(r.id),
        date=wib(r.created_at, with_time=False),
        nama_usaha=r.nama_usaha,
        nama_lengkap=r.nama_lengkap,
        nomor_hp=r.nomor_hp,
        email=r.email,
        kabupaten_kota=r.kabupaten_kota,
        status=r.status,
        badge=Badge.of(RegistrationStatus, r.status),
    )


class RegistrationFacts(Protocol):
    """What another area reads of a registration it is handed (a message to its applicant):
    read-only. The row satisfies it; the area's door (owners.record) hands it out."""

    @property
    def id(self) -> uuid.UUID: ...
    @property
    def email(self) -> str: ...
    @property
    def nomor_hp(self) -> str: ...
    @property
    def nama_lengkap(self) -> str: ...
    @property
    def nama_usaha(self) -> str: ...
    @property
    def alamat_usaha(self) -> str: ...
    @property
    def kecamatan(self) -> str: ...
    @property
    def kabupaten_kota(self) -> str: ...
    @property
    def purged_at(self) -> datetime | None: ...
    @property
    def status(self) -> str: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def restricted_at(self) -> datetime | None: ...
    @property
    def rejected_at(self) -> datetime | None: ...
    @property
    def ended_at(self) -> datetime | None: ...
