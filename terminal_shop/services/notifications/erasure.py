"""What erasure and restriction do to a record's messages (services/privacy/copies.py asks;
issue 51.1: the outbox erases its own copies). Erased, a message keeps only its subject with
the person's words blanked, its date and outcome; a pending one is never sent. Restricted,
every message of the record is held."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sqlmodel import Session, col, select

from terminal_shop.infra.models import ERASED, utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.notifications.terms import MailStatus

ERASED_MAIL = "Data dihapus atas permintaan atau masa simpan berakhir"
HELD_MAIL = "Tidak dikirim: data dibatasi atas permintaan pemilik data"


def _of(s: Session, entity_type: str, entity_id: str) -> list[OutboxMessage]:
    query = select(OutboxMessage).where(col(OutboxMessage.entity_type) == entity_type,
                                        col(OutboxMessage.entity_id) == entity_id)  # fmt: skip
    return list(s.exec(query))


def erase(s: Session, entity_type: str, entity_id: str, blank: Callable[[str | None], str | None]) -> list[Path]:
    """The record's messages erased in the caller's transaction (`blank` takes the person's
    words out of a text); the .eml files to remove once it commits."""
    emls = []
    for row in _of(s, entity_type, entity_id):
        emls += _eml_files(row)
        row.to_addr, row.body_text, row.body_html = ERASED, ERASED, ERASED
        row.subject = blank(row.subject) or ERASED
        row.key = blank(row.key) or row.key  # a sign-in e-mail's key names its address
        if entity_type == "customer":  # an account's rows are named by the address itself
            row.entity_id = ERASED
        row.attachment_png = row.attachment_pdf = row.attachment_pdf_name = None
        if row.status == MailStatus.PENDING.value:
            row.status, row.last_error, row.next_attempt_at = MailStatus.FAILED.value, ERASED_MAIL, utcnow()
        s.add(row)
    return emls


def hold(s: Session, entity_type: str, entity_id: str) -> None:
    """Every message of the record held, in the caller's transaction (the restriction's)."""
    for row in _of(s, entity_type, entity_id):
        if row.status == MailStatus.PENDING.value:
            row.last_error = HELD_MAIL
        row.status = MailStatus.HELD.value
        s.add(row)


def _eml_files(row: OutboxMessage) -> list[Path]:
    """The files the embedded mode wrote for this message (notifications/email_channel.py `_write_eml`)."""
    folder = get_settings().data_dir / "outbox"
    return list(folder.glob(f"{row.id:08d}-*.eml")) if row.id is not None and folder.is_dir() else []
