"""The orders list's bulk uploads (services/orders/fulfilment.py). Moved here from
state/admin/orders.py: its tab state is only the last upload's results, so a copy stored under
the old name is dropped and nothing is lost (docs/decisions.md, Code layout)."""

from __future__ import annotations

import reflex as rx

from terminal_shop.infra.uploads import MAX_UPLOAD_BYTES, TOO_LARGE_TEXT
from terminal_shop.services import csv_lines
from terminal_shop.services.orders import fulfilment
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state import toast
from terminal_shop.state.admin.session import AdminState, admin_only
from terminal_shop.state.attempt import attempt


class BulkShipState(AdminState):
    """The orders list's uploads: resi numbers to ship, order numbers delivered
    (services/orders/fulfilment.py), each line's result shown."""

    results: list[fulfilment.LineResult] = []  # at most csv_lines.SHOWN: a file may hold 5,000 lines
    results_note: str = ""  # the whole file in words

    async def _apply(self, files: list[rx.UploadFile], step, upload_id: str, done: str):
        if not files:
            return None
        data = await files[0].read()
        if len(data) > MAX_UPLOAD_BYTES:
            return [toast.error(TOO_LARGE_TEXT), rx.clear_selected_files(upload_id)]
        tried = await attempt(
            step, data, self.admin_email, failed="Gagal memproses file", then=[rx.clear_selected_files(upload_id)]
        )
        if (results := tried.value) is None:
            return tried.answer
        self.results, self.results_note = csv_lines.shown(results)
        ok = sum(r.ok for r in results)
        return [
            toast.success(f"{ok} pesanan {done}, {len(results) - ok} baris ditolak"),
            rx.clear_selected_files(upload_id),
        ]

    @rx.event
    @admin_only(permission=Permission.FULFIL)
    async def upload(self, files: list[rx.UploadFile]):
        return await self._apply(files, fulfilment.ship_from_csv, "bulk_ship", "ditandai Dikirim")

    @rx.event
    @admin_only(permission=Permission.FULFIL)
    async def upload_delivered(self, files: list[rx.UploadFile]):
        return await self._apply(files, fulfilment.deliver_from_csv, "bulk_deliver", "ditandai Diterima")
