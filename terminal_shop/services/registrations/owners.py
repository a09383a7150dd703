"""What a person's verified address (or an approved merchant's number) owns among the
registrations: the registrations area's door for the account and sign-in (issue 51.1)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, func, select

from terminal_shop.infra.db import read_session
from terminal_shop.infra.models import table_of
from terminal_shop.infra.search import contains
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import RegistrationStatus
from terminal_shop.services.registrations.views import RegistrationFacts
from terminal_shop.services.validation import typed_mobile


@dataclass(frozen=True)
class Owned:
    id: uuid.UUID
    business: str
    sent_at: datetime
    status: str  # terms.RegistrationStatus

    @property
    def approved(self) -> bool:
        return self.status == RegistrationStatus.APPROVED.value


def of_address(address: str, limit: int) -> list[Owned]:
    """The registrations sent with this address (erased ones left out), newest first."""
    with read_session() as s:
        rows = s.exec(
            select(MerchantRegistration).where(func.lower(MerchantRegistration.email) == address.strip().lower(),
                                               col(MerchantRegistration.purged_at).is_(None))
            .order_by(col(MerchantRegistration.created_at).desc()).limit(limit)
        ).all()  # fmt: skip
    return [Owned(r.id, r.nama_usaha, r.created_at, r.status) for r in rows]


def approved_of(address: str) -> list[uuid.UUID]:
    """The approved registrations sent with this address: whose transactions it sees."""
    with read_session() as s:
        return approved_in(s, address)


def approved_in(s: Session, address: str) -> list[uuid.UUID]:
    return list(
        s.exec(
            select(MerchantRegistration.id).where(
                func.lower(MerchantRegistration.email) == address.strip().lower(),
                col(MerchantRegistration.status) == RegistrationStatus.APPROVED.value,
                col(MerchantRegistration.purged_at).is_(None),
            )
        ).all()
    )


def address_of_number(mobile: str) -> str | None:
    """The e-mail of the newest approved registration with this number (+62...), if any."""
    with read_session() as s:
        return s.exec(
            select(MerchantRegistration.email)
            .where(col(MerchantRegistration.nomor_hp) == mobile,
                   col(MerchantRegistration.status) == RegistrationStatus.APPROVED.value,
                   col(MerchantRegistration.purged_at).is_(None))
            .order_by(col(MerchantRegistration.created_at).desc())
        ).first()  # fmt: skip


def live_phone(registration_id: uuid.UUID) -> str | None:
    """The applicant's HP, unless the registration is gone, erased or restricted."""
    with read_session() as s:
        row = s.get(MerchantRegistration, registration_id)
    if row is None or row.purged_at is not None or row.restricted_at is not None:
        return None
    return row.nomor_hp


def newest_with_number(mobile: str) -> uuid.UUID | None:
    """The newest registration with this HP (+62...), whatever its status."""
    with read_session() as s:
        return s.exec(
            select(MerchantRegistration.id).where(col(MerchantRegistration.nomor_hp) == mobile)
            .order_by(col(MerchantRegistration.created_at).desc())
        ).first()  # fmt: skip


def record(s: Session, registration_id: uuid.UUID) -> RegistrationFacts | None:
    """The registration as another area reads it, in the caller's transaction."""
    return s.get(MerchantRegistration, registration_id)


def of_address_in(s: Session, address: str, statuses: tuple[str, ...]) -> list[RegistrationFacts]:
    """The registrations with this e-mail in these statuses (erased ones left out), newest first."""
    found = s.exec(
        select(MerchantRegistration)
        .where(func.lower(MerchantRegistration.email) == address.strip().lower(),
               col(MerchantRegistration.status).in_(statuses), col(MerchantRegistration.purged_at).is_(None))
        .order_by(col(MerchantRegistration.created_at).desc())
    )  # fmt: skip
    return list[RegistrationFacts](found)


def names() -> Any:
    """id, business name and HP of every registration, as a subquery another area's list joins
    (the fleet view calls the merchant)."""
    m = table_of(MerchantRegistration).c
    return sa.select(m.id, m.nama_usaha, m.nomor_hp).subquery("merchant_names")


def ids_named(text: str) -> Any:
    """A select of the ids whose business name contains `text`, for another area's IN."""
    m = table_of(MerchantRegistration).c
    return sa.select(m.id).where(contains(text, names=[m.nama_usaha]))


def approved_ids() -> Any:
    """A select of the approved registrations' ids, for another area's IN."""
    m = table_of(MerchantRegistration).c
    return sa.select(m.id).where(m.status == RegistrationStatus.APPROVED.value)


def is_live(s: Session, registration_id: uuid.UUID) -> bool:
    """The registration exists and was not erased (a rate may be agreed with it)."""
    row = s.get(MerchantRegistration, registration_id)
    return row is not None and row.purged_at is None


def sizes() -> Any:
    """id and omzet_bulanan of every registration, as a subquery another area's query joins
    (a transaction's fee depends on the merchant's size)."""
    m = table_of(MerchantRegistration).c
    return sa.select(m.id, m.omzet_bulanan).subquery("merchant_sizes")


def payout_account(s: Session, registration_id: uuid.UUID) -> str:
    """Where a merchant's payouts go, as the merchant reads it: "BCA ••7890" (nothing of an
    erased registration)."""
    row = s.get(MerchantRegistration, registration_id)
    if row is None or row.purged_at is not None:
        return ""
    return masked(row.nama_bank, row.nomor_rekening)


def masked(bank: str, number: str) -> str:
    """An account as people read it beside money: "BCA ••7890"."""
    digits = "".join(c for c in number if c.isdigit())
    return f"{bank.removeprefix('Bank ')} ••{digits[-4:]}" if digits else bank


def as_buyer(merchant: RegistrationFacts) -> dict[str, str]:
    """The order form's fields this business fills ("Pesan kertas", "Bayar tagihan"): its owner,
    the number as the form takes it, and the business's address to ship to."""
    address = ", ".join(
        x for x in (merchant.nama_usaha, merchant.alamat_usaha, merchant.kecamatan, merchant.kabupaten_kota) if x
    )
    return {"buyer_name": merchant.nama_lengkap, "buyer_phone": typed_mobile(merchant.nomor_hp),
            "buyer_email": merchant.email, "shipping_address": address}  # fmt: skip
