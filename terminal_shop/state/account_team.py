"""The owner's outlets and team, the account's activity log, and which merchant a browser
works for, on /akun (issue 49). A mixin of AccountState, each handler through the account's
one check; only the owner reaches outlets and staff."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable

import reflex as rx

from terminal_shop import reflex_compat
from terminal_shop.reflex_compat import request_header
from terminal_shop.services.customers import sessions, signin
from terminal_shop.services.merchant_team import activity, members, outlets
from terminal_shop.services.merchant_team import scope as team_scope
from terminal_shop.services.merchant_team.activity import ActivityLine
from terminal_shop.services.merchant_team.members import MemberView
from terminal_shop.services.merchant_team.outlets import OutletView, Placement
from terminal_shop.services.merchant_team.scope import Choice
from terminal_shop.services.merchant_team.terms import Ability
from terminal_shop.state import toast
from terminal_shop.state.account_check import account_only, checked_customer, checked_scope, own_merchants
from terminal_shop.state.attempt import attempt


class TeamMixin(rx.State, mixin=True):
    outlets: list[OutletView] = []
    placements: list[Placement] = []
    activity: list[ActivityLine] = []
    team: list[MemberView] = []
    role: str = ""  # the session's role: pemilik, manajer, kasir ("" for a buyer)
    abilities: list[str] = []  # what the page offers (each handler checks again)
    choices: list[Choice] = []  # the merchants this address works for, when more than one
    chosen: str = ""
    working_as: str = ""  # "Kasir · Warung Sari (Cabang Pasar)"

    async def _load_team(self, merchants: list[uuid.UUID]) -> None:
        scope = checked_scope()
        self.role = scope.role.value if scope.role else ""
        self.abilities = [a.value for a in Ability if scope.can(a)]
        self.choices, self.chosen = list(scope.choices) if len(scope.choices) > 1 else [], scope.chosen
        self.working_as = scope.working_as
        self.outlets, self.placements = await asyncio.to_thread(
            outlets.of_merchants, merchants, checked_customer().email
        )
        self.activity = await asyncio.to_thread(activity.of_merchants, merchants)
        self.team = await asyncio.to_thread(members.of_merchants, merchants)

    async def _as_owner(self, act: Callable[..., object], *args: object, failed: str,
                        done: str | Callable[[object], Awaitable[str]]):  # fmt: skip
        """One of the owner's changes (outlets, team): the service does it for the owner's own
        merchants only, the section is read again and the toast says what happened."""
        merchants = own_merchants(self, Ability.TEAM)
        if merchants is None:
            return self.reset()
        tried = await attempt(act, merchants, *args, checked_customer().email, failed=failed)
        if not tried.ok:
            return tried.answer
        await self._load_team(merchants)
        return toast.success(await done(tried.value) if callable(done) else done)

    @rx.event
    @account_only
    async def add_outlet(self, form: dict):
        values = {k: str(form.get(k, ""))[:400] for k in ("nama", "alamat", "kecamatan", "kota")}
        return await self._as_owner(outlets.add, str(form.get("usaha", ""))[:40], values,
                                    failed="Gagal menyimpan outlet. Coba lagi.",
                                    done=f"Outlet {values['nama'].strip()} ditambahkan")  # fmt: skip

    @rx.event
    @account_only
    async def move_device(self, device_id: str, outlet_id: str):
        return await self._as_owner(outlets.assign, str(device_id)[:40], str(outlet_id)[:40],
                                    failed="Gagal memindahkan perangkat. Coba lagi.", done="Perangkat dipindahkan")  # fmt: skip

    @rx.event
    @account_only
    async def invite_member(self, form: dict):
        """The owner's invitation: an address, a role and at least one outlet (checkboxes)."""
        email = str(form.get("email", ""))[:254]
        return await self._as_owner(members.invite, str(form.get("usaha", ""))[:40], email, str(form.get("peran", ""))[:20],
                                    _outlets_ticked(form), failed="Gagal mengirim undangan. Coba lagi.",
                                    done=f"Undangan terkirim ke {email.strip().lower()}: berlaku 48 jam")  # fmt: skip

    @rx.event
    @account_only
    async def change_member(self, member_id: str, form: dict):
        return await self._as_owner(members.change, str(member_id)[:40], str(form.get("peran", ""))[:20],
                                    _outlets_ticked(form), failed="Gagal menyimpan. Coba lagi.",
                                    done="Peran dan outlet disimpan")  # fmt: skip

    @rx.event
    @account_only
    async def remove_member(self, member_id: str):
        """Removes a member (or withdraws an invitation): their sessions for this team end and
        their open tabs are emptied at once."""

        async def removed(address: object) -> str:
            key = uuid.UUID(str(member_id)[:40])  # parsed already: the removal found it
            ended = await asyncio.to_thread(
                sessions.end_some, str(address), lambda s, hashes: team_scope.sessions_working_as(s, key, hashes)
            )
            await reflex_compat.empty_tab_states(ended, (type(self),))
            return f"{address} tidak lagi di tim"

        return await self._as_owner(members.remove, str(member_id)[:40], failed="Gagal mengeluarkan. Coba lagi.",
                                    done=removed)  # fmt: skip

    @rx.event
    @account_only
    async def work_as(self, value: str):
        """An address in several teams picks which one this browser works for."""
        done = await asyncio.to_thread(
            team_scope.choose,
            request_header(self, signin.SESSION_HASH_HEADER),
            checked_customer().email,
            str(value)[:40],
        )
        if not done:
            return toast.error("Pilihan tidak tersedia")
        return type(self).load  # type: ignore[attr-defined]  # AccountState's


def _outlets_ticked(form: dict) -> list[str]:
    """The outlet checkboxes ticked in the invite or change form (named outlet-<id>)."""
    return [str(v)[:40] for k, v in form.items() if str(k).startswith("outlet-") and v][:50]
