"""Merchant registrations: the all-or-nothing submission.

A submission stores the record and its documents together. A pair (e-mail, phone)
already registered is refused and the earlier registration stays untouched. A rejected
one is never replaced by a new submission either (anyone who knows those two values
could take it over): the registered address is e-mailed how to have it corrected
(docs/decisions.md, Merchant registrations).
"""

from __future__ import annotations

import logging
import secrets
import time
import uuid
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, func
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.metrics import Figure
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import Storage, StorageError, discard, get_storage
from terminal_shop.infra.uploads import IMAGE_KINDS, CheckedFile, UploadRejected, check_file, strip_metadata
from terminal_shop.privacy_policy import Consent
from terminal_shop.refusals import Refused, first_text
from terminal_shop.services.events.bus import publish
from terminal_shop.services.lists.listing import per_status
from terminal_shop.services.notifications import emails, outbox
from terminal_shop.services.notifications.consent import whatsapp_box_ticked
from terminal_shop.services.registrations import fix_link
from terminal_shop.services.registrations.details import DOC_WRONG_TYPE, validate_details, validate_documents
from terminal_shop.services.registrations.events import RegistrationSubmitted
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import DocumentKind, RegistrationRefusal, RegistrationStatus
from terminal_shop.services.validation import client_ref_ok

FAILED_REASON = RegistrationRefusal.FAILED.label
FIX_MAIL_EVERY = timedelta(days=1)  # the correction link re-sent for a rejected pair
DUPLICATE_REASON = RegistrationRefusal.DUPLICATE.label

log = logging.getLogger(__name__)


class RegistrationError(Refused):
    """The submission was refused: `code` says why, `text` is what the applicant reads."""

    code: RegistrationRefusal


class RejectedRegistration(RegistrationError):
    def __init__(self) -> None:
        super().__init__(RegistrationRefusal.REJECTED)


class DuplicateRegistration(RegistrationError):
    def __init__(self) -> None:
        super().__init__(RegistrationRefusal.DUPLICATE)


def document_key(registration_id: uuid.UUID, doc: DocumentKind, ext: str) -> str:
    """A new, unguessable storage key for one document of a registration."""
    return f"{registration_id}/{doc}/{int(time.time() * 1000)}_{secrets.token_hex(4)}.{ext}"


def registration_for(client_ref: str) -> uuid.UUID | None:
    """The registration a wizard attempt already sent, if it sent one: a tab whose answer
    was lost (connection cut, worker killed) learns it was received."""
    if not client_ref_ok(client_ref):
        return None
    with read_session() as s:
        return s.exec(select(MerchantRegistration.id).where(col(MerchantRegistration.client_ref) == client_ref)).first()


def submit(
    raw: dict[str, str],
    documents: dict[str, bytes],
    storage: Storage | None = None,
    client_ref: str = "",
    *,
    consent: Consent | None,
) -> uuid.UUID:
    """Stores a registration with its documents, or nothing. Returns its id.

    Sent again with the same `client_ref` (a well-formed one), it returns the first
    registration's id and stores nothing. Without the applicant's `consent` nothing is
    stored; with it, the record keeps when, from where and to which privacy text.
    Raises RegistrationError (its message is shown) or UploadRejected for a bad file.
    """
    client_ref = client_ref if client_ref_ok(client_ref) else ""
    if client_ref and (earlier_id := registration_for(client_ref)):
        return earlier_id
    if consent is None:
        raise RegistrationError(RegistrationRefusal.NO_CONSENT)
    values = _checked_details(raw) | consent_fields(consent)
    files = _checked_documents(documents)
    _refuse_a_known_pair(values)
    return _store(values, files, storage or get_storage(), client_ref, consent.whatsapp)


def consent_fields(consent: Consent) -> dict[str, Any]:
    """The consent as the record keeps it (a correction renews it)."""
    return {"consent_at": utcnow(), "consent_address": consent.address[:64], "consent_version": consent.version}


def _checked_details(raw: dict[str, str]) -> dict[str, Any]:
    values, errors = validate_details(raw)
    if values is None:
        raise RegistrationError(RegistrationRefusal.INVALID, words=first_text(errors))
    return values


def _checked_documents(documents: dict[str, bytes]) -> dict[DocumentKind, CheckedFile]:
    """Every required document present, each a real image, its metadata stripped."""
    present = {kind: data for k, data in documents.items() if (kind := DocumentKind.parse(k)) and data}
    if missing := validate_documents(set(present)):
        raise RegistrationError(RegistrationRefusal.INVALID, words=first_text(missing))
    return {k: strip_metadata(check_file(data, IMAGE_KINDS, DOC_WRONG_TYPE)) for k, data in present.items()}


def _refuse_a_known_pair(values: dict[str, Any]) -> None:
    """An e-mail and phone registered before: refused. If that registration was rejected,
    its own address (never the one just typed) is sent the link to correct it."""
    with read_session() as s:
        earlier = s.exec(
            select(MerchantRegistration).where(
                col(MerchantRegistration.email) == values["email"],
                col(MerchantRegistration.nomor_hp) == values["nomor_hp"],
            )
        ).first()
    if earlier is None:
        return
    if earlier.status != RegistrationStatus.REJECTED:
        raise DuplicateRegistration()
    prefix = f"registration:{earlier.id}:fix-requested:"
    with write_session() as s:
        # at most one such e-mail a day, however often the pair is sent
        if not outbox.written_since(s, prefix, utcnow() - FIX_MAIL_EVERY):
            row = s.get(MerchantRegistration, earlier.id)
            assert row is not None  # read above; registrations are erased, never deleted, by the public
            link = fix_link.link(row) if fix_link.link_alive(row) else fix_link.open_link(row)
            s.add(row)
            mail = emails.registration_fix_requested(row, link)
            outbox.enqueue(s, prefix + utcnow().isoformat(), "merchant", str(row.id), mail)
    raise RejectedRegistration()


def _store(
    values: dict[str, Any],
    files: dict[DocumentKind, CheckedFile],
    storage: Storage,
    client_ref: str,
    whatsapp: bool = False,
) -> uuid.UUID:
    """The documents, then the record and its e-mail in one transaction; on any failure the
    stored documents are removed again."""
    registration_id = uuid.uuid4()
    bucket = get_settings().bucket_merchant_documents
    stored: list[str] = []
    photos: dict[str, Any] = {d.column: None for d in DocumentKind}
    try:
        for doc, file in files.items():
            key = document_key(registration_id, doc, file.extension)
            storage.put(bucket, key, file.data, file.content_type)
            stored.append(key)
            photos[doc.column] = key
        _insert(registration_id, values, photos, client_ref, whatsapp)
    except IntegrityError:
        discard(storage, bucket, *stored)
        if client_ref and (winner := registration_for(client_ref)):  # the same attempt, sent twice at once
            return winner
        raise DuplicateRegistration() from None
    except StorageError as exc:
        discard(storage, bucket, *stored)
        raise RegistrationError(RegistrationRefusal.FAILED) from exc
    except BaseException:
        discard(storage, bucket, *stored)
        raise
    log.info("registration %s received with %d documents", registration_id, len(stored))
    return registration_id


def _insert(
    registration_id: uuid.UUID, values: dict[str, Any], photos: dict[str, Any], client_ref: str, whatsapp: bool
) -> None:
    now = utcnow()
    with write_session() as s:
        s.add(
            MerchantRegistration(
                id=registration_id,
                client_ref=client_ref or None,
                status=RegistrationStatus.PENDING.value,
                created_at=now,
                updated_at=now,
                **values,
                **photos,
            )
        )
        if whatsapp:  # before the event: its WhatsApp message goes to a number that opted in
            whatsapp_box_ticked(s, values["nomor_hp"], "formulir pendaftaran merchant", now)
        publish(s, RegistrationSubmitted(entity_id=str(registration_id), actor="pemohon", new_status="pending"))


# The SPEC's failure link carries a text; one that speaks of a duplicate shows the duplicate tips.
DUPLICATE_MARKERS = ("duplicate", "unique constraint", "sudah terdaftar", "uq_merchant_email_hp")


def is_duplicate_reason(reason: str) -> bool:
    text = reason.lower()
    return any(m in text for m in DUPLICATE_MARKERS)


def refusal_from_link(given: str) -> RegistrationRefusal:
    """What the failure page shows for its link's `reason`: a code's text, one of the site's
    texts, the duplicate tips for a reason that speaks of a duplicate (the SPEC's rule), or
    the default; never the link's own words."""
    if is_duplicate_reason(given):
        return RegistrationRefusal.DUPLICATE
    return RegistrationRefusal.from_link(given, RegistrationRefusal.UNKNOWN)


__all__ = [
    "DuplicateRegistration",
    "RegistrationError",
    "UploadRejected",
    "registration_for",
    "submit",
]


def operator_figures(conn: Connection, now: datetime) -> Iterator[Figure]:
    """The operator's figures (/metrics): registrations by status, the last hour's."""
    for status, n in per_status(conn, "merchant_registrations").items():
        yield "registrations", "Merchant registrations stored, by status", {"status": status}, n
    since = now - timedelta(hours=1)
    sent = conn.execute(select(func.count()).where(col(MerchantRegistration.created_at) >= since)).scalar_one()
    yield "registrations_last_hour", "Registrations sent in the last hour", {}, int(sent)


def document_keys(ids: list[uuid.UUID]) -> set[str]:
    """The stored documents of these registrations (services/stored_files.py: what the sweeper keeps)."""
    columns = [getattr(MerchantRegistration, d.column) for d in DocumentKind]
    with read_session() as s:
        rows = s.exec(select(*columns).where(col(MerchantRegistration.id).in_(ids)))
        return {key for row in rows for key in row if key}
