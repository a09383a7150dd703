"""Where a person's data is copied besides its own record, and how erasure reaches each copy.

The one list (docs/decisions.md, Personal data): the record's fields and files (erasure.py),
and here
- the outbox: each e-mail about the record keeps its recipient, its body (name, items,
  address), the attached QRIS and invoice PDF; and in the embedded mode its .eml file;
- the WhatsApp messages the person sent about the record (their number, text, a slip), and
  those from the number attached to no record;
- the person's account and contact (erasure.py `_identity_copies`): sign-in codes, sessions and
  the sign-in e-mails of the address, the WhatsApp contact of the number (a STOP kept hashed),
  unless another live record still has that address or number;
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
from pathlib import Path

from sqlmodel import Session, col, select

from terminal_shop.infra.models import ERASED, utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.audit import trail
from terminal_shop.services.events.tables import DomainEventRecord
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.notifications.terms import MailStatus
from terminal_shop.services.notifications.views import MailView
from terminal_shop.services.whatsapp.tables import WhatsAppInbound

ERASED_MAIL = "Data dihapus atas permintaan atau masa simpan berakhir"


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
    """Erases the copies in the caller's transaction; returns the .eml files to remove after
    it commits (files are never removed before the rows that name them are gone)."""
    emls = []
    for row in s.exec(
        select(OutboxMessage).where(
            col(OutboxMessage.entity_type) == entity_type, col(OutboxMessage.entity_id) == entity_id
        )
    ):
        emls += _eml_files(row)
        row.to_addr, row.body_text, row.body_html = ERASED, ERASED, ERASED
        row.subject = _blank(row.subject, words) or ERASED
        row.key = _blank(row.key, words) or row.key  # a sign-in e-mail's key names its address
        if entity_type == "customer":  # an account's rows are named by the address itself
            row.entity_id = ERASED
        row.attachment_png = row.attachment_pdf = row.attachment_pdf_name = None
        if row.status == MailStatus.PENDING.value:
            row.status, row.last_error, row.next_attempt_at = MailStatus.FAILED.value, ERASED_MAIL, utcnow()
        s.add(row)
    for message in s.exec(
        select(WhatsAppInbound).where(
            col(WhatsAppInbound.entity_type) == entity_type, col(WhatsAppInbound.entity_id) == entity_id
        )
    ):  # what the person sent by WhatsApp; a slip's file is left to the orphan sweeper (infra/sweeper.py)
        message.phone, message.text, message.stored_key = ERASED, ERASED if message.text else None, None
        s.add(message)
    trail.blank_words(s, entity_type, entity_id, lambda text: _blank(text, words), ERASED)
    for event in s.exec(
        select(DomainEventRecord).where(
            col(DomainEventRecord.entity_type) == entity_type, col(DomainEventRecord.entity_id) == entity_id
        )
    ):
        event.actor = _blank(event.actor, words) or ERASED
        event.payload = {k: _blank(v, words) if isinstance(v, str) else v for k, v in event.payload.items()}
        s.add(event)
    return emls


def erase_messages_from(s: Session, number: str) -> None:
    """What the number sent that joined no record (a stray slip or question)."""
    for message in s.exec(
        select(WhatsAppInbound).where(col(WhatsAppInbound.phone) == number, col(WhatsAppInbound.entity_id).is_(None))
    ):
        message.phone, message.text, message.stored_key = ERASED, ERASED if message.text else None, None
        s.add(message)


HELD_MAIL = "Tidak dikirim: data dibatasi atas permintaan pemilik data"
RESTRICTED = "Dibatasi"  # what a role that does not read restricted records sees instead of a personal value


def restrict(s: Session, entity_type: str, entity_id: str) -> None:
    """Holds every message of the record, in the caller's transaction (the restriction's)."""
    for row in s.exec(
        select(OutboxMessage).where(
            col(OutboxMessage.entity_type) == entity_type, col(OutboxMessage.entity_id) == entity_id
        )
    ):
        if row.status == MailStatus.PENDING.value:
            row.last_error = HELD_MAIL
        row.status = MailStatus.HELD.value
        s.add(row)


def shown_mails(mails: tuple[MailView, ...], readable: bool) -> tuple[MailView, ...]:
    """The mail log as a role sees it: without recipients when the record is restricted
    and the role does not read restricted records."""
    return mails if readable else tuple(replace(m, recipient=RESTRICTED) for m in mails)


def erased(row: OutboxMessage) -> bool:
    return row.to_addr == ERASED


def _eml_files(row: OutboxMessage) -> list[Path]:
    """The files the embedded mode wrote for this message (messages/email_channel.py `_write_eml`)."""
    folder = get_settings().data_dir / "outbox"
    return list(folder.glob(f"{row.id:08d}-*.eml")) if row.id is not None and folder.is_dir() else []


def remove(files: list[Path]) -> None:
    for path in files:
        path.unlink(missing_ok=True)
