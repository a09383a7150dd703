"""What erasure takes of WhatsApp: the WhatsApp area's door for privacy/ (a person's record
erased or restricted reaches what they sent by chat, and their number's consent)."""

from __future__ import annotations

from sqlmodel import Session

from terminal_shop.services.whatsapp import consent, inbox


def erase_sent_about(s: Session, entity_type: str, entity_id: str) -> None:
    """What the person sent about the record (their number, text, a slip's key)."""
    inbox.erase_about(s, entity_type, entity_id)


def erase_strays_from(s: Session, number: str) -> None:
    """What the number sent that joined no record (a stray slip or question)."""
    inbox.erase_strays_from(s, number)


def forget_number(s: Session, number: str) -> None:
    """The number's consents and contact (a STOP it sent is kept under a keyed hash)."""
    consent.forget(s, number)
