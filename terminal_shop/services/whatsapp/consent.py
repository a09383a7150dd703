"""Who may get WhatsApp messages: a number whose owner ticked the box (the text shown is
kept with the time, as the registration's consent is), until they reply STOP or BERHENTI.

A STOP holds until the number itself writes MULAI or YA: a box ticked at a checkout or in
the wizard is typed by whoever fills the form, who may not own the number (issue 46.9: a
stranger's checkout opted a number in again after its STOP)."""

from __future__ import annotations

import hashlib
import hmac
from datetime import datetime

from sqlmodel import Session

from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.validation import normalise_mobile
from terminal_shop.services.whatsapp.tables import WhatsAppContact

CONSENT_TEXT = "Kirim info pesanan lewat WhatsApp"  # the checkbox at checkout and in the wizard
STOP_WORDS = frozenset({"STOP", "BERHENTI"})
START_WORDS = frozenset({"MULAI", "YA"})


def wa_number(phone: str) -> str | None:
    """A mobile number as the Cloud API takes it (62812..., no '+'), or None."""
    normal = normalise_mobile(phone or "")
    return normal.lstrip("+") if normal else None


def _kept_stop(number: str) -> str:
    """The key a STOP is kept under once the number itself is erased: a keyed hash (20
    characters, the column's size), so the number cannot be read back, yet a form typing it
    again still finds the STOP."""
    digest = hmac.new(get_settings().secret_key.encode(), f"wa-stop:{number}".encode(), hashlib.sha256).hexdigest()
    return "h" + digest[:19]


def opt_in(s: Session, phone: str, text: str, at: datetime | None = None) -> None:
    """A box ticked on a form: consent, unless the number has said STOP (only it can undo that)."""
    number = wa_number(phone)
    if number is None:
        return
    contact = s.get(WhatsAppContact, number) or WhatsAppContact(phone=number)
    if contact.opted_out_at is not None or s.get(WhatsAppContact, _kept_stop(number)) is not None:
        return
    contact.opted_in_at, contact.opt_in_text = at or utcnow(), text[:300]
    s.add(contact)


def opt_back_in(s: Session, number: str, text: str) -> None:
    """The number itself wrote MULAI or YA: consent again, in its own words."""
    contact = s.get(WhatsAppContact, number) or WhatsAppContact(phone=number)
    contact.opted_in_at, contact.opt_in_text = utcnow(), f"{text[:40]} (ditulis dari nomor ini)"
    contact.opted_out_at = None
    s.add(contact)
    if (kept := s.get(WhatsAppContact, _kept_stop(number))) is not None:
        s.delete(kept)


def forget(s: Session, number: str) -> None:
    """Erasure: the number's contact goes (its opt-in text and times); a STOP it sent is kept
    under a keyed hash only, so it still holds."""
    contact = s.get(WhatsAppContact, number)
    if contact is None:
        return
    if contact.opted_out_at is not None and s.get(WhatsAppContact, _kept_stop(number)) is None:
        s.add(WhatsAppContact(phone=_kept_stop(number), opted_out_at=contact.opted_out_at, opt_out_text="STOP"))
    s.delete(contact)


def opt_out(s: Session, number: str, text: str) -> None:
    contact = s.get(WhatsAppContact, number) or WhatsAppContact(phone=number)
    contact.opted_out_at, contact.opt_out_text = utcnow(), text[:300]
    s.add(contact)


def allowed(s: Session, number: str | None) -> bool:
    """Opted in, and not taken back since."""
    contact = s.get(WhatsAppContact, number) if number else None
    if contact is None or contact.opted_in_at is None:
        return False
    return contact.opted_out_at is None or contact.opted_out_at < contact.opted_in_at
