"""What one signed-in browser may see and do (issue 49.3): resolved from the session on every
account event and route, never kept in tab state. An address is the owner of the merchants
its approved registrations are, and a member of the teams that invited it; a browser works for
one of those at a time (its choice, else the owner's, else the first team joined). Each area
filters by the scope's Reach (services/reach.py); each handler asks `can` first."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime, time

from sqlmodel import Session, col, select

from terminal_shop.formats import WIB
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.services import working_days
from terminal_shop.services.merchant_team import outlets
from terminal_shop.services.merchant_team.tables import MemberOutlet, SessionChoice, TeamMember
from terminal_shop.services.merchant_team.terms import ABILITIES, Ability, MemberRole
from terminal_shop.services.reach import Reach
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.registrations.views import business_names
from terminal_shop.services.validation import parse_id

OWNER_CHOICE = "pemilik"  # the picker's value for the address's own merchants


@dataclass(frozen=True)
class Choice:
    value: str  # OWNER_CHOICE or a member id
    label: str  # "Pemilik · Warung Sari" / "Kasir · Toko Maju"


@dataclass(frozen=True)
class Scope:
    email: str
    role: MemberRole | None  # None: no merchant at all (a buyer)
    merchants: tuple[uuid.UUID, ...] = ()
    devices: frozenset[uuid.UUID] | None = None  # a member's outlets' devices; None: every device
    since: datetime | None = None  # a cashier's: the start of today (WIB)
    chosen: str = ""  # the Choice working now
    choices: tuple[Choice, ...] = field(default_factory=tuple)

    @property
    def working_as(self) -> str:
        """ "Kasir · Warung Sari (Cabang Pasar)": who this browser works as, said on /akun."""
        return next((c.label for c in self.choices if c.value == self.chosen), "")

    def can(self, ability: Ability) -> bool:
        return self.role is not None and ability in ABILITIES[self.role]

    def reach(self, ability: Ability) -> Reach:
        """What of the merchants this ability reaches; empty when the role lacks it."""
        if not self.can(ability) or not self.merchants:
            return Reach(())
        return Reach(self.merchants, self.devices, self.since, money=self.can(Ability.FEES))

    def transactions(self) -> Reach:
        """The list of transactions: a manager's history, a cashier's today."""
        return self.reach(Ability.HISTORY) or self.reach(Ability.TODAY)

    def merchant_ids(self, ability: Ability) -> list[uuid.UUID]:
        """For the owner's abilities (payouts, team): every merchant, or none."""
        return list(self.merchants) if self.can(ability) and self.devices is None else []

    def sees_device(self, device_id: str) -> bool:
        return self.devices is None or parse_id(device_id) in self.devices


def _members(s: Session, email: str) -> list[TeamMember]:
    return list(s.exec(select(TeamMember).where(col(TeamMember.email) == email, col(TeamMember.joined_at).is_not(None),
                                                col(TeamMember.removed_at).is_(None))
                       .order_by(col(TeamMember.joined_at))))  # fmt: skip


def _outlet_names(s: Session, member_id: uuid.UUID) -> str:
    mine = list(s.exec(select(MemberOutlet.outlet_id).where(col(MemberOutlet.member_id) == member_id)))
    return ", ".join(sorted(outlets.names_of(s, mine).values()))


def _member_scope(s: Session, email: str, m: TeamMember) -> Scope:
    outlet_ids = set(s.exec(select(MemberOutlet.outlet_id).where(col(MemberOutlet.member_id) == m.id)))
    role = MemberRole(m.role)
    since = datetime.combine(working_days.today_wib(), time(), WIB) if role is MemberRole.CASHIER else None
    return Scope(email, role, (m.merchant_id,), outlets.devices_at(s, m.merchant_id, outlet_ids), since, str(m.id))


def of_session(token_hash: str, email: str) -> Scope:
    """The scope this session works in now (looked up on every event: a removed member, a
    changed role or outlet counts from the next one)."""
    address = email.strip().lower()
    owned = registrations.approved_of(address)
    with read_session() as s:
        members = _members(s, address)
        picked = s.get(SessionChoice, token_hash) if token_hash else None
        names = business_names(s, owned) if owned else []
        teams = {m.merchant_id: n for m in members for n in business_names(s, [m.merchant_id])}
        choices = ([Choice(OWNER_CHOICE, "Pemilik · " + ", ".join(names))] if owned else []) + [
            Choice(
                str(m.id), f"{MemberRole.label_of(m.role)} · {teams.get(m.merchant_id, '')} ({_outlet_names(s, m.id)})"
            )
            for m in members
        ]
        member = next((m for m in members if picked and picked.member_id == m.id), None)
        if member is None and not owned and members:
            member = members[0]
        if member is not None:
            found = _member_scope(s, address, member)
            return Scope(
                found.email, found.role, found.merchants, found.devices, found.since, found.chosen, tuple(choices)
            )
    if owned:
        return Scope(address, MemberRole.OWNER, tuple(owned), None, None, OWNER_CHOICE, tuple(choices))
    return Scope(address, None, choices=tuple(choices))


def choose(token_hash: str, email: str, value: str) -> bool:
    """The browser works for this choice from now on; False when it is not one of the address's."""
    scope = of_session(token_hash, email)
    if value not in {c.value for c in scope.choices}:
        return False
    with write_session() as s:
        row = s.get(SessionChoice, token_hash) or SessionChoice(token_hash=token_hash)
        row.member_id = None if value == OWNER_CHOICE else parse_id(value)
        s.add(row)
    return True


def sessions_working_as(s: Session, member_id: uuid.UUID, hashes: list[str]) -> list[str]:
    """Of these sessions (the member's address's), those that work for this member: chosen, or
    with no choice made when the address owns no merchant (a member's first team is then the
    default; an owner's default is their own)."""
    member = s.get(TeamMember, member_id)
    other = set(s.exec(select(SessionChoice.token_hash).where(col(SessionChoice.token_hash).in_(hashes),
                                                              col(SessionChoice.member_id).is_distinct_from(member_id))))  # fmt: skip
    chose = set(s.exec(select(SessionChoice.token_hash).where(col(SessionChoice.token_hash).in_(hashes))))
    owner = member is not None and bool(registrations.approved_of(member.email))
    return [h for h in hashes if h not in other and (h in chose or not owner)]
