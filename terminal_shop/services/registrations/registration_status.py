"""What an applicant may see of their registration, and how they get the link to it.

The status page is reached only by a signed link sent to the registered e-mail. Asking
for it on /dashboard (e-mail plus HP) always gets the same answer, whether or not such a
registration exists: nothing about a registration is shown to whoever merely types those
two values.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from sqlmodel import col, select

from terminal_shop import routes, rules
from terminal_shop.formats import wib
from terminal_shop.infra import rate_limits
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.rate_limits import Action
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.signing import sign, verify
from terminal_shop.services import working_days
from terminal_shop.services.notifications import emails, outbox
from terminal_shop.services.orders.order_status import LookupRefused, throttle_lookup
from terminal_shop.services.orders.terms import LookupRefusal
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import RegistrationStatus
from terminal_shop.services.validation import clean, email_ok, normalise_mobile, parse_id

ANSWER = (
    "Jika pendaftaran dengan email dan nomor HP ini ada, kami sudah mengirim tautan statusnya ke email yang terdaftar."
)
FOR_APPLICANT = {
    RegistrationStatus.PENDING: "Sedang diverifikasi",
    RegistrationStatus.APPROVED: "Disetujui",
    RegistrationStatus.REJECTED: "Belum disetujui",
}


def status_token(registration_id: uuid.UUID | str) -> str:
    return sign("registration-status", uuid.UUID(str(registration_id)))


def status_link(registration_id: uuid.UUID | str) -> str:
    path = f"{routes.with_id(routes.REGISTRATION_STATUS, registration_id)}?t={status_token(registration_id)}"
    return get_settings().public_url + path


@dataclass(frozen=True)
class RegistrationStatusView:
    nama_usaha: str
    status: str
    status_label: str
    submitted_at: str
    note: str  # what happens next, in the applicant's words
    reason: str = ""


def link_holder(registration_id: str, token: str) -> uuid.UUID | None:
    """The registration a status link opens, or None for a link that is not ours."""
    if (rid := parse_id(registration_id)) is None:
        return None
    return rid if verify(clean(token), "registration-status", rid) else None


def load(registration_id: str, token: str) -> RegistrationStatusView | None:
    if (rid := parse_id(registration_id)) is None:
        return None
    if not verify(clean(token), "registration-status", rid):
        return None
    with read_session() as s:
        row = s.get(MerchantRegistration, rid)
    if row is None:
        return None
    status = RegistrationStatus.parse(row.status) or RegistrationStatus.PENDING
    if status is RegistrationStatus.PENDING:
        due = working_days.review_due(working_days.today_wib(row.updated_at))
        note = f"Tim kami memverifikasi data dan dokumen Anda paling lambat {working_days.spoken(due)}."
    elif status is RegistrationStatus.APPROVED:
        note = "Tim kami akan menghubungi Anda untuk aktivasi perangkat dan akun."
    else:
        note = f"Perbaiki data atau dokumen lewat tautan perbaikan di email penolakan kami (berlaku {rules.days(rules.FIX_LINK_VALID)})."
    return RegistrationStatusView(
        row.nama_usaha, status.value, FOR_APPLICANT[status], wib(row.created_at), note, row.rejection_reason or ""
    )


def _may_mail(address: str) -> bool:
    """Whether a public request may still write to this address now. Past the limit the
    request is answered the same (it tells nobody whether the pair exists): no e-mail."""
    try:
        rate_limits.hit(Action.MAIL_TO, address)
    except rate_limits.TooMany:
        return False
    return True


def request_link(email: str, phone: str, client: str) -> str:
    """E-mails the status link to the registered address if the pair exists; the answer
    is the same either way. Raises LookupRefused for bad input or too many requests."""
    email, mobile = clean(email).lower(), normalise_mobile(phone)
    if not email_ok(email) or mobile is None:
        raise LookupRefused(LookupRefusal.REGISTRATION_FIELDS)
    throttle_lookup(client)
    with read_session() as s:
        row = s.exec(
            select(MerchantRegistration).where(
                col(MerchantRegistration.email) == email, col(MerchantRegistration.nomor_hp) == mobile
            )
        ).first()
    if row is not None and _may_mail(row.email):
        with write_session() as s:
            key = f"registration:{row.id}:status-link:{utcnow().isoformat()}"
            outbox.enqueue(s, key, "merchant", str(row.id), emails.registration_status_link(row, status_link(row.id)))
    return ANSWER
