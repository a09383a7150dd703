"""The owner's admin accounts: invitations by e-mail, roles, deactivation. The first owner
of a new site comes from the command line and ADMIN_EMAILS (cli/admin.py, the bootstrap);
everyone after is invited from the back office and needs no setting.

An invitation is a one-time link valid INVITE_VALID; its token is shown in the e-mail only,
the table keeps its hash. There is always at least one active owner: the last one cannot
be deactivated or given another role.
"""

from __future__ import annotations

import secrets
import uuid
from dataclasses import dataclass
from typing import Any

from sqlalchemy import update
from sqlmodel import Session, col, select

from terminal_shop import routes, rules
from terminal_shop.formats import wib
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.refusals import Refused
from terminal_shop.services.events.bus import publish
from terminal_shop.services.notifications import emails, outbox
from terminal_shop.services.team import admin_auth, passwords, permissions
from terminal_shop.services.team.admin_auth import hash_token, normalise_email, pwd_context
from terminal_shop.services.team.events import (
    AdminDeactivated,
    AdminInviteAccepted,
    AdminInvited,
    AdminInviteWithdrawn,
    AdminReactivated,
    AdminRoleChanged,
)
from terminal_shop.services.team.tables import AdminInvite, AdminUser
from terminal_shop.services.team.terms import AccountRefusal, AdminRole
from terminal_shop.services.team.views import AdminAccountView
from terminal_shop.services.validation import email_ok, parse_id

INVITE_VALID = rules.INVITE_VALID


# What the invitation page may say, by the code in its address.
INVITE_MESSAGES = {
    r.value: r.label for r in (AccountRefusal.INVITE_GONE, AccountRefusal.SHORT, AccountRefusal.MISMATCH)
}


class AccountError(Refused):
    code: AccountRefusal


@dataclass(frozen=True)
class Invitation:
    email: str
    role: str
    role_label: str


def accounts() -> tuple[AdminAccountView, ...]:
    with read_session() as s:
        users = s.exec(select(AdminUser).order_by(col(AdminUser.active).desc(), AdminUser.email)).all()
    return tuple(
        AdminAccountView(
            id=str(u.id),
            email=u.email,
            role=u.role,
            role_label=AdminRole.label_of(u.role),
            two_factor=u.totp_secret is not None,
            last_sign_in=wib(u.last_sign_in_at),
            active=u.active,
        )
        for u in users
    )


def withdraw(owner_email: str, email: str) -> bool:
    """ "Batalkan": the open invitation to `email` no longer works (its link is refused).
    False when there was none."""
    with write_session() as s:
        return _withdraw(s, col(AdminInvite.email) == normalise_email(email), owner_email, "Dibatalkan") > 0


def _withdraw(s: Session, which: Any, actor: str, why: str) -> int:
    """Closes the open invitations `which` selects, each an event; how many."""
    now = utcnow()
    rows = s.exec(
        select(AdminInvite).where(which, col(AdminInvite.used_at).is_(None), col(AdminInvite.expires_at) > now)
    ).all()
    for row in rows:
        row.used_at = now
        s.add(row)
        publish(s, AdminInviteWithdrawn(entity_id=row.email, actor=actor, detail=why))
    return len(rows)


def invite_key(token_hash: str) -> str:
    """The outbox key of an invitation's e-mail."""
    return f"admin-invite:{token_hash}"


def invite_link(token: str) -> str:
    return f"{get_settings().public_url}{routes.API_ADMIN_INVITE_OPEN}?token={token}"


def invite(owner_email: str, email: str, role: str) -> str:
    """Records the invitation and queues its e-mail (the outbox sends it); returns the
    link, which only the e-mail carries. A new invitation to the same address replaces any
    earlier one still open."""
    email = normalise_email(email)
    member = AdminRole.parse(role)
    if not email_ok(email):
        raise AccountError(AccountRefusal.EMAIL)
    if member is None:
        raise AccountError(AccountRefusal.ROLE)
    token = secrets.token_urlsafe(32)
    link = invite_link(token)
    now = utcnow()
    with write_session() as s:
        existing = s.exec(select(AdminUser).where(col(AdminUser.email) == email)).first()
        if existing is not None and existing.active:
            raise AccountError(AccountRefusal.EXISTS)
        s.exec(
            update(AdminInvite)
            .where(col(AdminInvite.email) == email, col(AdminInvite.used_at).is_(None))
            .values(used_at=now)
        )
        row = AdminInvite(
            token_hash=hash_token(token),
            email=email,
            role=member.value,
            invited_by=owner_email,
            expires_at=now + INVITE_VALID,
        )
        s.add(row)
        mail = emails.admin_invitation(email, member.label, owner_email, link, row.expires_at)
        outbox.enqueue(s, invite_key(row.token_hash), "admin", email, mail)
        publish(s, AdminInvited(entity_id=email, actor=owner_email, detail=f"Diundang sebagai {member.label}"))
    return link


def invitation(token: str) -> Invitation | None:
    """The open invitation a link's token names, or None (unknown, used or expired)."""
    if not token or len(token) > 100:
        return None
    return invitation_by_hash(hash_token(token))


def invitation_by_hash(token_hash: str) -> Invitation | None:
    """The same, from the token's hash (what the invitation page's tab knows: web/guards.py)."""
    if not token_hash or len(token_hash) != 64:
        return None
    with read_session() as s:
        row = s.get(AdminInvite, token_hash)
    if row is None or row.used_at is not None or row.expires_at <= utcnow():
        return None
    return Invitation(row.email, row.role, AdminRole.label_of(row.role))


def accept(token: str, password: str, repeat: str, user_agent: str, client: str) -> str:
    """The invitee's chosen password: the account is made (or a deactivated one comes back
    with the invited role), the invitation is used up, and a session begins. Returns the
    session's token; raises AccountError (INVITE_GONE, SHORT or MISMATCH)."""
    try:
        passwords.checked(password, repeat)
    except passwords.PasswordRefused as refused:
        raise AccountError(AccountRefusal(refused.code.value)) from refused
    now = utcnow()
    with write_session() as s:
        row = s.get(AdminInvite, hash_token(token or "-"))
        if row is None or row.expires_at <= now:
            raise AccountError(AccountRefusal.INVITE_GONE)
        # Conditional: the same link sent twice at once makes one account.
        taken = s.exec(
            update(AdminInvite)
            .where(col(AdminInvite.token_hash) == row.token_hash, col(AdminInvite.used_at).is_(None))
            .values(used_at=now)
        ).rowcount
        if not taken:
            raise AccountError(AccountRefusal.INVITE_GONE)
        user = s.exec(select(AdminUser).where(col(AdminUser.email) == row.email)).first()
        if user is not None and user.active:
            raise AccountError(AccountRefusal.INVITE_GONE)
        user = user or AdminUser(email=row.email, password_hash="")
        user.password_hash = pwd_context.hash(password)
        user.role, user.active, user.invited, user.must_change_password = row.role, True, True, False
        user.totp_secret = user.totp_pending = user.totp_last_step = None  # a returning admin sets 2FA up anew
        s.add(user)
        s.flush()
        publish(
            s, AdminInviteAccepted(entity_id=str(user.id), actor=user.email, detail=f"Undangan dari {row.invited_by}")
        )
        return admin_auth.open_session(s, user.id, user_agent, client)


def _owners_left(s: Session, without: uuid.UUID) -> int:
    """Active owners other than `without`, read under lock: two owners demoting each other
    at once cannot both pass."""
    owners = s.exec(
        select(AdminUser.id)
        .where(
            col(AdminUser.role) == AdminRole.OWNER.value, col(AdminUser.active).is_(True), col(AdminUser.id) != without
        )
        .with_for_update()
    ).all()
    return len(owners)


def _target(s: Session, account_id: str) -> AdminUser:
    aid = parse_id(account_id)
    user = s.get(AdminUser, aid, with_for_update=True) if aid else None
    if user is None:
        raise AccountError(AccountRefusal.NOT_FOUND)
    return user


def set_role(owner_email: str, account_id: str, role: str) -> str:
    """Returns the role's label; the account's sessions carry on with the new role at once
    (every check reads the role from the database)."""
    member = AdminRole.parse(role)
    if member is None:
        raise AccountError(AccountRefusal.ROLE)
    with write_session() as s:
        user = _target(s, account_id)
        if user.role == member.value:
            return member.label
        if user.role == AdminRole.OWNER.value and user.active and not _owners_left(s, user.id):
            raise AccountError(AccountRefusal.LAST_OWNER)
        before = AdminRole.label_of(user.role)
        user.role = member.value
        s.add(user)
        publish(s, AdminRoleChanged(entity_id=str(user.id), actor=owner_email, old_status=before,
                                    new_status=member.label, detail=f"Peran {user.email} diubah"))  # fmt: skip
    return member.label


def set_active(owner_email: str, account_id: str, active: bool) -> None:
    """Deactivating ends every session of the account at once; reactivating lets it sign
    in again with its password and 2FA."""
    with write_session() as s:
        user = _target(s, account_id)
        if user.active == active:
            return
        if not active:
            if user.email == normalise_email(owner_email):
                raise AccountError(AccountRefusal.SELF)
            if user.role == AdminRole.OWNER.value and not _owners_left(s, user.id):
                raise AccountError(AccountRefusal.LAST_OWNER)
            admin_auth.end_sessions(s, user.id)
            why = f"Pengundang {user.email} dinonaktifkan"
            _withdraw(s, col(AdminInvite.invited_by) == user.email, owner_email, why)
        user.active = active
        s.add(user)
        event, detail = (
            (AdminReactivated, "Diaktifkan kembali")
            if active
            else (AdminDeactivated, "Dinonaktifkan; semua sesi diakhiri")
        )
        publish(s, event(entity_id=str(user.id), actor=owner_email, detail=f"{user.email}: {detail}"))


def emails_of(permission: permissions.Permission) -> list[str]:
    """The active admins whose role grants `permission` (who is told of what they must act
    on); the bootstrap list when there are none yet."""
    with read_session() as s:
        users = s.exec(select(AdminUser).where(col(AdminUser.active).is_(True)).order_by(col(AdminUser.email))).all()
    found = [u.email for u in users if admin_auth.may_sign_in(u) and permissions.allows(u.role, permission)]
    return found or list(get_settings().admin_emails)
