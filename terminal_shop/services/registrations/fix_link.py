"""The correction link of a rejected registration: a one-time secret on the record, signed
with SECRET_KEY, valid 14 days. Used by the rejection e-mail, the refused re-registration
and the correction page (services/registrations/resubmission.py)."""

from __future__ import annotations

import secrets
import uuid

from sqlmodel import Session

from terminal_shop import routes, rules
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.signing import sign, verify
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.registrations.terms import DocumentKind, FixGroup

LINK_VALID = rules.FIX_LINK_VALID
ALL_ITEMS = [*(g.value for g in FixGroup), *(d.value for d in DocumentKind)]


def token(registration_id: uuid.UUID, nonce: str) -> str:
    return sign("fix", registration_id, nonce, length=40)


def token_matches(row: MerchantRegistration, given: str) -> bool:
    return bool(row.fix_nonce) and verify(given, "fix", row.id, row.fix_nonce, length=40)


def link(row: MerchantRegistration) -> str:
    """The record's correction link; it must have one open (`open_link`)."""
    assert row.fix_nonce, row.id
    return (
        f"{get_settings().public_url}{routes.with_id(routes.REGISTRATION_FIX, row.id)}?t={token(row.id, row.fix_nonce)}"
    )


def link_alive(row: MerchantRegistration) -> bool:
    return bool(row.fix_nonce and row.fix_expires_at and row.fix_expires_at > utcnow())


def open_link(row: MerchantRegistration, items: list[str] | None = None) -> str:
    """Gives a rejected registration a fresh link (the caller commits it); returns the link."""
    row.fix_items = [i for i in (items or row.fix_items or ALL_ITEMS) if i in ALL_ITEMS] or ALL_ITEMS
    row.fix_nonce = secrets.token_hex(16)
    row.fix_expires_at = utcnow() + LINK_VALID
    return link(row)


def link_of(s: Session, registration_id: uuid.UUID) -> str:
    """The correction link of a registration that has one open, in the caller's transaction."""
    row = s.get(MerchantRegistration, registration_id)
    assert row is not None, registration_id
    return link(row)
