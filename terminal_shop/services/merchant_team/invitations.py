"""What an invitation's landing page says (issue 63.4: it said "tim sebuah usaha" and made the
invitee type the address): the business, the role, the outlets and the invited address, read by
the hash of the token the e-mailed link left in an HttpOnly cookie; joining is the invitee's own
click (members.accept), never the link's GET."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import col, select

from terminal_shop.formats import wib
from terminal_shop.infra.db import read_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.merchant_team import outlets
from terminal_shop.services.merchant_team.tables import MemberOutlet, TeamMember
from terminal_shop.services.merchant_team.terms import MemberRole, TeamRefusal
from terminal_shop.services.registrations import owners as registrations

COOKIE = "ts_undangan_tim"  # the link's token, from the link until the invitee joins (HttpOnly)
HASH_HEADER = "x-team-invite-hash"  # its SHA-256, in place of the cookie in tab state (web/guards.py)


@dataclass(frozen=True)
class Invitation:
    business: str
    role: str  # "Kasir"
    outlets: str  # "Cabang Pasar, Cabang Stasiun"
    email: str  # the invited address
    until: str  # WIB
    gone: str  # why it can no longer be joined ("" while it can)

    @property
    def join_label(self) -> str:
        return f"Gabung dengan {self.business} sebagai {self.role}"


def of_hash(token_hash: str) -> Invitation | None:
    """The invitation behind the cookie's token, or None (no cookie, or no such invitation)."""
    if not token_hash:
        return None
    with read_session() as s:
        member = s.exec(select(TeamMember).where(col(TeamMember.invite_hash) == token_hash)).first()
        if member is None:
            return None
        ids = list(s.exec(select(MemberOutlet.outlet_id).where(col(MemberOutlet.member_id) == member.id)))
        names = sorted(outlets.names_of(s, ids).values())
        facts = registrations.record(s, member.merchant_id)
    live = not member.joined_at and not member.removed_at and member.invite_expires_at > utcnow()
    return Invitation(
        facts.nama_usaha if facts else "", MemberRole.label_of(member.role), ", ".join(names), member.email,
        wib(member.invite_expires_at), "" if live else TeamRefusal.INVITE_GONE.label,
    )  # fmt: skip
