"""A registration's personal data as the privacy area erases, restricts and copies it: the
registrations area's door for it (issue 51.1). Every function works in the caller's
transaction; the rules (when, why, what else goes with it) are privacy's (services/privacy/)."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, func, select

from terminal_shop.infra.models import blank_personal, blank_where, column_values, personal_texts, utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.registrations.tables import MerchantRegistration, PayoutAccountChange
from terminal_shop.services.registrations.terms import DocumentKind, RegistrationStatus
from terminal_shop.services.registrations.views import RegistrationFacts

ENTITY = "merchant"
FILES_ARE = "dokumen"  # what the erasure's audit line counts


def record(s: Session, registration_id: uuid.UUID, lock: bool = False) -> RegistrationFacts | None:
    return s.get(MerchantRegistration, registration_id, with_for_update=lock)


def bucket() -> str:
    return get_settings().bucket_merchant_documents


def files(s: Session, registration_id: uuid.UUID) -> list[tuple[str, str]]:
    """(name, storage key) of the registration's documents, with its payout account requests' photos."""
    row = s.get(MerchantRegistration, registration_id)
    proofs = s.exec(
        select(PayoutAccountChange.proof_key).where(col(PayoutAccountChange.merchant_id) == registration_id)
    )
    return [(d.value, k) for d in DocumentKind if row is not None and (k := getattr(row, d.column))] + [
        ("rekening", k) for k in proofs if k
    ]


def contact(row: RegistrationFacts) -> tuple[str, str]:
    return row.email, row.nomor_hp


def fields(s: Session, registration_id: uuid.UUID) -> dict[str, Any]:
    """Every column of the registration and of its payout account requests, for the data subject's copy."""
    row = s.get(MerchantRegistration, registration_id)
    if row is None:
        return {}
    asked = s.exec(select(PayoutAccountChange).where(col(PayoutAccountChange.merchant_id) == registration_id))
    return {**column_values(row), "permintaan_ganti_rekening": [
        {k: v for k, v in column_values(c).items() if k != "code_hash"} for c in asked]}  # fmt: skip


def personal_values(s: Session, registration_id: uuid.UUID) -> list[str]:
    """What the personal columns hold: the words that name the applicant anywhere else."""
    return personal_texts(s.get_one(MerchantRegistration, registration_id))


def blank(s: Session, registration_id: uuid.UUID) -> None:
    """Every column the table marks personal gets its erased value."""
    row = s.get_one(MerchantRegistration, registration_id)
    blank_personal(row)
    s.add(row)
    blank_where(s, PayoutAccountChange, lambda t: t.c.merchant_id == registration_id)


def restrict(s: Session, registration_id: uuid.UUID) -> None:
    s.exec(
        sa.update(MerchantRegistration)
        .where(col(MerchantRegistration.id) == registration_id, col(MerchantRegistration.restricted_at).is_(None))
        .values(restricted_at=utcnow())
    )


def address_in_use(s: Session, address: str, other_than: uuid.UUID) -> bool:
    """Another live registration has this e-mail."""
    m = MerchantRegistration
    live = (func.lower(m.email) == address, col(m.purged_at).is_(None), col(m.id) != other_than)
    return s.exec(select(m.id).where(*live)).first() is not None


def phones_like(s: Session, pattern: str, other_than: uuid.UUID) -> list[str]:
    """The numbers of other live registrations matching a LIKE pattern."""
    m = MerchantRegistration
    live = (col(m.nomor_hp).like(pattern), col(m.purged_at).is_(None), col(m.id) != other_than)
    return list(s.exec(select(m.nomor_hp).where(*live)))


def rejected_before(limit: datetime) -> Any:
    """A select of the ids of registrations rejected before `limit`, not erased yet (retention)."""
    m = MerchantRegistration
    return select(m.id).where(
        col(m.status) == RegistrationStatus.REJECTED.value, col(m.rejected_at) <= limit, col(m.purged_at).is_(None)
    )


def ended_before(limit: datetime) -> Any:
    """A select of the ids of merchants whose relationship ended before `limit`, not erased yet."""
    m = MerchantRegistration
    return select(m.id).where(col(m.ended_at) <= limit, col(m.purged_at).is_(None))


def created_between(s: Session, start: datetime, end: datetime) -> list[uuid.UUID]:
    """The live registrations made in [start, end): the people a data incident over them touched."""
    m = MerchantRegistration
    window = (col(m.created_at) >= start, col(m.created_at) < end, col(m.purged_at).is_(None))
    return list(s.exec(select(m.id).where(*window)))
