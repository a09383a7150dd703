"""Two-factor sign-in for admins: a TOTP authenticator app (RFC 6238, 30 s steps, one step
of drift either way) or one of ten single-use recovery codes.

The secret is stored encrypted with a key derived from SECRET_KEY (a copy of the database
alone yields no codes). It never enters a tab's state: the setup page gets the QR from
an HTTP route and the secret as text through a one-off event (state/admin/two_factor.py).
A code is good once: the time step of the last accepted code is kept, and only a later
step passes. Wrong codes count like failed sign-ins. An action may ask for one again
(`confirmed_in`: a payout account's approval, issue 61.4)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import io
import secrets
import uuid
from dataclasses import dataclass

import pyotp
import segno
from cryptography.fernet import Fernet, InvalidToken
from sqlalchemy import update
from sqlmodel import Session, col, delete, func, select

from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.refusals import Refused
from terminal_shop.services.events.bus import publish
from terminal_shop.services.team.admin_auth import end_sessions
from terminal_shop.services.team.events import RecoveryCodesRenewed, RecoveryCodeUsed, TwoFactorOff, TwoFactorOn
from terminal_shop.services.team.tables import AdminSession, AdminUser, LoginAttempt, RecoveryCode
from terminal_shop.services.team.terms import THROTTLE_WINDOW, CodeRefusal
from terminal_shop.services.validation import parse_id

STEP_SECONDS = 30
WINDOW = 1  # steps either side of now: a phone's clock a little off still works
RECOVERY_CODES = 10
RECOVERY_BYTES, RECOVERY_GROUPS = 13, 4  # 20 base32 characters: 100 bits a code
MAX_FAILURES = 10  # wrong codes per account in the throttle window, then it waits
ISSUER = "TerminalKu Admin"


@dataclass(frozen=True)
class Verified:
    """A code that passed: `recovery` when it was a recovery code, and how many are left."""

    recovery: bool = False
    recovery_left: int = 0


class CodeRefused(Refused):
    code: CodeRefusal


def _fernet() -> Fernet:
    key = hashlib.sha256(b"admin-totp\n" + get_settings().secret_key.encode()).digest()
    return Fernet(base64.urlsafe_b64encode(key))


def _seal(secret: str) -> str:
    return _fernet().encrypt(secret.encode()).decode()


def _open(sealed: str | None) -> str:
    if not sealed:
        return ""
    try:
        return _fernet().decrypt(sealed.encode()).decode()
    except InvalidToken:  # SECRET_KEY changed: the admin sets 2FA up again (the owner resets it)
        return ""


def _hash_code(admin_id: uuid.UUID, code: str) -> str:
    """HMAC-SHA256 under a key from SECRET_KEY, salted by the account (issue 35.7): a copy of
    the database alone yields no code, and one account's hash says nothing of another's."""
    key = hashlib.sha256(b"admin-recovery\n" + get_settings().secret_key.encode()).digest()
    return hmac.new(key, f"{admin_id}:{_normal_recovery(code)}".encode(), hashlib.sha256).hexdigest()


def _normal_recovery(code: str) -> str:
    return "".join(ch for ch in str(code).lower() if ch.isalnum())


def _new_code() -> str:
    """100 random bits as four groups of five letters and digits (base32: no 0/1/8/9 to misread)."""
    raw = base64.b32encode(secrets.token_bytes(RECOVERY_BYTES)).decode().lower()[: RECOVERY_GROUPS * 5]
    return "-".join(raw[i : i + 5] for i in range(0, len(raw), 5))


def now_step() -> int:
    return int(utcnow().timestamp()) // STEP_SECONDS


def _matching_step(secret: str, code: str, after: int | None) -> int | None:
    """The time step within the window whose code is `code`, later than `after`."""
    totp = pyotp.TOTP(secret, interval=STEP_SECONDS)
    current = now_step()
    for step in range(current - WINDOW, current + WINDOW + 1):
        if (after is None or step > after) and hmac.compare_digest(totp.generate_otp(step), code):
            return step
    return None


def _user(s: Session, admin_id: str, lock: bool = False) -> AdminUser | None:
    """`lock`: the row stays locked until the commit, so the throttle's count and the
    failure it adds are one step for parallel events of the account (issue 35.11)."""
    return s.get(AdminUser, aid, with_for_update=lock) if (aid := parse_id(admin_id)) else None


def _account(s: Session, admin_id: str, lock: bool = False) -> AdminUser:
    """The signed-in admin's row; one gone meanwhile is refused like a lost session."""
    if user := _user(s, admin_id, lock):
        return user
    raise CodeRefused(CodeRefusal.NO_ACCOUNT)


# ----- setting it up -----


def begin_setup(admin_id: str) -> str:
    """A new secret for the setup page (replacing any unconfirmed one); returns it in clear
    for the page to show once. The account's working 2FA, if any, stays until confirmed."""
    secret = pyotp.random_base32()
    with write_session() as s:
        user = _account(s, admin_id)
        user.totp_pending = _seal(secret)
        s.add(user)
    return secret


def pending_secret(admin_id: str) -> str:
    with read_session() as s:
        return _open(user.totp_pending) if (user := _user(s, admin_id)) else ""


def provisioning_uri(email: str, secret: str) -> str:
    return pyotp.TOTP(secret, interval=STEP_SECONDS).provisioning_uri(name=email, issuer_name=ISSUER)


def setup_qr_svg(admin_id: str, email: str) -> str | None:
    """The pending secret as a QR code an authenticator app scans, drawn here as SVG."""
    if not (secret := pending_secret(admin_id)):
        return None
    out = io.BytesIO()  # a file of its own (with its namespace): an <img> shows nothing without it
    segno.make(provisioning_uri(email, secret), error="m").save(out, kind="svg", scale=6, border=2, xmldecl=False)
    return out.getvalue().decode()


def confirm_setup(admin_id: str, code: str, session_hash: str) -> list[str]:
    """The first code from the app proves the secret was taken: 2FA is on, this session
    counts as verified, and ten new recovery codes are returned (shown once, kept hashed)."""
    code = "".join(ch for ch in str(code) if ch.isdigit())
    if len(code) != 6:
        raise CodeRefused(CodeRefusal.REQUIRED)
    with write_session() as s:
        user = _account(s, admin_id, lock=True)
        _throttle(s, user.email)
        secret = _open(user.totp_pending)
        if not secret:
            raise CodeRefused(CodeRefusal.NO_SETUP)
        step = _matching_step(secret, code, None)
        if step is not None:
            detail = "2FA diatur ulang" if user.totp_secret else "2FA diaktifkan"
            user.totp_secret, user.totp_pending, user.totp_last_step = user.totp_pending, None, step
            s.add(user)
            _verify_session(s, user.id, session_hash)
            codes = _new_recovery_codes(s, user.id)
            said = f"{detail}; {RECOVERY_CODES} kode pemulihan baru"
            publish(s, TwoFactorOn(entity_id=str(user.id), actor=user.email, detail=said))
            return codes
        s.add(LoginAttempt(email=user.email, client="2fa"))  # committed as the block ends: then refused
    raise CodeRefused(CodeRefusal.WRONG)


def _new_recovery_codes(s: Session, admin_id: uuid.UUID) -> list[str]:
    s.exec(delete(RecoveryCode).where(col(RecoveryCode.admin_id) == admin_id))
    codes = [_new_code() for _ in range(RECOVERY_CODES)]
    for code in codes:
        s.add(RecoveryCode(admin_id=admin_id, code_hash=_hash_code(admin_id, code)))
    return codes


def new_recovery_codes(admin_id: str, actor: str) -> list[str]:
    """Replaces the account's recovery codes (the old ones stop working)."""
    with write_session() as s:
        user = _account(s, admin_id)
        codes = _new_recovery_codes(s, user.id)
        renewed = f"{RECOVERY_CODES} kode pemulihan baru"
        publish(s, RecoveryCodesRenewed(entity_id=admin_id, actor=actor, detail=renewed))
    return codes


def recovery_left(admin_id: str) -> int:
    unused = (col(RecoveryCode.admin_id) == uuid.UUID(admin_id), col(RecoveryCode.used_at).is_(None))
    with read_session() as s:
        return int(s.exec(select(func.count()).select_from(RecoveryCode).where(*unused)).one())


def turn_off(admin_id: str, actor: str, reason: str) -> bool:
    """2FA off for the account (the owner's reset for a lost phone, or the server's); its
    sessions end. False when there is no such account."""
    with write_session() as s:
        if (user := _user(s, admin_id)) is None:
            return False
        user.totp_secret = user.totp_pending = user.totp_last_step = None
        s.add(user)
        s.exec(delete(RecoveryCode).where(col(RecoveryCode.admin_id) == user.id))
        if actor != user.email:
            end_sessions(s, user.id)
        publish(s, TwoFactorOff(entity_id=str(user.id), actor=actor, detail=reason))
    return True


# ----- signing in -----


def _throttle(s: Session, email: str) -> None:
    since = utcnow() - THROTTLE_WINDOW
    failures = s.exec(
        select(func.count())
        .select_from(LoginAttempt)
        .where(
            col(LoginAttempt.email) == email, col(LoginAttempt.client) == "2fa", col(LoginAttempt.created_at) >= since
        )
    ).one()
    if failures >= MAX_FAILURES:
        raise CodeRefused(CodeRefusal.LOCKED)


def verify_sign_in(admin_id: str, code: str, session_hash: str) -> Verified:
    """The second factor of a signed-in session: a TOTP code (a later step than the last one
    accepted) or an unused recovery code. Raises CodeRefused with what to show."""
    given = str(code or "").strip()[:40]
    if not given:
        raise CodeRefused(CodeRefusal.REQUIRED)
    with write_session() as s:
        user = _account(s, admin_id, lock=True)
        _throttle(s, user.email)
        digits = given.replace(" ", "")
        if digits.isdigit() and len(digits) == 6:
            passed = _by_app(s, user, digits)
        else:
            passed = _by_recovery_code(s, user, given)
        if passed is not None:
            _verify_session(s, user.id, session_hash)
            return passed
        s.add(LoginAttempt(email=user.email, client="2fa"))  # committed as the block ends: then refused
    raise CodeRefused(CodeRefusal.WRONG)


def confirmed_in(s: Session, admin_id: str, code: str) -> bool:
    """In the action's transaction: the app's code, spent; False records a failed try, which the
    caller commits before it refuses (CodeRefusal.WRONG)."""
    given = "".join(str(code or "").split())[:6]
    if not given:
        raise CodeRefused(CodeRefusal.REQUIRED)
    user = _account(s, admin_id, lock=True)
    _throttle(s, user.email)
    if not user.totp_secret:
        raise CodeRefused(CodeRefusal.NO_FACTOR)
    if given.isdigit() and _by_app(s, user, given) is not None:
        return True
    s.add(LoginAttempt(email=user.email, client="2fa"))
    return False


def _by_app(s: Session, user: AdminUser, code: str) -> Verified | None:
    step = _matching_step(_open(user.totp_secret), code, user.totp_last_step) if user.totp_secret else None
    if step is None:
        return None
    # Conditional, so that of two sign-ins racing with one code only one passes.
    later = (col(AdminUser.totp_last_step).is_(None)) | (col(AdminUser.totp_last_step) < step)
    taken = s.exec(update(AdminUser).where(col(AdminUser.id) == user.id, later).values(totp_last_step=step)).rowcount
    return Verified() if taken else None


def _by_recovery_code(s: Session, user: AdminUser, code: str) -> Verified | None:
    unused = (col(RecoveryCode.admin_id) == user.id, col(RecoveryCode.used_at).is_(None))
    taken = s.exec(
        update(RecoveryCode)
        .where(*unused, col(RecoveryCode.code_hash) == _hash_code(user.id, code))
        .values(used_at=utcnow())
    ).rowcount
    if not taken:
        return None
    left = s.exec(select(func.count()).select_from(RecoveryCode).where(*unused)).one()
    detail = f"Masuk dengan kode pemulihan; sisa {left}"
    publish(s, RecoveryCodeUsed(entity_id=str(user.id), actor=user.email, detail=detail))
    return Verified(recovery=True, recovery_left=left)


def _verify_session(s: Session, admin_id: uuid.UUID, session_hash: str) -> None:
    s.exec(
        update(AdminSession)
        .where(col(AdminSession.token_hash) == session_hash, col(AdminSession.admin_id) == admin_id)
        .values(verified_at=utcnow())
    )
