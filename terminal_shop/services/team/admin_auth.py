"""Admin accounts, sign-in with throttling, and server-side sessions.

The browser holds only a random token; the server stores its SHA-256, so a leaked
database does not yield usable sessions. Sessions expire when idle and at an
absolute limit, and logout revokes them.
"""

from __future__ import annotations

import hashlib
import secrets
import time
import uuid
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from passlib.context import CryptContext
from sqlmodel import Session, col, delete, func, select, update

from terminal_shop import routes
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.refusals import Refused
from terminal_shop.services.team.tables import AdminSession, AdminUser, LoginAttempt
from terminal_shop.services.team.terms import THROTTLE_WINDOW, AdminRole, LoginRefusal

# argon2id at passlib's time and lanes; its memory from the settings (64 MiB unless lowered).
pwd_context = CryptContext(
    schemes=["argon2"], deprecated="auto", argon2__memory_cost=get_settings().password_hash_memory_kib
)

SESSION_COOKIE = "admin_session"  # holds the random token (HttpOnly); the server keeps only its hash
INVITE_COOKIE = "admin_invite"  # an invitation's token, from its link until the account is made (HttpOnly)
INVITE_HASH_HEADER = "x-admin-invite-hash"  # its hash, in place of the cookie (web/guards.py)
# The token's hash, put on the tab's websocket request by web/guards.py in place of the cookie.
SESSION_HASH_HEADER = "x-admin-session-hash"
SESSION_IDLE = timedelta(hours=2)
SESSION_ABSOLUTE = timedelta(hours=12)
FREE_FAILURES_PER_EMAIL = 5  # then every further attempt on that account waits longer
MAX_DELAY_SECONDS = 30
MAX_FAILURES_PER_CLIENT = 20  # then that client address is refused until the window passes


# Verifying against this keeps the time of a failed login the same whether or not
# the e-mail exists.
_DUMMY_HASH = pwd_context.hash(secrets.token_urlsafe(16))


class LoginError(Refused):
    code: LoginRefusal


@dataclass(frozen=True)
class Admin:
    id: str
    email: str
    must_change_password: bool = False
    role: str = AdminRole.OWNER.value  # what it may do: services/team/permissions.py
    two_factor: bool = False  # an authenticator app is set up (services/team/two_factor.py)
    verified: bool = False  # this session gave its second factor

    @property
    def next_step(self) -> str:
        """The page this session must pass before any other admin page: the second factor
        where one is set up (before anything else: a one-time password alone must not change
        the password, issue 35.6), a one-time password replaced, then the 2FA setup where it
        is required. '' when none."""
        if self.two_factor and not self.verified:
            return routes.ADMIN_2FA
        if self.must_change_password:
            return routes.ADMIN_PASSWORD
        if not self.two_factor and get_settings().admin_2fa_required:
            return routes.ADMIN_2FA_SETUP
        return ""


@dataclass(frozen=True)
class Attempt:
    """A sign-in attempt already counted, and how long it must wait before its check."""

    email: str
    client: str
    delay: float


def normalise_email(email: str) -> str:
    return email.strip().lower()


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def is_allowed(email: str) -> bool:
    """On the bootstrap list (ADMIN_EMAILS): what an account made from the command line needs."""
    return normalise_email(email) in get_settings().admin_emails


def may_sign_in(user: AdminUser) -> bool:
    """An active account the owner invited, or one on the bootstrap list."""
    return user.active and (user.invited or is_allowed(user.email))


def create_admin(email: str, password: str | None = None, role: AdminRole | None = None) -> tuple[str, str]:
    """Creates an admin (an owner unless `role` says otherwise), or resets the password (and
    with `role`, the role) of an existing one. Returns (email, password).

    A generated password is a one-time password: it must be changed at the first sign-in.
    """
    email = normalise_email(email)
    one_time = password is None
    password = password or secrets.token_urlsafe(12)
    with write_session() as s:
        user = s.exec(select(AdminUser).where(col(AdminUser.email) == email)).first()
        if user is None:
            user = AdminUser(email=email, password_hash=pwd_context.hash(password))
        else:
            user.password_hash = pwd_context.hash(password)
            s.exec(delete(AdminSession).where(col(AdminSession.admin_id) == user.id))
        user.role = (role or AdminRole.parse(user.role) or AdminRole.OWNER).value
        user.must_change_password = one_time
        s.add(user)
    return email, password


def admin_id(email: str) -> str | None:
    with read_session() as s:
        found = s.exec(select(AdminUser.id).where(col(AdminUser.email) == normalise_email(email))).first()
    return str(found) if found else None


def admin_count() -> int:
    with read_session() as s:
        return s.exec(select(func.count()).select_from(AdminUser)).one()


def purge_attempts() -> int:
    """Removes sign-in attempts too old to count for anything (run with the hourly sweep)."""
    with write_session() as s:
        gone = s.exec(delete(LoginAttempt).where(col(LoginAttempt.created_at) < utcnow() - THROTTLE_WINDOW))
        return gone.rowcount or 0


def recent_attempts(s: Session, column: Any, value: str) -> int:
    since = utcnow() - THROTTLE_WINDOW
    return int(
        s.exec(
            select(func.count()).select_from(LoginAttempt).where(column == value, col(LoginAttempt.created_at) >= since)
        ).one()
    )


def account_delay(failures: int) -> float:
    """Seconds an attempt on an account waits after `failures` recent failures on it:
    nothing for the first few, then doubling up to a cap. A delay, never a lock, so a
    stranger's guesses cannot keep the real admin out."""
    if failures < FREE_FAILURES_PER_EMAIL:
        return 0.0
    return float(min(2 ** (failures - FREE_FAILURES_PER_EMAIL), MAX_DELAY_SECONDS))


def start_attempt(email: str, password: str, client: str) -> Attempt:
    """Counts the attempt before any password is checked, or refuses it.

    The attempt is committed first and counted after, so of N attempts racing each other
    the k-th to commit sees at least k: parallel guesses cannot slip past the limits.
    It stays counted as a failure unless the sign-in succeeds.
    """
    email = normalise_email(email)
    if not email or not password:
        raise LoginError(LoginRefusal.REQUIRED)
    client = (client or "unknown")[:64]
    with write_session() as s:
        s.add(LoginAttempt(email=email, client=client))
    with read_session() as s:
        by_client = recent_attempts(s, LoginAttempt.client, client)
        by_email = recent_attempts(s, LoginAttempt.email, email)
    if by_client > MAX_FAILURES_PER_CLIENT:
        raise LoginError(LoginRefusal.LOCKED)
    return Attempt(email, client, account_delay(by_email - 1))


def finish_attempt(attempt: Attempt, password: str, user_agent: str = "") -> tuple[str, bool]:
    """Checks the password of a counted attempt. Returns (session token, must change password).
    The session keeps the browser's user agent and the client address ("Sesi aktif")."""
    with read_session() as s:
        user = s.exec(select(AdminUser).where(col(AdminUser.email) == attempt.email)).first()
    ok = pwd_context.verify(password, user.password_hash if user else _DUMMY_HASH)
    if not ok or user is None:
        raise LoginError(LoginRefusal.BAD_LOGIN)
    if not may_sign_in(user):
        raise LoginError(LoginRefusal.DENIED)
    with write_session() as s:
        s.exec(delete(LoginAttempt).where(col(LoginAttempt.email) == attempt.email, col(LoginAttempt.client) != "2fa"))
        token = open_session(s, user.id, user_agent, attempt.client)
    return token, user.must_change_password


def open_session(s: Session, admin_id: uuid.UUID, user_agent: str, client: str) -> str:
    """A new session for an admin whose password was just proved; returns its token. Its
    second factor, if the account has one, is still to come (verified_at stays empty)."""
    token = secrets.token_urlsafe(32)
    now = utcnow()
    s.add(
        AdminSession(
            token_hash=hash_token(token),
            admin_id=admin_id,
            created_at=now,
            last_seen_at=now,
            expires_at=now + SESSION_ABSOLUTE,
            user_agent=user_agent[:300] or None,
            address=client,
        )
    )
    s.exec(update(AdminUser).where(col(AdminUser.id) == admin_id).values(last_sign_in_at=now))
    return token


def login(email: str, password: str, client: str) -> str:
    """Both steps in one call, waiting in this thread (for scripts and tests; the site's
    sign-in route waits on the event loop instead). Returns a new session token."""
    attempt = start_attempt(email, password, client)
    time.sleep(attempt.delay)
    return finish_attempt(attempt, password)[0]


def end_sessions(s: Session, admin_id: uuid.UUID, keep: str = "") -> int:
    """Ends every live session of the account but the one whose hash is `keep`, in the
    caller's transaction; returns how many ended."""
    live = (
        col(AdminSession.admin_id) == admin_id,
        col(AdminSession.token_hash) != keep,
        col(AdminSession.revoked_at).is_(None),
    )
    return int(s.exec(update(AdminSession).where(*live).values(revoked_at=utcnow())).rowcount)


def session_admin(token: str) -> Admin | None:
    """The admin a token belongs to, if its session is alive; refreshes the idle timer."""
    return session_admin_by_hash(hash_token(token)) if token else None


def session_admin_by_hash(token_hash: str) -> Admin | None:
    """The same check from the token's hash (what the websocket's guarded headers carry)."""
    if len(token_hash) != 64:
        return None
    now = utcnow()
    with write_session() as s:
        row = s.exec(
            select(AdminSession, AdminUser)
            .join(AdminUser, col(AdminUser.id) == AdminSession.admin_id)
            .where(col(AdminSession.token_hash) == token_hash)
        ).first()
        if row is None:
            return None
        sess, user = row
        if sess.revoked_at or sess.expires_at <= now or sess.last_seen_at + SESSION_IDLE <= now:
            return None
        if not may_sign_in(user):
            return None
        if now - sess.last_seen_at > timedelta(minutes=1):
            sess.last_seen_at = now
            s.add(sess)
        return Admin(
            id=str(user.id),
            email=user.email,
            must_change_password=user.must_change_password,
            role=user.role,
            two_factor=user.totp_secret is not None,
            verified=sess.verified_at is not None,
        )


def logout(token: str) -> None:
    if not token:
        return
    with write_session() as s:
        sess = s.get(AdminSession, hash_token(token))
        if sess and not sess.revoked_at:
            sess.revoked_at = utcnow()
            s.add(sess)
