"""A sign-in code by WhatsApp: the WhatsApp area's door for the customers' sign-in
(customers/signin.py), through the channel's own consent and daily limit."""

from __future__ import annotations

from sqlmodel import Session

from terminal_shop.infra.models import utcnow
from terminal_shop.services.notifications import outbox
from terminal_shop.services.whatsapp.channel import WHATSAPP_CHANNEL, template_mail
from terminal_shop.services.whatsapp.consent import CHANNEL


def queue_sign_in_code(s: Session, number: str, code: str, address: str) -> bool:
    """A sign-in code by WhatsApp (services/customers/signin.py), to a number that opted in;
    False when it cannot go (the code then goes nowhere: the answer to the person is the same)."""
    if not WHATSAPP_CHANNEL.consents(s, number):
        return False
    key = f"wa:sign-in:{number}:{utcnow().isoformat()}"
    return outbox.enqueue(s, key, "customer", address, template_mail(number, "sign_in_code", [code]), CHANNEL)
