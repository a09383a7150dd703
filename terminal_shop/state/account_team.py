"""/akun/tim, the owner's (issue 49): outlets and where each device stands, the team and its
invitations, and the account's activity log."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable
from typing import ClassVar

import reflex as rx

from terminal_shop import reflex_compat
from terminal_shop.services.merchant_team import activity, members, outlets
from terminal_shop.services.merchant_team.activity import ActivityLine
from terminal_shop.services.merchant_team.members import MemberView
from terminal_shop.services.merchant_team.outlets import OutletView, Placement
from terminal_shop.services.merchant_team.terms import Ability
from terminal_shop.state import toast
from terminal_shop.state.account import AccountState, account_states
from terminal_shop.state.account_check import account_only, checked_customer, checked_scope, own_merchants
from terminal_shop.state.attempt import attempt


class TeamState(AccountState):
    needs: ClassVar[Ability | None] = Ability.TEAM
    loaded: bool = False
    outlets: list[OutletView] = []
    placements: list[Placement] = []
    activity: list[ActivityLine] = []
    team: list[MemberView] = []
    businesses: list[list[str]] = []  # merchant id, name: each business once (issue 63.8), for the forms' "Usaha"

    @rx.event
    @account_only
    async def load(self):
        if away := await self._open():
            return away
        await self._load_team(checked_scope().merchant_ids(Ability.TEAM))
        self.loaded = True

    async def _load_team(self, merchants: list[uuid.UUID]) -> None:
        self.outlets, self.placements = await asyncio.to_thread(
            outlets.of_merchants, merchants, checked_customer().email
        )
        self.businesses = [[m, n] for m, n in {o.merchant_id: o.business for o in self.outlets}.items()]
        self.activity = await asyncio.to_thread(activity.of_merchants, merchants)
        self.team = await asyncio.to_thread(members.of_merchants, merchants)

    async def _as_owner(self, act: Callable[..., object], *args: object, failed: str,
                        done: str | Callable[[object], Awaitable[str]]):  # fmt: skip
        """One of the owner's changes (outlets, team): the service does it for the owner's own
        merchants only, the section is read again and the toast says what happened."""
        merchants = own_merchants(self, Ability.TEAM)
        if merchants is None:
            return self._forget()
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
    async def set_outlet_hours(self, form: dict):
        return await self._as_owner(outlets.set_hours, str(form.get("outlet", ""))[:40], str(form.get("buka", ""))[:3],
                                    str(form.get("tutup", ""))[:3], failed="Gagal menyimpan jam. Coba lagi.",
                                    done="Jam outlet disimpan")  # fmt: skip

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

        async def removed(done: object) -> str:
            assert isinstance(done, members.Removed)
            await reflex_compat.empty_tab_states(done.tabs, account_states())
            return f"{done.email} tidak lagi di tim"

        return await self._as_owner(members.remove, str(member_id)[:40], failed="Gagal mengeluarkan. Coba lagi.",
                                    done=removed)  # fmt: skip


def _outlets_ticked(form: dict) -> list[str]:
    """The outlet checkboxes ticked in the invite or change form (named outlet-<id>)."""
    return [str(v)[:40] for k, v in form.items() if str(k).startswith("outlet-") and v][:50]
