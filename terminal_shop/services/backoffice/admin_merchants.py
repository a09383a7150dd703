"""The admin's merchant page: the registration with what other areas know of it (its
history, who looked at its documents, its mails, retention and requests). The list is the
registrations area's (merchant_list), and so are its edits (admin_edit)."""

from __future__ import annotations

from dataclasses import dataclass

from terminal_shop.formats import wib
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.audit import access_log
from terminal_shop.services.audit.terms import AccessAction
from terminal_shop.services.backoffice import audit
from terminal_shop.services.notifications import mail_log
from terminal_shop.services.privacy import copies, requests, retention
from terminal_shop.services.registrations.admin_edit import NotFound, find_row, form_values
from terminal_shop.services.registrations.terms import DocumentKind, RegistrationStatus
from terminal_shop.services.registrations.views import DocumentView, MerchantView
from terminal_shop.views import Badge

__all__ = ["NotFound", "MerchantDetail", "detail"]


@dataclass(frozen=True)
class MerchantDetail:
    form: dict[str, str]  # the edit form's values (form_values), masked when restricted and not readable
    view: MerchantView


def detail(merchant_id: str, viewer: str = "", reads_restricted: bool = False) -> MerchantDetail:
    """`viewer`: the admin opening the page, whose look at the documents is logged.
    A record restricted on the applicant's request shows its documents only to a role that
    `reads_restricted` (the owner's: permissions.Permission.PERSONAL_DATA)."""
    with read_session() as s:
        row = find_row(s, merchant_id)
    readable = row.restricted_at is None or reads_restricted
    shown = [d.label for d in DocumentKind if getattr(row, d.column)] if readable else []
    if viewer and shown:
        with write_session() as s:  # the look is logged: the view is this use case's one write
            access_log.record_in(s, viewer, AccessAction.VIEWED, "merchant", str(row.id), ", ".join(shown))
    storage, bucket = get_storage(), get_settings().bucket_merchant_documents
    view = MerchantView(
        id=str(row.id),
        status=row.status,
        badge=Badge.of(RegistrationStatus, row.status),
        created_at=wib(row.created_at),
        updated_at=wib(row.updated_at),
        verified_at=wib(row.verified_at),
        documents=tuple(
            DocumentView(
                d.value,
                d.label,
                storage.signed_url(bucket, key) if (key := getattr(row, d.column)) and readable else "",
            )
            for d in DocumentKind
        ),
        history=audit.history("merchant", str(row.id)),
        mails=copies.shown_mails(mail_log.for_entity("merchant", str(row.id)), readable),
        access=access_log.history("merchant", str(row.id)),
        retention=retention.purge_note("merchant", row),
        requests=requests.open_requests("merchant", str(row.id)),
        ended=row.ended_at is not None,
        erased=row.purged_at is not None,
        restricted=requests.restriction_note("merchant", row),
    )
    form = form_values(row)
    if not readable:  # restricted: only its status and dates (docs/decisions.md, Personal data)
        form = {k: (v if k == "status" else copies.RESTRICTED) for k, v in form.items()}
    return MerchantDetail(form, view)
