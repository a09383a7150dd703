"""An open invitation after it was made (issue 39.7): whether its e-mail reached the mail
server, sending it again, and a copy of its link to pass on by WhatsApp.

Every link is its own `AdminInvite` row (the table keeps only hashes, so an e-mailed link
cannot be shown again): a copied link works beside the e-mailed one until one is used, the
invitation is withdrawn ("Batalkan" closes every link to the address), or "Kirim ulang"
replaces them all with a new e-mail.
"""

from __future__ import annotations

import secrets

from sqlmodel import Session, col, select

from terminal_shop.formats import wib
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.events.bus import publish
from terminal_shop.services.notifications import mail_log, sender, sent
from terminal_shop.services.notifications.sent import Sent
from terminal_shop.services.notifications.terms import MailStatus
from terminal_shop.services.team import admin_accounts
from terminal_shop.services.team.admin_auth import hash_token, normalise_email
from terminal_shop.services.team.events import AdminInviteLinkCopied
from terminal_shop.services.team.tables import AdminInvite
from terminal_shop.services.team.terms import AccountRefusal, AdminRole
from terminal_shop.services.team.views import InviteView


def _open(s: Session, email: str | None = None) -> list[AdminInvite]:
    """Open links, newest first (of one address, or of all)."""
    query = select(AdminInvite).where(col(AdminInvite.used_at).is_(None), col(AdminInvite.expires_at) > utcnow())
    if email is not None:
        query = query.where(col(AdminInvite.email) == normalise_email(email))
    return list(s.exec(query.order_by(col(AdminInvite.created_at).desc())).all())


def _newest_mails(s: Session, rows: list[AdminInvite]) -> dict[str, Sent]:
    """Each address's newest invitation e-mail (copied links have none), by address."""
    by_key = {admin_accounts.invite_key(r.token_hash): r.email for r in rows}
    newest: dict[str, Sent] = {}
    for mail in sent.by_keys(s, list(by_key)):  # newest first
        newest.setdefault(by_key[mail.key], mail)
    return newest


def _mail_words(mail: Sent | None) -> tuple[str, bool]:
    """What the list says of the invitation's e-mail, and whether it reached the mail server."""
    if mail is None:
        return "Email tidak ditemukan", False
    if mail.status == MailStatus.SENT:
        return f"Email terkirim {wib(mail.sent_at)}", True
    return mail_log.failure_words(mail) or "Email menunggu dikirim", False


def open_invites() -> tuple[InviteView, ...]:
    """One line per invited address, with its newest e-mail's fate."""
    with read_session() as s:
        rows = _open(s)
        mails = _newest_mails(s, rows)
    seen: dict[str, InviteView] = {}
    for row in rows:  # newest first: each address's newest link names its role and end
        if row.email not in seen:
            words, sent = _mail_words(mails.get(row.email))
            seen[row.email] = InviteView(row.email, AdminRole.label_of(row.role), wib(row.expires_at), words, sent)
    return tuple(seen.values())


def send_now(email: str) -> Sent:
    """The address's newest invitation e-mail, sent while the owner waits, as it stands after
    the attempt (mail_log.failure_words: how it went); AccountError when no invitation is open."""
    with read_session() as s:
        mail = _newest_mails(s, _open(s, email)).get(normalise_email(email))
    if mail is None:
        raise admin_accounts.AccountError(AccountRefusal.INVITE_CLOSED)
    return sender.send_now(mail.key) or mail


def resend(owner_email: str, email: str) -> Sent:
    """ "Kirim ulang": a new invitation with the same role and a new e-mail, sent now (as
    send_now); earlier links to the address stop working."""
    with read_session() as s:
        rows = _open(s, email)
    if not rows:
        raise admin_accounts.AccountError(AccountRefusal.INVITE_CLOSED)
    admin_accounts.invite(owner_email, email, rows[0].role)
    return send_now(email)


def copy_link(owner_email: str, email: str) -> str:
    """ "Salin tautan": one more link to the open invitation (same role, same end), returned
    once for the owner's clipboard; audited, never stored but as its hash."""
    token = secrets.token_urlsafe(32)
    with write_session() as s:
        rows = _open(s, email)
        if not rows:
            raise admin_accounts.AccountError(AccountRefusal.INVITE_CLOSED)
        newest = rows[0]
        s.add(
            AdminInvite(
                token_hash=hash_token(token),
                email=newest.email,
                role=newest.role,
                invited_by=owner_email,
                expires_at=newest.expires_at,
            )
        )
        publish(s, AdminInviteLinkCopied(entity_id=newest.email, actor=owner_email, detail="Tautan undangan disalin"))
    return admin_accounts.invite_link(token)
