"""'Sesi aktif': an admin's own sessions, ended one by one or all but this one
(services/team/admin_sessions.py)."""

from __future__ import annotations

import asyncio

import reflex as rx

from terminal_shop.services.team import admin_sessions
from terminal_shop.services.team.views import SessionView
from terminal_shop.state import toast
from terminal_shop.state.admin.session import AdminState, admin_only


class SessionsState(AdminState):
    sessions: list[SessionView] = []

    async def _list(self) -> None:
        admin = self._admin()
        self.sessions = list(await asyncio.to_thread(admin_sessions.of_admin, admin.id, self._session_hash()))

    @rx.event
    @admin_only
    async def load(self):
        await self._list()

    @rx.event
    @admin_only
    async def end(self, key: str):
        admin = self._admin()
        ended = await asyncio.to_thread(admin_sessions.end, admin.id, admin.email, str(key))
        await self._list()
        return toast.success("Sesi diakhiri") if ended else toast.error("Sesi tidak ditemukan")

    @rx.event
    @admin_only
    async def end_others(self):
        admin = self._admin()
        ended = await asyncio.to_thread(admin_sessions.end_others, admin.id, admin.email, self._session_hash())
        await self._list()
        return toast.success(f"{ended} sesi lain diakhiri")
