"""Admin accounts, sign-in with throttling, and server-side sessions.

The browser holds only a random token; the server stores its SHA-256, so a leaked
database does not yield usable sessions. Sessions expire when idle and at an
absolute limit, and logout revokes them.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

from passlib.context import CryptContext
from sqlmodel import delete, func, select

from terminal_shop.db import read_session, write_session
from terminal_shop.models import AdminSession, AdminUser, LoginAttempt, utcnow
from terminal_shop.settings import get_settings

pwd_context = CryptContext(schemes=["argon2"], deprecated="auto")

SESSION_COOKIE = "admin_session"  # holds the random token; the server keeps only its hash
SESSION_IDLE = timedelta(hours=2)
SESSION_ABSOLUTE = timedelta(hours=12)
THROTTLE_WINDOW = timedelta(minutes=15)
MAX_FAILURES_PER_EMAIL = 5
MAX_FAILURES_PER_CLIENT = 20

MSG_REQUIRED = "Email dan password wajib diisi"
MSG_BAD_LOGIN = "Email atau password salah"
MSG_LOCKED = "Terlalu banyak percobaan masuk. Coba lagi dalam 15 menit."
MSG_DENIED = "Akses ditolak. Email tidak memiliki hak akses admin."

# Verifying against this keeps the time of a failed login the same whether or not
# the e-mail exists.
_DUMMY_HASH = pwd_context.hash(secrets.token_urlsafe(16))


class LoginError(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Admin:
    id: str
    email: str


def normalise_email(email: str) -> str:
    return email.strip().lower()


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def is_allowed(email: str) -> bool:
    return normalise_email(email) in get_settings().admin_emails


def create_admin(email: str, password: str | None = None) -> tuple[str, str]:
    """Creates an admin, or resets the password of an existing one. Returns (email, password)."""
    email = normalise_email(email)
    password = password or secrets.token_urlsafe(12)
    with write_session() as s:
        user = s.exec(select(AdminUser).where(AdminUser.email == email)).first()
        if user is None:
            s.add(AdminUser(email=email, password_hash=pwd_context.hash(password)))
        else:
            user.password_hash = pwd_context.hash(password)
            s.add(user)
            s.exec(delete(AdminSession).where(AdminSession.admin_id == user.id))
    return email, password


def admin_count() -> int:
    with read_session() as s:
        return s.exec(select(func.count()).select_from(AdminUser)).one()


def _recent_failures(s, column, value: str) -> int:
    since = utcnow() - THROTTLE_WINDOW
    return s.exec(
        select(func.count()).select_from(LoginAttempt).where(column == value, LoginAttempt.created_at >= since)
    ).one()


def login(email: str, password: str, client: str) -> str:
    """Checks the credentials and returns a new session token, or raises LoginError."""
    email = normalise_email(email)
    if not email or not password:
        raise LoginError(MSG_REQUIRED)
    client = (client or "unknown")[:64]
    with read_session() as s:
        if (
            _recent_failures(s, LoginAttempt.email, email) >= MAX_FAILURES_PER_EMAIL
            or _recent_failures(s, LoginAttempt.client, client) >= MAX_FAILURES_PER_CLIENT
        ):
            raise LoginError(MSG_LOCKED)
        user = s.exec(select(AdminUser).where(AdminUser.email == email)).first()
    ok = pwd_context.verify(password, user.password_hash if user else _DUMMY_HASH)
    if not ok or user is None:
        with write_session() as s:
            s.add(LoginAttempt(email=email, client=client))
        raise LoginError(MSG_BAD_LOGIN)
    if not is_allowed(email):
        raise LoginError(MSG_DENIED)
    token = secrets.token_urlsafe(32)
    now = utcnow()
    with write_session() as s:
        s.exec(delete(LoginAttempt).where(LoginAttempt.email == email))
        s.add(
            AdminSession(
                token_hash=hash_token(token),
                admin_id=user.id,
                created_at=now,
                last_seen_at=now,
                expires_at=now + SESSION_ABSOLUTE,
            )
        )
    return token


def session_admin(token: str) -> Admin | None:
    """The admin a token belongs to, if its session is alive; refreshes the idle timer."""
    if not token:
        return None
    now = utcnow()
    with write_session() as s:
        row = s.exec(
            select(AdminSession, AdminUser)
            .join(AdminUser, AdminUser.id == AdminSession.admin_id)
            .where(AdminSession.token_hash == hash_token(token))
        ).first()
        if row is None:
            return None
        sess, user = row
        if sess.revoked_at or sess.expires_at <= now or sess.last_seen_at + SESSION_IDLE <= now:
            return None
        if not is_allowed(user.email):
            return None
        if now - sess.last_seen_at > timedelta(minutes=1):
            sess.last_seen_at = now
            s.add(sess)
        return Admin(id=str(user.id), email=user.email)


def logout(token: str) -> None:
    if not token:
        return
    with write_session() as s:
        sess = s.get(AdminSession, hash_token(token))
        if sess and not sess.revoked_at:
            sess.revoked_at = utcnow()
            s.add(sess)
