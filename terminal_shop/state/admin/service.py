"""'Servis': the broken terminals' cases, oldest first, each worked one step at a time
(services/servicing): checked, replacement sent by scanning its SN, activated with the old
TID, old unit picked up, received, repaired or broken; and a case opened for a merchant on
the phone."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import reflex as rx

from terminal_shop.services.servicing import cases, steps
from terminal_shop.services.servicing.views import ServiceCaseView
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state import toast
from terminal_shop.state.admin.session import AdminState, admin_only
from terminal_shop.state.attempt import attempt


class ServiceState(AdminState):
    cases: list[ServiceCaseView] = []

    @rx.event
    @admin_only(permission=Permission.SERVICE)
    async def load(self):
        self.cases = await asyncio.to_thread(cases.waiting)

    async def _act(self, work: Callable[..., object], *args: object, done: str):
        tried = await attempt(work, *args, failed="Gagal menyimpan. Coba lagi.")
        if not tried.ok:
            return tried.answer
        self.cases = await asyncio.to_thread(cases.waiting)
        return toast.success(done)

    @rx.event
    @admin_only(permission=Permission.SERVICE)
    async def open_case(self, form: dict):
        return await self._act(steps.open_by_serial, str(form.get("sn", ""))[:40], str(form.get("masalah", ""))[:30],
                               str(form.get("keterangan", ""))[:2000], self.admin_email, done="Laporan dibuka")  # fmt: skip

    @rx.event
    @admin_only(permission=Permission.SERVICE)
    async def check(self, form: dict):
        solved = str(form.get("selesai", "")) in ("on", "true", "1")
        return await self._act(steps.check, str(form.get("case", ""))[:40], str(form.get("catatan", ""))[:2000], solved,
                               self.admin_email, done="Pemeriksaan tersimpan")  # fmt: skip

    @rx.event
    @admin_only(permission=Permission.SERVICE)
    async def ship(self, form: dict):
        return await self._act(steps.ship_replacement, str(form.get("case", ""))[:40], str(form.get("sn", ""))[:40],
                               str(form.get("kurir", ""))[:40], str(form.get("resi", ""))[:40], self.admin_email,
                               done="Pengganti dikirim")  # fmt: skip

    @rx.event
    @admin_only(permission=Permission.DEVICES_ACTIVATE)
    async def activate_replacement(self, case_id: str):
        return await self._act(steps.activate_replacement, str(case_id)[:40], self.admin_email,
                               done="Pengganti aktif dengan TID lama")  # fmt: skip

    @rx.event
    @admin_only(permission=Permission.SERVICE)
    async def delivered(self, case_id: str):
        return await self._act(
            steps.delivered, str(case_id)[:40], self.admin_email, done="Pengganti tercatat diterima merchant"
        )

    @rx.event
    @admin_only(permission=Permission.SERVICE)
    async def schedule_pickup(self, form: dict):
        return await self._act(steps.schedule_pickup, str(form.get("case", ""))[:40], str(form.get("tanggal", ""))[:10],
                               str(form.get("jam", ""))[:20], self.admin_email, done="Jadwal penjemputan terkirim ke merchant")  # fmt: skip

    @rx.event
    @admin_only(permission=Permission.SERVICE)
    async def picked_up(self, form: dict):
        return await self._act(steps.picked_up, str(form.get("case", ""))[:40], str(form.get("kurir", ""))[:40],
                               str(form.get("resi", ""))[:40], self.admin_email, done="Penjemputan tercatat")  # fmt: skip

    @rx.event
    @admin_only(permission=Permission.SERVICE)
    async def received(self, case_id: str):
        return await self._act(steps.received, str(case_id)[:40], self.admin_email, done="Unit lama diterima gudang")

    @rx.event
    @admin_only(permission=Permission.SERVICE)
    async def finish(self, case_id: str, repaired: bool):
        return await self._act(steps.finish, str(case_id)[:40], bool(repaired), self.admin_email, done="Kasus selesai")
