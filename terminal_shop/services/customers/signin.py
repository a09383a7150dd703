"""Signing in without a password: an e-mail address, then a 6-digit code sent to it.

- A code belongs to the browser that asked for it (a random nonce in the pending-sign-in
  cookie, kept hashed on the row): a request from another browser neither replaces it nor
  spends its tries, so no stranger can lock its owner out (issue 46.2). It is valid
  CODE_VALID, allows CODE_TRIES wrong guesses and works once; the same browser's new code
  replaces its old one.
- At most CODES_PER_HOUR codes an hour to one browser for an address, and
  CODES_PER_ADDRESS_HOUR to the address from every browser together (no mail bombing; and
  guesses at an address stay below CODES_PER_ADDRESS_HOUR x CODE_TRIES an hour), counted
  from the rows; plus the per-client-address limit of infra/rate_limits.py.
- The answer to "send me a code" is the same for any well-formed address or HP: whether it
  has orders, or is an approved merchant's number, is nobody's business but its owner's.
- A session is a row with the SHA-256 of a random token; the browser holds the token in an
  HttpOnly cookie set by our HTTP route (web/customer_auth.py), never in tab state. It lasts
  SESSION_DAYS; "Keluar dari semua perangkat" ends every session of the address, and ending a
  session names the tabs that read under it, so their stored state is emptied too.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlmodel import Session, col, func, select

from terminal_shop import rules
from terminal_shop.infra import rate_limits
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.rate_limits import Action
from terminal_shop.infra.settings import get_settings
from terminal_shop.refusals import Refused
from terminal_shop.services.customers.events import CustomerSignedIn
from terminal_shop.services.customers.tables import CustomerSession, CustomerTab, SignInCode
from terminal_shop.services.customers.terms import SignInRefusal
from terminal_shop.services.events.bus import publish
from terminal_shop.services.notifications import emails, outbox
from terminal_shop.services.registrations import owners
from terminal_shop.services.validation import email_ok, normalise_mobile
from terminal_shop.services.whatsapp import codes as whatsapp

CODE_VALID, CODE_TRIES, CODES_PER_HOUR, CODES_PER_ADDRESS_HOUR = (
    rules.SIGN_IN_CODE_VALID,
    rules.SIGN_IN_CODE_TRIES,
    rules.SIGN_IN_CODES_PER_HOUR,
    rules.SIGN_IN_CODES_PER_ADDRESS_HOUR,
)
SESSION_DAYS = 30
TAB_TOKEN = re.compile(r"[0-9a-f-]{36}")  # a Reflex client token (a UUID), sent by the code form
SESSION_COOKIE = "ts_akun"  # the session token (HttpOnly, SameSite=Lax)
SESSION_HASH_HEADER = "x-customer-session-hash"  # its hash, on the tab's websocket (web/guards.py)
# "1" while signed in, readable by the page's script: the header says "Akun Saya" instead of
# "Masuk" (issue 50.1). A hint, never a proof: every account event checks the session itself.
SIGNED_IN_HINT_COOKIE = "ts_akun_ada"
EMAIL_COOKIE = "ts_masuk"  # "<browser nonce>.<address or HP typed>", between the two steps (HttpOnly, 10 minutes)


class SignInError(Refused):
    code: SignInRefusal


def normal_email(email: str) -> str:
    return email.strip().lower()[:254]


@dataclass(frozen=True)
class Identity:
    """Who a typed e-mail or HP signs in as: always an e-mail address (what an account is);
    an HP stands for the e-mail of the newest approved registration with it, its code goes by
    WhatsApp to that number (`number`), and only if the number opted in."""

    address: str
    number: str | None = None


def identity(typed: str) -> Identity | None:
    """None for an HP no approved merchant has: nothing is sent, the answer is the same."""
    text = typed.strip()
    if "@" in text:
        return Identity(normal_email(text))
    mobile = normalise_mobile(text)
    if mobile is None:
        return None
    email = owners.address_of_number(mobile)
    return Identity(normal_email(email), mobile.lstrip("+")) if email else None


def _looks_like_phone(text: str) -> bool:
    return "@" not in text and sum(ch.isdigit() for ch in text) >= 8


def _code_hash(email: str, code: str) -> str:
    key = get_settings().secret_key.encode()
    return hmac.new(key, f"sign-in:{email}:{code}".encode(), hashlib.sha256).hexdigest()


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_browser() -> str:
    """The nonce that makes a code this browser's (kept in the pending-sign-in cookie)."""
    return secrets.token_urlsafe(18)


def pending_cookie(browser: str, typed: str) -> str:
    return f"{browser}.{typed}"


def read_pending_cookie(value: str) -> tuple[str, str]:
    """(browser nonce, typed address or HP); ("", "") for anything else."""
    browser, dot, typed = value.partition(".")
    return (browser, typed) if dot and browser and typed else ("", "")


def request_code(email: str, client: str, browser: str) -> None:
    """Sends a new code to the typed e-mail (or, for an approved merchant's HP that opted in,
    by WhatsApp), or SignInError (bad address, too many). The same answer either way: every
    well-formed HP is counted alike (per number, per client address), whether anyone owns it."""
    if _looks_like_phone(email):
        mobile = normalise_mobile(email.strip())
        try:
            rate_limits.hit_all((Action.SIGN_IN_CODE, client), (Action.SIGN_IN_NUMBER, mobile or email.strip()))
        except rate_limits.TooMany as exc:
            raise SignInError(SignInRefusal.TOO_MANY_CODES, words=exc.message) from None
        who = identity(email)
        if who is not None:
            with contextlib.suppress(SignInError):  # the merchant's address at its own limit: the same answer
                _new_code(who, browser)
        return
    address = normal_email(email)
    if not email_ok(address):
        raise SignInError(SignInRefusal.EMAIL)
    try:
        rate_limits.hit(Action.SIGN_IN_CODE, client)
    except rate_limits.TooMany as exc:
        raise SignInError(SignInRefusal.TOO_MANY_CODES, words=exc.message) from None
    _new_code(Identity(address), browser)


def _browser_hash(browser: str) -> str:
    return hashlib.sha256(f"sign-in-browser:{browser}".encode()).hexdigest()


def _codes_sent(s: Session, address: str, since: datetime, browser: str | None = None) -> int:
    query = (
        select(func.count())
        .select_from(SignInCode)
        .where(col(SignInCode.email) == address, col(SignInCode.created_at) >= since)
    )
    if browser is not None:
        query = query.where(col(SignInCode.browser) == browser)
    return int(s.exec(query).one())


def _new_code(who: Identity, browser_nonce: str) -> None:
    address, browser = who.address, _browser_hash(browser_nonce)
    code = f"{secrets.randbelow(10**6):06d}"
    now = utcnow()
    with write_session() as s:
        if s.get_bind().dialect.name == "postgresql":  # one address's codes counted one request at a time
            s.execute(sa.text("SELECT pg_advisory_xact_lock(hashtext(:k))"), {"k": f"sign-in:{address}"})
        hour_ago = now - timedelta(hours=1)
        if (
            _codes_sent(s, address, hour_ago, browser) >= CODES_PER_HOUR * rate_limits.factor()
            or _codes_sent(s, address, hour_ago) >= CODES_PER_ADDRESS_HOUR * rate_limits.factor()
        ):
            raise SignInError(SignInRefusal.TOO_MANY_CODES)
        s.exec(  # a new code replaces this browser's earlier ones, never another browser's
            sa.update(SignInCode)
            .where(col(SignInCode.email) == address, col(SignInCode.browser) == browser,
                   col(SignInCode.used_at).is_(None))
            .values(expires_at=now)
        )  # fmt: skip
        s.add(SignInCode(email=address, code_hash=_code_hash(address, code), created_at=now,
                         expires_at=now + CODE_VALID, browser=browser))  # fmt: skip
        s.flush()
        if who.number is not None:  # by WhatsApp only: the person typed their HP
            whatsapp.queue_sign_in_code(s, who.number, code, address)
        else:
            mail = emails.sign_in_code(address, code)
            outbox.enqueue(s, f"sign-in:{address}:{now.isoformat()}", "customer", address, mail)


def verify(email: str, code: str, browser: str, agent: str = "", tab: str = "") -> str:
    """The new session's token for a right code this browser asked for, or SignInError (the
    try is counted on this browser's code only). The tab that signed in (its Reflex client
    token) is remembered with the session: signing out empties what it stores."""
    who = identity(email) if _looks_like_phone(email) else Identity(normal_email(email))
    if who is None:
        raise SignInError(SignInRefusal.CODE_WRONG)
    address, typed = who.address, "".join(code.split())
    if not (typed.isdigit() and len(typed) == 6):
        raise SignInError(SignInRefusal.CODE_FORMAT)
    now = utcnow()
    with write_session() as s:
        row = s.exec(
            select(SignInCode)
            .where(col(SignInCode.email) == address, col(SignInCode.browser) == _browser_hash(browser),
                   col(SignInCode.used_at).is_(None), col(SignInCode.expires_at) > now)
            .order_by(col(SignInCode.created_at).desc())
            .with_for_update()
        ).first()  # fmt: skip
        if row is None:
            raise SignInError(SignInRefusal.CODE_WRONG)
        if row.tries >= CODE_TRIES:
            raise SignInError(SignInRefusal.TRIES)
        if not hmac.compare_digest(row.code_hash, _code_hash(address, typed)):
            row.tries += 1
            s.add(row)
            s.commit()
            raise SignInError(SignInRefusal.TRIES if row.tries >= CODE_TRIES else SignInRefusal.CODE_WRONG)
        row.used_at = now
        s.add(row)
        token = secrets.token_urlsafe(32)
        token_hash = hash_token(token)
        s.add(CustomerSession(token_hash=token_hash, email=address, created_at=now,
                              expires_at=now + timedelta(days=SESSION_DAYS), last_seen_at=now, agent=agent[:300] or None))  # fmt: skip
        if TAB_TOKEN.fullmatch(tab):
            s.add(CustomerTab(token_hash=token_hash, client_token=tab[:64]))
        publish(s, CustomerSignedIn(entity_id=token_hash, actor="pelanggan"))
    return token


@dataclass(frozen=True)
class Customer:
    email: str


def session_customer(token_hash: str) -> Customer | None:
    """The signed-in address behind a session's hash, or None (unknown, ended, expired)."""
    if not token_hash:
        return None
    with read_session() as s:
        row = s.get(CustomerSession, token_hash)
    if row is None or row.ended_at is not None or row.expires_at <= utcnow():
        return None
    return Customer(row.email)
