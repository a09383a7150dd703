"""The Cloud API's webhook: the subscription handshake, and signed deliveries of message
statuses and of what people send us.

- A delivery is taken only with `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body
  with the app secret>`, compared in constant time; otherwise it is refused untouched.
- A status moves an outbox row forward only (sent < delivered < read; failed stays with its
  code): Meta sends them out of order and more than once.
- Every inbound message is kept once (its id is unique). "STOP"/"BERHENTI" ends the number's
  consent; any message opens WhatsApp's 24-hour window for the admin's free replies; a photo
  or PDF from a number with a waiting order becomes that order's proof (slips.py).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from terminal_shop.infra.db import write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.notifications import sent
from terminal_shop.services.whatsapp import consent, inbox, slips
from terminal_shop.services.whatsapp.tables import WhatsAppContact, WhatsAppInbound

log = logging.getLogger(__name__)
ORDER = {"sent": 1, "delivered": 2, "read": 3}


def handshake(mode: str, token: str, challenge: str) -> str | None:
    """The challenge to echo when Meta subscribes with our verify token, else None."""
    expected = get_settings().whatsapp_verify_token
    if mode == "subscribe" and expected and hmac.compare_digest(token.encode(), expected.encode()):
        return challenge
    return None


def signed(body: bytes, header: str) -> bool:
    secret = get_settings().whatsapp_app_secret
    if not secret or not header.startswith("sha256="):
        return False
    expected = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(header.removeprefix("sha256=").strip().lower().encode(), expected.encode())


def receive(payload: dict[str, Any]) -> int:
    """Applies a delivery's statuses and keeps its messages; returns how many items it held."""
    handled = 0
    for entry in payload.get("entry") or []:
        for change in entry.get("changes") or []:
            value = change.get("value") or {}
            for status in value.get("statuses") or []:
                _status(status)
                handled += 1
            for message in value.get("messages") or []:
                _message(message)
                handled += 1
    return handled


def _status(status: dict[str, Any]) -> None:
    state, wamid = str(status.get("status", "")), str(status.get("id", ""))
    with write_session() as s:
        found, current = sent.delivery_of(s, wamid)
        if not found:
            return
        if state == "failed":
            errors = status.get("errors") or [{}]
            sent.set_delivery(s, wamid, "failed", f"WhatsApp {errors[0].get('code', '')}: {errors[0].get('title', '')}")
        elif state in ORDER and ORDER[state] > ORDER.get(current or "", 0) and current != "failed":
            sent.set_delivery(s, wamid, state)


def _text_of(message: dict[str, Any]) -> str | None:
    kind = message.get("type")
    if kind == "text":
        return str((message.get("text") or {}).get("body", ""))[:4000]
    if kind in ("image", "document"):
        return str((message.get(kind) or {}).get("caption", "") or "")[:4000] or None
    return None


def _message(message: dict[str, Any]) -> None:
    number, kind = str(message.get("from", ""))[:20], str(message.get("type", ""))[:20]
    text = _text_of(message)
    media = message.get(kind) if kind in ("image", "document") else None
    sent = datetime.fromtimestamp(int(message.get("timestamp") or 0), UTC) if message.get("timestamp") else utcnow()
    try:
        with write_session() as s:
            context = message.get("context")
            context = context if isinstance(context, dict) else {}
            inbound = WhatsAppInbound(
                wa_message_id=str(message.get("id", ""))[:200], received_at=sent, phone=number, kind=kind, text=text,
                media_id=str(media.get("id"))[:200] if isinstance(media, dict) and media.get("id") else None,
                reply_to=str(context.get("id") or "")[:200] or None,
            )  # fmt: skip
            if not inbound.media_id and (owner := inbox.owner_of(number)):  # a slip finds its order itself
                inbound.entity_type, inbound.entity_id = owner
            s.add(inbound)
            _seen(s, number, sent)
            word = text.strip().upper() if text is not None else ""
            if word in consent.STOP_WORDS:
                consent.opt_out(s, number, text.strip() if text else word)
                inbound.outcome = "Berhenti: WhatsApp tidak dipakai lagi untuk nomor ini"
            elif word in consent.START_WORDS:
                consent.opt_back_in(s, number, word)
                inbound.outcome = "Mulai: nomor ini mengizinkan WhatsApp lagi"
    except IntegrityError:  # Meta delivered it before: kept once
        log.info("whatsapp message %s seen before", message.get("id"))
        return
    if inbound.media_id:  # a photo or PDF: a transfer slip for a waiting order?
        slips.take(inbound.id)


def _seen(s: Session, number: str, at: datetime) -> None:
    contact = s.get(WhatsAppContact, number) or WhatsAppContact(phone=number)
    contact.last_inbound_at = max(at, contact.last_inbound_at) if contact.last_inbound_at else at
    s.add(contact)
