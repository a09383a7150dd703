"""The only place an admin changes a registration's status (docs/decisions.md, Merchant
registrations): the dates retention counts from, the rejection's reason and correction
link, and the event whose subscribers write the audit entry and tell the applicant."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from terminal_shop import rules
from terminal_shop.infra.settings import get_settings
from terminal_shop.refusals import Refused
from terminal_shop.services.events.bus import publish
from terminal_shop.services.registrations import fix_link
from terminal_shop.services.registrations.events import (
    RegistrationApproved,
    RegistrationEdited,
    RegistrationEvent,
    RegistrationRejected,
    RegistrationReopened,
)
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import ChangeRefusal, RegistrationStatus


class ChangeRefused(Refused):
    code: ChangeRefusal


def editable(row: MerchantRegistration) -> None:
    """Raises ChangeRefused for a record erased or restricted: it is read-only."""
    if row.purged_at is not None:
        raise ChangeRefused(ChangeRefusal.ERASED)
    if row.restricted_at is not None:
        raise ChangeRefused(ChangeRefusal.RESTRICTED)


EVENTS: dict[RegistrationStatus, type[RegistrationEvent]] = {
    RegistrationStatus.APPROVED: RegistrationApproved,
    RegistrationStatus.REJECTED: RegistrationRejected,
    RegistrationStatus.PENDING: RegistrationReopened,
}


def change(
    s: Session,
    row: MerchantRegistration,
    status: RegistrationStatus,
    reason: str | None,
    admin_email: str,
    now: datetime,
    fix_items: list[str] | None = None,
) -> None:
    """Sets `status` on the locked `row` (fields already edited) in the caller's transaction.
    Raises ChangeRefused: an approved merchant is never rejected (a rejection starts the purge
    of an identity the company must keep); use "berhenti" (`ended_at`) instead."""
    old_status = row.status
    if old_status == RegistrationStatus.APPROVED and status is RegistrationStatus.REJECTED:
        raise ChangeRefused(ChangeRefusal.KEPT_BY_LAW, years=rules.years(get_settings().retention_ended_years))
    row.status, row.updated_at = status.value, now
    if status is RegistrationStatus.APPROVED:
        row.verified_at = row.verified_at or now
    elif status is RegistrationStatus.REJECTED:
        row.verified_at = None
    # When retention counts from (services/privacy/retention.py).
    rejected = status is RegistrationStatus.REJECTED
    row.rejected_at = (row.rejected_at if old_status == status else now) if rejected else None
    row.rejection_reason = (reason or "").strip() or None if rejected else None
    if rejected and old_status != status:  # the applicant corrects what is marked, through a link of their own
        fix_link.open_link(row, fix_items)
    s.add(row)
    event = RegistrationEdited if old_status == status else EVENTS[status]
    publish(s, event(entity_id=str(row.id), actor=admin_email, old_status=old_status, new_status=status.value,
                     detail=row.rejection_reason))  # fmt: skip
