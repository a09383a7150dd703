"""The owner's data incidents (issue 61.5, UU 27/2022 Ps 46): record one with the people it
touched, tell them, download the letter to the authority, close it (services/privacy/incidents.py)."""

from __future__ import annotations

import asyncio

import reflex as rx

from terminal_shop.services.privacy import incidents
from terminal_shop.services.privacy.terms import ExposedData
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state import toast
from terminal_shop.state.admin.session import AdminState, admin_only
from terminal_shop.state.attempt import attempt


def _typed(form: dict) -> dict[str, object]:
    """The form as the service takes it: each exposed data kind is a checkbox of its own."""
    return {**{k: str(form.get(k, ""))[:2000] for k in ("what", "steps", "discovered", "scope", "start", "end")},
            "data": [d.value for d in ExposedData if form.get(f"data_{d.value}")]}  # fmt: skip


def _id(value: object) -> int:
    return int("".join(c for c in str(value)[:12] if c.isdigit()) or 0)


class IncidentsState(AdminState):
    incidents: list[incidents.IncidentView] = []

    async def _fill(self) -> None:
        self.incidents = await asyncio.to_thread(incidents.incidents)

    @rx.event
    @admin_only(permission=Permission.PERSONAL_DATA)
    async def load(self):
        await self._fill()

    @rx.event
    @admin_only(permission=Permission.PERSONAL_DATA)
    async def record(self, form: dict):
        tried = await attempt(incidents.record, _typed(form), self._admin().email, failed="Gagal mencatat insiden")
        if not tried.ok:
            return tried.answer
        await self._fill()
        return toast.success(
            "Insiden dicatat", description="Beri tahu orang yang terdampak dan otoritas sebelum batasnya."
        )

    @rx.event
    @admin_only(permission=Permission.PERSONAL_DATA)
    async def notify(self, incident_id: int):
        tried = await attempt(
            incidents.notify, _id(incident_id), self._admin().email, failed="Gagal mengirim pemberitahuan"
        )
        if not tried.ok:
            return tried.answer
        await self._fill()
        return toast.success(f"Pemberitahuan terkirim ke {tried.value} orang")

    @rx.event
    @admin_only(permission=Permission.PERSONAL_DATA)
    async def close(self, form: dict):
        tried = await attempt(incidents.close, _id(form.get("id", "")), self._admin().email,
                              str(form.get("outcome", ""))[:2000], failed="Gagal menutup insiden")  # fmt: skip
        if not tried.ok:
            return tried.answer
        await self._fill()
        return toast.success("Insiden ditutup")
