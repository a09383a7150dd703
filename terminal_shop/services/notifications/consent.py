"""Who may be told on which channel: one log of consent for every channel (issue 51.2).

Each act is a row (given or withdrawn, when, the words, the act); the newest row of an
address on a channel is its answer. A withdrawal holds until the address itself gives
consent again (`by_owner`): a box ticked on a form is typed by whoever fills it, who may not
own the address (issue 46.9). Erased, an address keeps only a withdrawal under a keyed hash,
so a form typing it again still finds it.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import datetime

from sqlmodel import Session, col, delete, select

from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.notifications.tables import Consent
from terminal_shop.services.validation import wa_number

WHATSAPP = "whatsapp"  # the channel's name on its outbox rows and consent acts
WHATSAPP_BOX = "Kirim info pesanan lewat WhatsApp"  # the checkbox at checkout and in the wizard


def latest(s: Session, channel: str, address: str) -> Consent | None:
    return s.exec(
        select(Consent)
        .where(col(Consent.channel) == channel, col(Consent.address) == address)
        .order_by(col(Consent.id).desc())
    ).first()


def allowed(s: Session, channel: str, address: str | None) -> bool:
    """Given, and not taken back since."""
    row = latest(s, channel, address) if address else None
    return row is not None and row.given


def withdrawn(s: Session, channel: str, address: str) -> bool:
    """Taken back (by the address, or before its erasure) and not given again by it."""
    row = latest(s, channel, address)
    return (row is not None and not row.given) or latest(s, channel, _kept(channel, address)) is not None


def give(s: Session, channel: str, address: str, text: str, act: str, *, by_owner: bool = False,
         at: datetime | None = None) -> bool:  # fmt: skip
    """Consent given; False when a withdrawal holds and it was not the address itself."""
    if withdrawn(s, channel, address):
        if not by_owner:
            return False
        s.exec(delete(Consent).where(col(Consent.channel) == channel, col(Consent.address) == _kept(channel, address)))
    _add(s, channel, address, True, text, act, at)
    return True


def withdraw(s: Session, channel: str, address: str, text: str, act: str) -> None:
    _add(s, channel, address, False, text, act, None)


def forget(s: Session, channel: str, address: str) -> None:
    """Erasure: the address's acts go; a withdrawal that held is kept under a keyed hash only."""
    held = withdrawn(s, channel, address)
    s.exec(delete(Consent).where(col(Consent.channel) == channel, col(Consent.address) == address))
    if held and latest(s, channel, _kept(channel, address)) is None:
        _add(s, channel, _kept(channel, address), False, "STOP", "dihapus atas permintaan pemilik", None)


def whatsapp_box_ticked(s: Session, phone: str, act: str, at: datetime | None = None) -> None:
    """The WhatsApp box ticked on a form (`act` names it): consent for the typed number, unless
    it said STOP (only it can undo that). Here, not in whatsapp/, so a form's area need not
    import the channel that reads it."""
    if (number := wa_number(phone)) is not None:
        give(s, WHATSAPP, number, WHATSAPP_BOX, act, at=at)


def _add(s: Session, channel: str, address: str, given: bool, text: str, act: str, at: datetime | None) -> None:
    s.add(Consent(channel=channel, address=address, given=given, at=at or utcnow(), text=text[:300], act=act[:120]))
    s.flush()  # the next question in this transaction sees it (ids order the acts)


_SALTS = {"whatsapp": "wa-stop"}  # as whatsapp_contacts kept them before (migration 0033 moved those rows here)


def _kept(channel: str, address: str) -> str:
    """A keyed hash: the address cannot be read back from it, yet typing it again finds it."""
    salt = _SALTS.get(channel, f"{channel}-stop")
    return (
        "h"
        + hmac.new(get_settings().secret_key.encode(), f"{salt}:{address}".encode(), hashlib.sha256).hexdigest()[:19]
    )
