"""The owner's team (issue 49.2): invitations by e-mail with a role and outlets, the invitee's
acceptance once signed in with the invited address, role and outlet changes, removal. Only
the owner's own merchants are reached (the caller passes the scope's merchants); a removed
member's sessions are ended by the caller (the account's tabs belong to the site)."""

from __future__ import annotations

import hashlib
import secrets
import uuid
from dataclasses import dataclass
from datetime import timedelta

import sqlalchemy as sa
from sqlmodel import Session, col, func, select

from terminal_shop import routes, rules
from terminal_shop.formats import wib
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.refusals import Refused
from terminal_shop.services.customers import sessions
from terminal_shop.services.events.bus import publish
from terminal_shop.services.merchant_team import outlets, scope
from terminal_shop.services.merchant_team.events import MemberChanged, MemberInvited, MemberJoined, MemberRemoved
from terminal_shop.services.merchant_team.personal import MEMBER
from terminal_shop.services.merchant_team.tables import MemberOutlet, Outlet, SessionChoice, TeamMember
from terminal_shop.services.merchant_team.terms import STAFF_ROLES, MemberRole, TeamRefusal
from terminal_shop.services.notifications import emails, outbox
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.validation import email_ok, parse_id


class TeamError(Refused):
    code: TeamRefusal


@dataclass(frozen=True)
class MemberView:
    id: str
    email: str
    role: str  # the role's value, for the form
    role_label: str
    outlet_ids: list[str]
    outlets: str  # "Outlet Melati, Outlet Kenanga"
    status: str  # "Aktif" or "Undangan berlaku s/d ..." or "Undangan kedaluwarsa"
    joined: bool


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _checked(s: Session, merchant_ids: list[uuid.UUID], merchant_id: uuid.UUID | None, role: str,
             outlet_ids: list[str]) -> tuple[MemberRole, list[uuid.UUID]]:  # fmt: skip
    chosen = MemberRole.parse(role)
    if chosen not in STAFF_ROLES or chosen is None:
        raise TeamError(TeamRefusal.ROLE)
    if merchant_id is None or merchant_id not in merchant_ids:
        raise TeamError(TeamRefusal.NOT_FOUND)
    keys = {k for k in (parse_id(o) for o in outlet_ids) if k is not None}
    found = list(s.exec(select(Outlet.id).where(col(Outlet.id).in_(keys), col(Outlet.merchant_id) == merchant_id)))
    if not found or len(found) != len(set(outlet_ids)):
        raise TeamError(TeamRefusal.OUTLETS)
    return chosen, found


def _set_outlets(s: Session, member_id: uuid.UUID, outlet_ids: list[uuid.UUID]) -> None:
    s.exec(sa.delete(MemberOutlet).where(col(MemberOutlet.member_id) == member_id))
    s.add_all(MemberOutlet(member_id=member_id, outlet_id=o) for o in outlet_ids)


def invite(
    merchant_ids: list[uuid.UUID], merchant_id: str, email: str, role: str, outlet_ids: list[str], by: str
) -> str:
    """Records the invitation and queues its e-mail; returns the link (only the e-mail carries
    it). A new invitation to an address still pending replaces the old one."""
    address = email.strip().lower()[:254]
    if not email_ok(address):
        raise TeamError(TeamRefusal.EMAIL)
    key, now = parse_id(merchant_id), utcnow()
    token = secrets.token_urlsafe(32)
    link = f"{get_settings().public_url}{routes.API_TEAM_INVITE}?token={token}"
    with write_session() as s:
        chosen, outlet_keys = _checked(s, merchant_ids, key, role, outlet_ids)
        assert key is not None
        sent = s.exec(select(func.count()).where(col(TeamMember.invited_by) == by,
                                                 col(TeamMember.created_at) > now - timedelta(hours=1))).one()  # fmt: skip
        if sent >= rules.TEAM_INVITES_PER_HOUR:
            raise TeamError(TeamRefusal.TOO_MANY)
        if key in registrations.approved_of(address):
            raise TeamError(TeamRefusal.OWNER)
        live = s.exec(select(TeamMember).where(col(TeamMember.merchant_id) == key, col(TeamMember.email) == address,
                                               col(TeamMember.removed_at).is_(None))).all()  # fmt: skip
        if any(m.joined_at for m in live):
            raise TeamError(TeamRefusal.MEMBER, email=address)
        for old in live:
            old.removed_at = now
            s.add(old)
        member = TeamMember(merchant_id=key, email=address, role=chosen.value, invited_by=by[:254],
                            invite_hash=token_hash(token), invite_expires_at=now + rules.INVITE_VALID)  # fmt: skip
        s.add(member)
        s.flush()
        _set_outlets(s, member.id, outlet_keys)
        names = outlets.names_of(s, outlet_keys)
        facts = registrations.record(s, key)
        business = facts.nama_usaha if facts else ""
        mail = emails.team_invitation(address, business, chosen.label, ", ".join(sorted(names.values())), by, link,
                                      member.invite_expires_at)  # fmt: skip
        outbox.enqueue(s, f"team-invite:{member.invite_hash}", MEMBER, str(member.id), mail)
        publish(s, MemberInvited(entity_id=str(key), actor=by, detail=f"{address} sebagai {chosen.label}"))
    return link


def accept(token: str, email: str, session_hash: str = "") -> uuid.UUID:
    """The invitee, signed in as the invited address, joins, and the browser that joined works for
    that team from now on (one transaction, issue 60.4); the link works once."""
    now = utcnow()
    with write_session() as s:
        member = s.exec(select(TeamMember).where(col(TeamMember.invite_hash) == token_hash(token or "-"))
                        .with_for_update()).first()  # fmt: skip
        if member is None or member.joined_at or member.removed_at or member.invite_expires_at <= now:
            raise TeamError(TeamRefusal.INVITE_GONE)
        if member.email != email.strip().lower():
            raise TeamError(TeamRefusal.OTHER_ADDRESS)
        member.joined_at = now
        s.add(member)
        publish(
            s,
            MemberJoined(
                entity_id=str(member.merchant_id), actor=member.email, detail=MemberRole.label_of(member.role)
            ),
        )
        if session_hash:
            s.merge(SessionChoice(token_hash=session_hash, member_id=member.id, chosen_at=now))
        return member.id


def joined_merchants(s: Session, email: str) -> list[uuid.UUID]:
    """The teams this address works in (its sign-ins are in their logs too)."""
    return list(s.exec(select(TeamMember.merchant_id).where(
        col(TeamMember.email) == email.strip().lower(), col(TeamMember.joined_at).is_not(None),
        col(TeamMember.removed_at).is_(None))))  # fmt: skip


def _mine(s: Session, merchant_ids: list[uuid.UUID], member_id: str) -> TeamMember:
    key = parse_id(member_id)
    member = s.get(TeamMember, key, with_for_update=True) if key else None
    if member is None or member.removed_at or member.merchant_id not in merchant_ids:
        raise TeamError(TeamRefusal.NOT_FOUND)
    return member


def change(merchant_ids: list[uuid.UUID], member_id: str, role: str, outlet_ids: list[str], by: str) -> None:
    with write_session() as s:
        member = _mine(s, merchant_ids, member_id)
        chosen, outlet_keys = _checked(s, merchant_ids, member.merchant_id, role, outlet_ids)
        member.role = chosen.value
        s.add(member)
        _set_outlets(s, member.id, outlet_keys)
        publish(s, MemberChanged(entity_id=str(member.merchant_id), actor=by, detail=f"{member.email}: {chosen.label}"))


@dataclass(frozen=True)
class Removed:
    email: str
    tabs: list[str]  # the client tokens of the tabs that read under the ended sessions


def remove(merchant_ids: list[uuid.UUID], member_id: str, by: str) -> Removed:
    """Removes a member (or withdraws an invitation) and ends their sessions working for this
    team, in one transaction; each such browser is told why on its next page."""
    with write_session() as s:
        member = _mine(s, merchant_ids, member_id)
        member.removed_at = utcnow()
        s.add(member)
        publish(s, MemberRemoved(entity_id=str(member.merchant_id), actor=by, detail=member.email))
        key = member.id
        tabs = sessions.end_some(
            s, member.email, lambda s2, hashes: scope.sessions_working_as(s2, key, hashes), f"{REMOVED_NOTE}{key}"
        )  # the member, not the business's name: erasure reaches it
        return Removed(member.email, tabs)


REMOVED_NOTE = "tim:"  # a session ended by a removal from the team of this member id


def removal_said(note: str) -> str:
    """What /masuk tells a person whose session a removal ended: "Anda tidak lagi di tim Warung Bu
    Sri." ("" for a session ended otherwise)."""
    key = parse_id(note.removeprefix(REMOVED_NOTE)) if note.startswith(REMOVED_NOTE) else None
    if key is None:
        return ""
    with read_session() as s:
        member = s.get(TeamMember, key)
        facts = registrations.record(s, member.merchant_id) if member else None
    business = facts.nama_usaha if facts and facts.purged_at is None else "usaha ini"
    return f"Anda tidak lagi di tim {business}."


def of_merchants(merchant_ids: list[uuid.UUID]) -> list[MemberView]:
    """The team of these merchants: members and open invitations, newest first."""
    if not merchant_ids:
        return []
    now = utcnow()
    with read_session() as s:
        rows = s.exec(select(TeamMember).where(col(TeamMember.merchant_id).in_(merchant_ids),
                                               col(TeamMember.removed_at).is_(None))
                      .order_by(col(TeamMember.created_at).desc())).all()  # fmt: skip
        links = s.exec(select(MemberOutlet).where(col(MemberOutlet.member_id).in_([m.id for m in rows]))).all()
        names = outlets.names_of(s, [link.outlet_id for link in links])
    views = []
    for m in rows:
        mine = [link.outlet_id for link in links if link.member_id == m.id]
        if m.joined_at:
            status = "Aktif"
        elif m.invite_expires_at > now:
            status = f"Undangan berlaku s/d {wib(m.invite_expires_at)}"
        else:
            status = "Undangan kedaluwarsa"
        views.append(MemberView(str(m.id), m.email, m.role, MemberRole.label_of(m.role), [str(o) for o in mine],
                                ", ".join(sorted(names.get(o, "") for o in mine)), status, bool(m.joined_at)))  # fmt: skip
    return views
