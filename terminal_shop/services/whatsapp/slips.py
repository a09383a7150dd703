"""A buyer's reply with a photo or PDF of the transfer slip becomes a proof of their waiting
order: downloaded from the Cloud API (size checked before it is read whole), put through the
checks an uploaded proof gets (type by content, pixel bounds, metadata stripped), compared with
earlier proofs (a reused picture marks the order for the admin), stored beside the order's
first proof and told to the buyer ("Bukti pembayaran diterima").

The order: among the sender's number's waiting orders (Menunggu Review), the one whose number
the caption names; without a number, the only waiting order, and only when the number itself
has written to us about it (one of its messages answers one of ours about that order). Anyone
can type a victim's phone at checkout, so the newest order with that phone is no proof (issue
46.10): otherwise the slip stays in the admin's list of messages without an order, and the
sender is asked for the order number.
"""

from __future__ import annotations

import json
import re
import secrets
import time
import uuid

from sqlmodel import Session, col, select

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import StorageError, get_storage
from terminal_shop.infra.uploads import UploadRejected
from terminal_shop.services.events.bus import publish
from terminal_shop.services.notifications import outbox, sent
from terminal_shop.services.notifications.outbox import Mail
from terminal_shop.services.orders import owners as order_owners
from terminal_shop.services.orders import proof_prints
from terminal_shop.services.orders.events import OrderProofAdded
from terminal_shop.services.orders.views import order_number
from terminal_shop.services.whatsapp import cloud_api, consent
from terminal_shop.services.whatsapp.consent import CHANNEL
from terminal_shop.services.whatsapp.tables import WhatsAppInbound

NO_ORDER = "Tidak ada pesanan menunggu verifikasi untuk nomor ini"
ASKED = "Tanpa nomor pesanan: belum dilampirkan, pengirim diminta menulis nomor pesanannya"
ASK_TEXT = ("Terima kasih. Agar bukti ini masuk ke pesanan yang benar, kirim ulang fotonya dengan nomor pesanan "
            "(8 karakter, ada di email pesanan Anda) di keterangan foto.")  # fmt: skip
ADDED = "Bukti pembayaran ditambahkan ke pesanan {number}"
REUSED = " (gambar sama dengan bukti pesanan lain: periksa)"


def _pick(orders: list[uuid.UUID], inbound: WhatsAppInbound) -> uuid.UUID | None:
    """The waiting order the slip names by its number, or the only one when the number wrote
    about it (order_owners.waiting_with_number: the number's waiting orders, newest first)."""
    named = {n.upper() for n in re.findall(r"\b[0-9A-Fa-f]{8}\b", inbound.text or "")}
    chosen = next((o for o in orders if order_number(o) in named), None)
    if chosen is None and len(orders) == 1 and _wrote_about(inbound.phone, orders[0]):
        chosen = orders[0]
    return chosen


def _wrote_about(number: str, order_id: uuid.UUID) -> bool:
    """One of the number's messages (this slip's too) answers one of ours about the order."""
    with read_session() as s:
        ours = sent.provider_ids("order", str(order_id), CHANNEL)
        found = s.exec(
            select(WhatsAppInbound.id).where(
                col(WhatsAppInbound.phone) == number, col(WhatsAppInbound.reply_to).in_(ours)
            )
        ).first()
    return found is not None


def _ask_for_the_number(inbound: WhatsAppInbound) -> str:
    """A free reply (the person just wrote: WhatsApp's window is open), unless they said STOP,
    and the message's outcome, in one transaction (issue 60.4)."""
    with write_session() as s:
        if not consent.stopped(s, inbound.phone):
            asked = Mail(inbound.phone, "minta nomor pesanan", json.dumps({"text": ASK_TEXT}), ASK_TEXT)
            outbox.enqueue(s, f"wa:ask-order:{inbound.id}", "whatsapp", str(inbound.id), asked, CHANNEL)
        _note(s, inbound.id, ASKED, None)
    return ASKED


def _done(inbound_id: uuid.UUID, outcome: str, order: uuid.UUID | None = None) -> str:
    with write_session() as s:
        _note(s, inbound_id, outcome, order)
    return outcome


def _note(s: Session, inbound_id: uuid.UUID, outcome: str, order: uuid.UUID | None, key: str | None = None) -> None:
    """The message's outcome, its order and the file stored from it (the sweeper keeps that file)."""
    row = s.get(WhatsAppInbound, inbound_id)
    assert row is not None, inbound_id
    row.outcome = outcome[:300]
    if order is not None:
        row.entity_type, row.entity_id = "order", str(order)
    row.stored_key = key or row.stored_key
    s.add(row)


def take(inbound_id: uuid.UUID) -> str:
    """What became of the file (the outcome kept on the message and shown to the admin)."""
    with read_session() as s:
        inbound = s.get(WhatsAppInbound, inbound_id)
    assert inbound is not None and inbound.media_id, inbound_id
    orders = order_owners.waiting_with_number(inbound.phone)
    if not orders:
        return _done(inbound_id, NO_ORDER)
    order = _pick(orders, inbound)
    if order is None:
        return _ask_for_the_number(inbound)
    try:
        media = cloud_api.media(inbound.media_id)
        checked = proof_prints.checked(media.data)
    except cloud_api.WhatsAppError as exc:
        return _done(inbound_id, f"File tidak dapat diunduh dari WhatsApp ({exc})", order)
    except UploadRejected as exc:
        return _done(inbound_id, f"File ditolak: {exc.text}", order)
    print_ = proof_prints.fingerprint(checked)
    key = f"{order}/wa_{int(time.time() * 1000)}_{secrets.token_hex(4)}.{checked.extension}"
    try:
        get_storage().put(get_settings().bucket_order_payments, key, checked.data, checked.content_type)
    except StorageError:
        return _done(inbound_id, "File tidak dapat disimpan: coba lagi nanti", order)
    with write_session() as s:
        reused = proof_prints.twins(s, print_, exclude=order)
        if reused:
            order_owners.mark_proof_suspect(s, order)
        outcome = ADDED.format(number=order_number(order)) + (REUSED if reused else "")
        publish(s, OrderProofAdded(entity_id=str(order), actor="pembeli (WhatsApp)", detail=outcome))
        _note(s, inbound_id, outcome, order, key)  # with the proof, or neither (51.5)
    return outcome


def stored_keys(entity_type: str, ids: list[uuid.UUID]) -> set[str]:
    """The stored slips sent about these records (services/stored_files.py: what the sweeper keeps)."""
    with read_session() as s:
        keys = s.exec(
            select(WhatsAppInbound.stored_key).where(
                col(WhatsAppInbound.entity_type) == entity_type,
                col(WhatsAppInbound.entity_id).in_([str(i) for i in ids]),
            )
        )
        return {k for k in keys if k}


def order_keys(ids: list[uuid.UUID]) -> set[str]:
    """The slips kept as orders' proofs (this area's declaration, __init__.py)."""
    return stored_keys("order", ids)
