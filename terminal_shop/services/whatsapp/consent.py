"""Who may get WhatsApp messages: a number whose owner ticked the box (the text shown and the
act are kept, as the registration's consent is), until they reply STOP or BERHENTI. The acts
are rows of the one consent log of every channel (notifications/consent.py).

A STOP holds until the number itself writes MULAI or YA: a box ticked at a checkout or in
the wizard is typed by whoever fills the form, who may not own the number (issue 46.9: a
stranger's checkout opted a number in again after its STOP)."""

from __future__ import annotations

from sqlmodel import Session

from terminal_shop.services.notifications import consent as consents
from terminal_shop.services.whatsapp.tables import WhatsAppContact

CHANNEL = consents.WHATSAPP  # the channel's name on its outbox rows and consent acts
STOP_WORDS = frozenset({"STOP", "BERHENTI"})
START_WORDS = frozenset({"MULAI", "YA"})
REPLY = "balasan WhatsApp dari nomor ini"


def opt_back_in(s: Session, number: str, text: str) -> None:
    """The number itself wrote MULAI or YA: consent again, in its own words."""
    consents.give(s, CHANNEL, number, text[:40], REPLY, by_owner=True)


def opt_out(s: Session, number: str, text: str) -> None:
    consents.withdraw(s, CHANNEL, number, text, REPLY)


def stopped(s: Session, number: str) -> bool:
    """The number said STOP and has not taken it back."""
    return consents.withdrawn(s, CHANNEL, number)


def forget(s: Session, number: str) -> None:
    """Erasure: the number's consents and contact go; a STOP it sent is kept under a keyed
    hash only, so it still holds."""
    consents.forget(s, CHANNEL, number)
    if (contact := s.get(WhatsAppContact, number)) is not None:
        s.delete(contact)


def allowed(s: Session, number: str | None) -> bool:
    """Opted in, and not taken back since."""
    return consents.allowed(s, CHANNEL, number)
