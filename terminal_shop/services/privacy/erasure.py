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
from typing import Any

from sqlmodel import Session

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import Held
from terminal_shop.infra.storage import Storage, discard, get_storage
from terminal_shop.services.audit import trail
from terminal_shop.services.customers import sessions, signin
from terminal_shop.services.events.bus import publish
from terminal_shop.services.privacy import copies
from terminal_shop.services.privacy.events import RecordErased
from terminal_shop.services.privacy.holders import HOLDERS, MERCHANT, ORDER, PARTS
from terminal_shop.services.validation import wa_number
from terminal_shop.services.whatsapp import personal as whatsapp

SYSTEM = "sistem (retensi)"  # who erases when a retention period ends


def erase_merchant(
    merchant_id: uuid.UUID,
    who: str,
    why: str,
    still_due: Callable[[Any], bool] = lambda _: True,
    storage: Storage | None = None,
    then: Callable[[Session], None] | None = None,
) -> int | None:
    """Erases one registration's personal data. Returns how many files went, or None when
    there was nothing to do (erased already, or no longer due). `then` runs in the erasure's
    transaction (a request answered by it)."""
    return _erase(HOLDERS[MERCHANT], merchant_id, who, why, still_due, storage, then)


def erase_order(
    order_id: uuid.UUID,
    who: str,
    why: str,
    still_due: Callable[[Any], bool] = lambda _: True,
    storage: Storage | None = None,
) -> int | None:
    """Erases one order's buyer data and proof; the order's items, amounts and dates stay."""
    return _erase(HOLDERS[ORDER], order_id, who, why, still_due, storage, None)


def _erase(
    holder: Any,
    record_id: uuid.UUID,
    who: str,
    why: str,
    still_due: Callable[[Any], bool],
    storage: Storage | None,
    then: Callable[[Session], None] | None,
) -> int | None:
    """`holder`: the area's door for personal data (holders.py). The row is locked until the
    commit (PostgreSQL; SQLite's write transaction is exclusive) and checked again."""
    entity = holder.ENTITY
    with write_session() as s:
        row = holder.record(s, record_id, lock=True)
        if row is None or row.purged_at is not None or not still_due(row):
            return None
        held = [Held(files=tuple((holder.bucket(), key) for _, key in holder.files(s, record_id)))]
        held += [part(s, record_id) for part in PARTS[entity]]
        words = copies.person_words(*holder.personal_values(s, record_id), *(a for h in held for a in h.addresses))
        emls = copies.erase(s, entity, str(record_id), words) + _identity_copies(s, holder, row, words)
        emls += _parts_copies(s, held, row, words)
        files = [f for h in held for f in h.files]
        status = row.status
        holder.blank(s, record_id)
        publish(s, RecordErased(entity_type=entity, entity_id=str(record_id), actor=who, old_status=status,
                                new_status=status, detail=f"{why}; {len(files)} {holder.FILES_ARE} dihapus"))  # fmt: skip
        if then is not None:
            then(s)
    copies.remove(emls)
    storage = storage or get_storage()
    for bucket in {b for b, _ in files}:
        discard(storage, bucket, *(k for b, k in files if b == bucket))
    return len(files)


def _parts_copies(s: Session, held: list[Held], row: Any, words: list[str]) -> list[Path]:
    """The copies of what the areas erased with the record (their records' e-mails, audit lines
    and events; their people's accounts), in the erasure's transaction."""
    emls: list[Path] = []
    for entity_type, entity_id in {r for h in held for r in h.records}:
        emls += copies.erase(s, entity_type, entity_id, words)
    for address in {a for h in held for a in h.addresses}:
        emls += _account_copies(s, address, row.id, words)
    return emls


def _identity_copies(s: Session, holder: Any, row: Any, words: list[str]) -> list[Path]:
    """The person's account (sign-in codes, sessions, sign-in e-mails) and WhatsApp contact and
    stray messages go with the record (issue 46.12), unless another live record still has the
    same address or number: then they are that record's person's too."""
    emls = sign_out(s, holder, row, words)
    number = wa_number(holder.contact(row)[1])
    if number and not _number_in_use(s, number, row.id):
        whatsapp.forget_number(s, number)
        copies.erase_messages_from(s, number)
    return emls


def sign_out(s: Session, holder: Any, row: Any, words: list[str]) -> list[Path]:
    """In the caller's transaction: the record's person's account goes (sign-in codes, sessions,
    sign-in e-mails), unless another live record has the same address. An erasure and a
    restriction both (issue 63.7: a restricted order's buyer stayed signed in for 30 days). The
    stored e-mail files to remove after the commit."""
    return _account_copies(s, holder.contact(row)[0], row.id, words)


def _account_copies(s: Session, email: str, record_id: uuid.UUID, words: list[str]) -> list[Path]:
    address = signin.normal_email(email)
    if not address or any(h.address_in_use(s, address, record_id) for h in HOLDERS.values()):
        return []
    sessions.forget(s, address)
    return copies.erase(s, "customer", address, words)


def _number_in_use(s: Session, number: str, record_id: uuid.UUID) -> bool:
    """Typed phones are spelled many ways: candidates by their last 8 digits, compared normalised."""
    tail = f"%{number[-8:]}%"
    phones = [p for h in HOLDERS.values() for p in h.phones_like(s, tail, record_id)]
    return any(wa_number(p) == number for p in phones)


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
