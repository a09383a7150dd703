"""Where a person's data is copied besides its own record, and how erasure reaches each copy.

The one list (docs/decisions.md, Personal data): the record's fields and files (erasure.py),
what other areas hold of it (their doors, holders.py PARTS: their records' copies erased here
too), and here
- the outbox: each e-mail about the record keeps its recipient, its body (name, items,
  address), the attached QRIS and invoice PDF; and in the embedded mode its .eml file;
- the WhatsApp messages the person sent about the record (their number, text, a slip), and
  those from the number attached to no record;
- the person's account and contact (erasure.py `_identity_copies`): sign-in codes, sessions and
  the sign-in e-mails of the address, the number's consent acts and WhatsApp contact (a STOP
  kept hashed), unless another live record still has that address or number;
- the audit log and the domain events of the record: an actor such as `pemohon <e-mail>`,
  a detail quoting the person.
Erased, an e-mail keeps only its subject (with the person's words blanked), date and
outcome; a pending one is never sent and none can be sent again ("Kirim ulang" refused).
Restricted (kept under a legal duty, not processed), every message of the record is held:
a pending one is never sent, none can be sent again, and a role that does not read
restricted records sees no recipient (`shown_mails`).
A new copy of personal data is a new entry here, and the erasure test looks for the person
in every table and every stored file, so a copy missed here fails it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import partial
from pathlib import Path

from sqlmodel import Session

from terminal_shop.infra.models import ERASED
from terminal_shop.services.audit import trail
from terminal_shop.services.events import bus
from terminal_shop.services.notifications import erasure as notification_erasure
from terminal_shop.services.notifications.views import MailView
from terminal_shop.services.whatsapp import personal as whatsapp


def person_words(*values: str | None) -> list[str]:
    """The strings that name a person (name, e-mail, phone as typed and as +62/62/0)."""
    words = {v.strip() for v in values if v and len(v.strip()) >= 3 and v.strip() != ERASED}
    for v in list(words):
        digits = re.sub(r"\D", "", v)
        if len(digits) >= 8 and digits.startswith(("0", "62")):
            national = digits[2:] if digits.startswith("62") else digits[1:]
            words |= {"0" + national, "62" + national, "+62" + national}
    return sorted(words, key=len, reverse=True)


def _blank(text: str | None, words: list[str]) -> str | None:
    if not text:
        return text
    for word in words:
        text = re.sub(re.escape(word), ERASED, text, flags=re.IGNORECASE)
    return text


def erase(s: Session, entity_type: str, entity_id: str, words: list[str]) -> list[Path]:
    """Erases the copies in the caller's transaction, each through its area's door; returns the
    .eml files to remove after it commits (files are never removed before the rows that name
    them are gone)."""
    blank = partial(_blank, words=words)
    emls = notification_erasure.erase(s, entity_type, entity_id, blank)
    whatsapp.erase_sent_about(s, entity_type, entity_id)
    trail.blank_words(s, entity_type, entity_id, blank, ERASED)
    bus.blank_words(s, entity_type, entity_id, blank, ERASED)
    return emls


def erase_messages_from(s: Session, number: str) -> None:
    """What the number sent that joined no record (a stray slip or question)."""
    whatsapp.erase_strays_from(s, number)


RESTRICTED = "Dibatasi"  # what a role that does not read restricted records sees instead of a personal value


def restrict(s: Session, entity_type: str, entity_id: str) -> None:
    """Holds every message of the record, in the caller's transaction (the restriction's)."""
    notification_erasure.hold(s, entity_type, entity_id)


def shown_mails(mails: tuple[MailView, ...], readable: bool) -> tuple[MailView, ...]:
    """The mail log as a role sees it: without recipients when the record is restricted
    and the role does not read restricted records."""
    return mails if readable else tuple(replace(m, recipient=RESTRICTED) for m in mails)


def remove(files: list[Path]) -> None:
    for path in files:
        path.unlink(missing_ok=True)
