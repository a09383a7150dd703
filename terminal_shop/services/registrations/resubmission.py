"""A rejected applicant corrects their own registration through a link e-mailed to the
registered address: valid 14 days, dead once used. Only what the admin marked may change;
the same record goes back to pending and the audit log keeps its history.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from terminal_shop.formats import rupiah
from terminal_shop.infra import rate_limits
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.rate_limits import Action
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import StorageError, discard, get_storage
from terminal_shop.infra.uploads import IMAGE_KINDS, CheckedFile, check_file, strip_metadata
from terminal_shop.privacy_policy import Consent
from terminal_shop.refusals import Refused, first_text
from terminal_shop.services.events.bus import publish
from terminal_shop.services.registrations import fields
from terminal_shop.services.registrations.details import DOC_WRONG_TYPE, validate_details
from terminal_shop.services.registrations.events import RegistrationCorrected
from terminal_shop.services.registrations.fix_link import ALL_ITEMS, link_alive, token_matches
from terminal_shop.services.registrations.submission import consent_fields, document_key
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import (
    DocumentKind,
    FixGroup,
    FixRefusal,
    RegistrationStatus,
)
from terminal_shop.services.validation import parse_id


class ResubmissionError(Refused):
    code: FixRefusal


@dataclass(frozen=True)
class FixView:
    """What the correction page shows: the registration as stored, and what may change."""

    id: str
    nama_usaha: str
    reason: str
    form: dict[str, str]
    groups: tuple[str, ...]  # FixGroup values the applicant may edit
    documents: tuple[str, ...]  # DocumentKind values to upload again


def _row_for(registration_id: str, given: str) -> MerchantRegistration:
    if (rid := parse_id(registration_id)) is None:
        raise ResubmissionError(FixRefusal.LINK)
    with read_session() as s:
        row = s.get(MerchantRegistration, rid)
    if row is None or row.status != RegistrationStatus.REJECTED or not link_alive(row):
        raise ResubmissionError(FixRefusal.LINK)
    if not token_matches(row, given):
        raise ResubmissionError(FixRefusal.LINK)
    return row


def view(registration_id: str, given: str) -> FixView:
    row = _row_for(registration_id, given)
    form = {f: "" if getattr(row, f) is None else str(getattr(row, f)) for f in fields.NAMES}
    form["omzet_bulanan"] = rupiah(row.omzet_bulanan)
    items = row.fix_items or ALL_ITEMS
    return FixView(
        id=str(row.id),
        nama_usaha=row.nama_usaha,
        reason=row.rejection_reason or "",
        form=form,
        groups=tuple(g.value for g in FixGroup if g.value in items),
        documents=tuple(d.value for d in DocumentKind if d.value in items),
    )


def resubmit(
    registration_id: str, given: str, typed: dict[str, str], documents: dict[str, bytes], *, consent: Consent | None
) -> uuid.UUID:
    """Applies the correction: marked fields from `typed`, marked documents replaced, the
    consent renewed (refused without it). The link dies with it. Raises ResubmissionError
    (its message is shown) or UploadRejected."""
    row = _row_for(registration_id, given)
    if consent is None:
        raise ResubmissionError(FixRefusal.NO_CONSENT)
    items = row.fix_items or ALL_ITEMS
    editable = set(fields.correctable_names(items))
    current = view(registration_id, given).form
    merged = {f: (str(typed.get(f, "")) if f in editable else current[f]) for f in current}
    values, errors = validate_details(merged)
    if values is None:
        raise ResubmissionError(FixRefusal.INVALID, words=first_text(errors))
    wanted = [d for d in DocumentKind if d.value in items]
    missing = [d for d in wanted if not documents.get(d.value)]
    if missing:
        raise ResubmissionError(FixRefusal.DOCUMENT, label=missing[0].label)
    checked = {d: strip_metadata(check_file(documents[d.value], IMAGE_KINDS, DOC_WRONG_TYPE)) for d in wanted}
    try:  # the correction is e-mailed to the registered address: public actions may write to it rarely
        rate_limits.hit(Action.MAIL_TO, row.email)
    except rate_limits.TooMany as exc:
        raise ResubmissionError(FixRefusal.BUSY, minutes=exc.minutes) from None
    return _store(row, values | consent_fields(consent), checked, items)


def _store(
    row: MerchantRegistration, values: dict[str, Any], checked: dict[DocumentKind, CheckedFile], items: list[str]
) -> uuid.UUID:
    """The new documents, then the record (if the link is still unused: the row is locked
    while it is checked and changed), its audit row and e-mail; the replaced documents go."""
    wanted = list(checked)
    storage, bucket = get_storage(), get_settings().bucket_merchant_documents
    stored, old = [], []
    try:
        photos = {}
        for d, file in checked.items():
            key = document_key(row.id, d, file.extension)
            storage.put(bucket, key, file.data, file.content_type)
            stored.append(key)
            photos[d.column] = key
        now = utcnow()
        with write_session() as s:
            fresh = s.get(MerchantRegistration, row.id, with_for_update=True)  # a second tab waits here
            if fresh is None or fresh.fix_nonce != row.fix_nonce or fresh.status != RegistrationStatus.REJECTED:
                raise ResubmissionError(FixRefusal.LINK)  # used meanwhile, by a double click or a second tab
            old = [getattr(fresh, c) for c in photos if getattr(fresh, c)]
            for k, v in {**values, **photos}.items():
                setattr(fresh, k, v)
            fresh.status, fresh.rejection_reason, fresh.verified_at = RegistrationStatus.PENDING.value, None, None
            fresh.rejected_at = None  # corrected: retention of a rejection no longer runs
            fresh.fix_items = fresh.fix_nonce = fresh.fix_expires_at = None
            fresh.updated_at = now
            s.add(fresh)
            changed = ", ".join([g.label for g in FixGroup if g.value in items] + [d.label for d in wanted])
            old_new = (RegistrationStatus.REJECTED.value, RegistrationStatus.PENDING.value)
            publish(s, RegistrationCorrected(entity_id=str(row.id), actor=f"pemohon <{row.email}>",
                                             old_status=old_new[0], new_status=old_new[1], detail=changed))  # fmt: skip
    except (StorageError, ResubmissionError) as exc:
        discard(storage, bucket, *stored)
        if isinstance(exc, ResubmissionError):
            raise
        raise ResubmissionError(FixRefusal.STORAGE) from exc
    except BaseException:
        discard(storage, bucket, *stored)
        raise
    discard(storage, bucket, *old)
    return row.id
