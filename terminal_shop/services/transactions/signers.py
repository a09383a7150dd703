"""The acquirers as signers of what they deliver: each one's webhook secret, derived from the
site's key and a nonce and never stored, and the one check that a delivery (transactions,
payouts, disputes) is signed by a known acquirer (README, Transactions). The transactions
area's door for the other areas' webhooks."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from sqlmodel import Session

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.intake.signed import WebhookRefused, verified
from terminal_shop.services.transactions.tables import Acquirer


def secret_of(code: str, nonce: str) -> str:
    key = get_settings().secret_key.encode()
    return hmac.new(key, f"acquirer:{code}:{nonce}".encode(), hashlib.sha256).hexdigest()


def add_acquirer(code: str, name: str, cutoff_minutes: int = 23 * 60) -> str:
    """A new acquirer in a transaction of its own (the CLI's, the tests'); returns its secret."""
    with write_session() as s:
        return new_acquirer(s, code, name, cutoff_minutes)


def new_acquirer(s: Session, code: str, name: str, cutoff_minutes: int = 23 * 60) -> str:
    """A new acquirer in the caller's transaction; returns its secret, shown once (it can be
    derived again only with the site's key: `acquirers.rotate` gives a new one)."""
    nonce = secrets.token_hex(16)
    s.add(Acquirer(code=code.strip().lower()[:20], name=name.strip()[:80], secret_nonce=nonce,
                   cutoff_minutes=cutoff_minutes))  # fmt: skip
    s.flush()  # a code taken already is refused here, inside the caller's transaction
    return secret_of(code.strip().lower()[:20], nonce)


def checked(code: str, body: bytes, signature: str, timestamp: str, now: float, client: str) -> Acquirer:
    """The acquirer a delivery is signed by (this webhook's, the payouts' and the disputes' one
    check, README), or WebhookRefused: unknown acquirer, or `verified` refused it."""
    with read_session() as s:
        acquirer = s.get(Acquirer, code)
    if acquirer is None:
        raise WebhookRefused(404, "unknown acquirer")
    verified(acquirer.code, secret_of(acquirer.code, acquirer.secret_nonce), body, signature, timestamp, now, client)
    return acquirer
