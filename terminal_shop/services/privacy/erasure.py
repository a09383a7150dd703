"""Erasing a record's personal data: its files deleted, its personal fields blanked, what the
company may keep (status, dates, amounts, business type and region, consent date and
version) kept, every copy of it erased too (copies.py), and an audit entry. Used by retention (retention.py) and by the data
subject's request (requests.py).

Safe with several workers at once: the row is locked and checked again inside the
transaction, so one erases and the others find it done. The files go after the commit;
if that fails, the orphan sweeper (infra/sweeper.py) removes them, no row pointing at them.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from sqlalchemy import delete
from sqlmodel import Session, col, func, select

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import ERASED, ERASED_UNIQUE, personal_columns, utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import Storage, discard, get_storage
from terminal_shop.services.audit import trail
from terminal_shop.services.customers import sessions, signin
from terminal_shop.services.events.bus import publish
from terminal_shop.services.orders.tables import Order, ProofPrint
from terminal_shop.services.privacy import copies
from terminal_shop.services.privacy.events import RecordErased
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import DocumentKind
from terminal_shop.services.validation import wa_number
from terminal_shop.services.whatsapp import consent

SYSTEM = "sistem (retensi)"  # who erases when a retention period ends


T = TypeVar("T")


def _locked(s: Session, model: type[T], record_id: uuid.UUID) -> T | None:
    """The row, locked until the commit (PostgreSQL; SQLite's write transaction is exclusive)."""
    return s.get(model, record_id, with_for_update=True)


def erase_merchant(
    merchant_id: uuid.UUID,
    who: str,
    why: str,
    still_due: Callable[[MerchantRegistration], bool] = lambda _: True,
    storage: Storage | None = None,
) -> int | None:
    """Erases one registration's personal data. Returns how many files went, or None when
    there was nothing to do (erased already, or no longer due)."""
    with write_session() as s:
        row = _locked(s, MerchantRegistration, merchant_id)
        if row is None or row.purged_at is not None or not still_due(row):
            return None
        keys = [k for d in DocumentKind if (k := getattr(row, d.column))]
        emls = copies.erase(s, "merchant", str(row.id), _words(row)) + _identity_copies(s, row, row.email, row.nomor_hp)
        _blank(row)
        row.purged_at = row.updated_at = utcnow()
        s.add(row)
        publish(s, RecordErased(entity_type="merchant", entity_id=str(row.id), actor=who, old_status=row.status,
                                new_status=row.status, detail=f"{why}; {len(keys)} dokumen dihapus"))  # fmt: skip
    copies.remove(emls)
    discard(storage or get_storage(), get_settings().bucket_merchant_documents, *keys)
    return len(keys)


def erase_order(
    order_id: uuid.UUID,
    who: str,
    why: str,
    still_due: Callable[[Order], bool] = lambda _: True,
    storage: Storage | None = None,
) -> int | None:
    """Erases one order's buyer data and proof; the order's items, amounts and dates stay."""
    with write_session() as s:
        row = _locked(s, Order, order_id)
        if row is None or row.purged_at is not None or not still_due(row):
            return None
        keys = [row.payment_proof_path] if row.payment_proof_path else []
        emls = copies.erase(s, "order", str(row.id), _words(row)) + _identity_copies(
            s, row, row.buyer_email, row.buyer_phone
        )
        _blank(row)
        row.purged_at = row.updated_at = utcnow()
        s.add(row)
        s.exec(delete(ProofPrint).where(col(ProofPrint.order_id) == row.id))
        publish(s, RecordErased(entity_type="order", entity_id=str(row.id), actor=who, old_status=row.status,
                                new_status=row.status, detail=f"{why}; {len(keys)} file dihapus"))  # fmt: skip
    copies.remove(emls)
    discard(storage or get_storage(), get_settings().bucket_order_payments, *keys)
    return len(keys)


def _identity_copies(s: Session, row: MerchantRegistration | Order, email: str, phone: str) -> list[Path]:
    """The person's account (sign-in codes, sessions, sign-in e-mails) and WhatsApp contact and
    stray messages go with the record (issue 46.12), unless another live record still has the
    same address or number: then they are that record's person's too."""
    emls: list[Path] = []
    address, number = signin.normal_email(email), wa_number(phone)
    if address and not _address_in_use(s, address, row.id):
        sessions.forget(s, address)
        emls += copies.erase(s, "customer", address, _words(row))
    if number and not _number_in_use(s, number, row.id):
        consent.forget(s, number)
        copies.erase_messages_from(s, number)
    return emls


def _address_in_use(s: Session, address: str, record_id: uuid.UUID) -> bool:
    orders = select(Order.id).where(func.lower(Order.buyer_email) == address, col(Order.purged_at).is_(None),
                                    col(Order.id) != record_id)  # fmt: skip
    merchants = select(MerchantRegistration.id).where(
        func.lower(MerchantRegistration.email) == address, col(MerchantRegistration.purged_at).is_(None),
        col(MerchantRegistration.id) != record_id)  # fmt: skip
    return s.exec(orders).first() is not None or s.exec(merchants).first() is not None


def _number_in_use(s: Session, number: str, record_id: uuid.UUID) -> bool:
    """Typed phones are spelled many ways: candidates by their last 8 digits, compared normalised."""
    tail = f"%{number[-8:]}%"
    phones = [*s.exec(select(Order.buyer_phone).where(col(Order.buyer_phone).like(tail), col(Order.purged_at).is_(None),
                                                       col(Order.id) != record_id)),
              *s.exec(select(MerchantRegistration.nomor_hp).where(col(MerchantRegistration.nomor_hp).like(tail),
                      col(MerchantRegistration.purged_at).is_(None), col(MerchantRegistration.id) != record_id))]  # fmt: skip
    return any(wa_number(p) == number for p in phones)


def _words(row: MerchantRegistration | Order) -> list[str]:
    """What names the person anywhere else: the values of the personal columns."""
    return copies.person_words(*(v for c in personal_columns(type(row)) if isinstance(v := getattr(row, c), str)))


def _blank(row: MerchantRegistration | Order) -> None:
    """Every column its table marks personal (infra/models.personal) gets its erased value."""
    for name, erased in personal_columns(type(row)).items():
        setattr(row, name, f"{ERASED[:-1]} {row.id.hex[:8]})" if erased is ERASED_UNIQUE else erased)


def years_after(moment: datetime, years: int) -> datetime:
    """The same day `years` calendar years later (29 February becomes 28)."""
    try:
        return moment.replace(year=moment.year + years)
    except ValueError:
        return moment.replace(year=moment.year + years, day=28)


def ended(now: datetime, since: datetime | None, years: int) -> bool:
    """`years` calendar years have passed since `since`."""
    return since is not None and now >= years_after(since, years)


def erased_since(moment: datetime) -> tuple[list[str], datetime]:
    """The ids of the records erased after `moment` (from the audit log, one index lookup) and
    the newest erasure's time: the site empties the tab states that still hold them."""
    with read_session() as s:
        rows = trail.since(s, "purge", moment)
    return [entity_id for entity_id, _ in rows], max((at for _, at in rows), default=moment)
