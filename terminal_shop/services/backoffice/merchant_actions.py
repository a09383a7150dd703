"""What an admin does to a merchant's record beyond its fields and status: replace a document,
mark the business relationship ended or resumed, delete it, approve a new payout account. Each
change is an event, audited in its transaction."""

from __future__ import annotations

import time
from datetime import datetime

from terminal_shop.infra import uploads
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import discard, get_storage
from terminal_shop.services.audit import access_log
from terminal_shop.services.audit.terms import AccessAction
from terminal_shop.services.events.bus import publish
from terminal_shop.services.registrations import payout_account, transitions
from terminal_shop.services.registrations.admin_edit import find_row
from terminal_shop.services.registrations.events import (
    DocumentReplaced,
    RegistrationDeleted,
    RegistrationEnded,
    RegistrationResumed,
)
from terminal_shop.services.registrations.terms import DocumentKind, RegistrationStatus
from terminal_shop.services.team import two_factor
from terminal_shop.services.team.terms import CodeRefusal

NOT_IMAGE = ("File harus berupa gambar",) * 2  # an admin's replacement document: its toast's title and text


def delete(merchant_id: str, admin_email: str) -> None:
    """Removes the registration and its stored documents."""
    storage, bucket = get_storage(), get_settings().bucket_merchant_documents
    with write_session() as s:
        row = find_row(s, merchant_id)
        keys = [getattr(row, d.column) for d in DocumentKind if getattr(row, d.column)]
        keys += payout_account.forget(s, row.id)
        # Nothing personal in the entry: it outlives the record (docs/decisions.md, Personal data).
        gone = f"{len(keys)} dokumen dihapus"
        publish(s, RegistrationDeleted(entity_id=str(row.id), actor=admin_email, old_status=row.status, detail=gone))
        s.delete(row)
    discard(storage, bucket, *keys)


def mark_ended(merchant_id: str, admin_email: str, ended: bool) -> None:
    """An approved merchant's relationship ended ("berhenti"), or resumed: retention counts
    RETENTION_ENDED_YEARS from the end (services/privacy/retention.py)."""
    with write_session() as s:
        row = find_row(s, merchant_id)
        if row.status != RegistrationStatus.APPROVED or (row.ended_at is not None) == ended:
            return
        row.ended_at = utcnow() if ended else None
        s.add(row)
        event, said = (RegistrationEnded, "berakhir") if ended else (RegistrationResumed, "berlanjut")
        publish(s, event(entity_id=str(row.id), actor=admin_email, old_status=row.status, new_status=row.status,
                         detail=f"Hubungan usaha {said}"))  # fmt: skip


def replace_document(merchant_id: str, doc: str, filename: str, data: bytes, admin_email: str) -> None:
    """Stores the new image, points the record at it, then removes the old file."""
    kind = DocumentKind.parse(doc)
    if kind is None:
        raise uploads.UploadRejected(uploads.UploadRefusal.WRONG_TYPE, wrong_type=NOT_IMAGE)
    checked = uploads.strip_metadata(uploads.check_file(data, uploads.IMAGE_KINDS, NOT_IMAGE))
    column = kind.column
    storage, bucket = get_storage(), get_settings().bucket_merchant_documents
    with read_session() as s:
        row = find_row(s, merchant_id)
    transitions.editable(row)  # raises ChangeRefused for an erased or restricted record
    stem = uploads.safe_name(filename, kind.value).rsplit(".", 1)[0]
    key = f"{row.id}/{kind.value}/{int(time.time() * 1000)}_{stem}.{checked.extension}"
    storage.put(bucket, key, checked.data, checked.content_type)
    try:
        with write_session() as s:
            current = find_row(s, merchant_id, lock=True)
            transitions.editable(current)  # erased or restricted meanwhile: refused, the new file goes
            old_key = getattr(current, column)
            setattr(current, column, key)
            current.updated_at = utcnow()
            s.add(current)
            publish(s, DocumentReplaced(entity_id=str(current.id), actor=admin_email, old_status=current.status,
                                        new_status=current.status, detail=doc))  # fmt: skip
            access_log.record_in(s, admin_email, AccessAction.REPLACED, "merchant", str(current.id), kind.label)
    except BaseException:
        discard(storage, bucket, key)
        raise
    if old_key and old_key != key:
        discard(storage, bucket, old_key)


def approve_account_change(admin_id: str, admin_email: str, change_id: str, code: str, reason: str) -> datetime:
    """A new payout account approved with the admin's second factor asked again (issue 61.4), in
    one transaction: a wrong code is remembered and refused, nothing else changes. When it is used."""
    with write_session() as s:
        payout_account.approvable(s, change_id, admin_email, reason)
        if two_factor.confirmed_in(s, admin_id, code):
            return payout_account.approve_in(s, change_id, admin_email, reason)
    raise two_factor.CodeRefused(CodeRefusal.WRONG)  # the failed try committed: the throttle counts it
