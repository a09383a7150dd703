"""The WhatsApp conversation on an order or merchant page: what the site sent (template or
reply, with Meta's delivery status) and what the person sent (a slip with its outcome),
newest first; and the admin's free reply, allowed within 24 hours of the person's last
message (WhatsApp's customer-service window; outside it only templates go out)."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, select

from terminal_shop.formats import wib
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import ERASED, utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.refusals import Refused
from terminal_shop.services.notifications import outbox, sent
from terminal_shop.services.notifications.outbox import Mail
from terminal_shop.services.notifications.terms import MailStatus
from terminal_shop.services.orders import owners as order_owners
from terminal_shop.services.registrations import owners as registration_owners
from terminal_shop.services.validation import normalise_mobile, wa_number
from terminal_shop.services.whatsapp.consent import CHANNEL
from terminal_shop.services.whatsapp.tables import WhatsAppContact, WhatsAppInbound
from terminal_shop.services.whatsapp.terms import WINDOW, ReplyRefusal

REPLY_MAX = 1000
DELIVERY = {"sent": "Terkirim", "delivered": "Diterima", "read": "Dibaca", "failed": "Gagal"}


@dataclass(frozen=True)
class MessageLine:
    at: str  # WIB
    direction: str  # "keluar" (the site) or "masuk" (the person)
    text: str
    status: str  # Menunggu, Terkirim, Diterima, Dibaca, Gagal (with the API's code)
    slip_url: str  # a signed link to a slip the person sent, '' otherwise


class ReplyRefused(Refused):
    code: ReplyRefusal


def _status(row: sent.Sent) -> str:
    if row.delivery:
        word = DELIVERY.get(row.delivery, row.delivery)
        return f"{word}: {row.last_error}" if row.delivery == "failed" and row.last_error else word
    label = MailStatus.label_of(row.status)
    return f"{label}: {row.last_error}" if row.last_error else label


def thread(entity_type: str, entity_id: str) -> list[MessageLine]:
    with read_session() as s:
        out = sent.of_record(s, entity_type, entity_id, CHANNEL)
        came = s.exec(
            select(WhatsAppInbound).where(
                col(WhatsAppInbound.entity_type) == entity_type, col(WhatsAppInbound.entity_id) == entity_id
            )
        ).all()
    storage, bucket = get_storage(), get_settings().bucket_order_payments
    lines = [(r.created_at, MessageLine(wib(r.created_at), "keluar", r.body_html, _status(r), "")) for r in out]
    for m in came:
        text = " · ".join(t for t in (m.text or f"({m.kind})", m.outcome or "") if t)
        url = storage.signed_url(bucket, m.stored_key) if m.stored_key else ""
        lines.append((m.received_at, MessageLine(wib(m.received_at), "masuk", text, "", url)))
    return [line for _, line in sorted(lines, key=lambda pair: pair[0], reverse=True)]


def window_open(phone: str) -> bool:
    number = wa_number(phone)
    with read_session() as s:
        contact = s.get(WhatsAppContact, number) if number else None
    return bool(contact and contact.last_inbound_at and contact.last_inbound_at > utcnow() - WINDOW)


def reply(entity_type: str, entity_id: str, phone: str, text: str, admin_email: str) -> None:
    """Queues the admin's free text to the person, or ReplyRefused."""
    body = text.strip()
    if not body:
        raise ReplyRefused(ReplyRefusal.EMPTY)
    if len(body) > REPLY_MAX:
        raise ReplyRefused(ReplyRefusal.TOO_LONG, most=REPLY_MAX)
    number = wa_number(phone)
    if number is None or phone == ERASED:
        raise ReplyRefused(ReplyRefusal.NO_NUMBER)
    if not window_open(phone):
        raise ReplyRefused(ReplyRefusal.WINDOW_CLOSED)
    with write_session() as s:
        reply = Mail(number, f"balasan {admin_email}", json.dumps({"text": body}), body)
        outbox.enqueue(
            s, f"wa:reply:{entity_type}:{entity_id}:{utcnow().isoformat()}", entity_type, entity_id, reply, CHANNEL
        )


def phone_of(entity_type: str, entity_id: str) -> str | None:
    """The number a conversation is with: the order's buyer or the registration's HP (None
    when the record is erased or restricted on its owner's request)."""
    try:
        key = uuid.UUID(str(entity_id))
    except ValueError:
        return None
    if entity_type == "order":  # erased or restricted: no conversation shown or continued
        return order_owners.live_phone(key)
    return registration_owners.live_phone(key) if entity_type == "merchant" else None


def owner_of(number: str) -> tuple[str, str] | None:
    """Whose conversation a message from `number` joins: the number's newest order, else its
    newest merchant registration (a stranger's message is kept unattached)."""
    wanted = normalise_mobile("+" + number)
    if wanted is None:
        return None
    order = order_owners.newest_with_number(number)
    if order is not None:
        return "order", str(order)
    merchant = registration_owners.newest_with_number(wanted)
    return ("merchant", str(merchant)) if merchant else None


@dataclass(frozen=True)
class StrayMessage:
    at: str
    number: str
    text: str  # the text, or "(image)" with what the site did with it


def strays(limit: int = 20) -> list[StrayMessage]:
    """Messages from numbers with no order or registration, newest first: the overview lists
    them so that nobody who wrote is ignored."""
    with read_session() as s:
        rows = s.exec(
            select(WhatsAppInbound).where(col(WhatsAppInbound.entity_id).is_(None), col(WhatsAppInbound.phone) != ERASED)
            .order_by(col(WhatsAppInbound.received_at).desc()).limit(limit)
        ).all()  # fmt: skip
    return [StrayMessage(wib(m.received_at), "+" + m.phone, " · ".join(t for t in (m.text or f"({m.kind})", m.outcome or "") if t))
            for m in rows]  # fmt: skip


def erase_about(s: Session, entity_type: str, entity_id: str) -> None:
    """Erasure: what the person sent about the record (their number, text, a slip's key); a
    slip's file is left to the orphan sweeper (infra/sweeper.py)."""
    query = select(WhatsAppInbound).where(col(WhatsAppInbound.entity_type) == entity_type,
                                          col(WhatsAppInbound.entity_id) == entity_id)  # fmt: skip
    _erase(s, query)


def erase_strays_from(s: Session, number: str) -> None:
    """Erasure: what the number sent that joined no record (a stray slip or question)."""
    _erase(s, select(WhatsAppInbound).where(col(WhatsAppInbound.phone) == number,
                                            col(WhatsAppInbound.entity_id).is_(None)))  # fmt: skip


def _erase(s: Session, query: Any) -> None:
    for message in s.exec(query):
        message.phone, message.text, message.stored_key = ERASED, ERASED if message.text else None, None
        s.add(message)
