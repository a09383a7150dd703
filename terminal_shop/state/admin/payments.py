"""The admin's payment check: a bank statement or QRIS report imported, its lines matched to
the orders waiting for payment (services/orders/payments/reconcile.py), orders confirmed from it."""

from __future__ import annotations

import asyncio
from collections import Counter

import reflex as rx

from terminal_shop.infra.uploads import MAX_UPLOAD_BYTES, TOO_LARGE_TEXT
from terminal_shop.services.orders.payments import manual_match, matching, reconcile
from terminal_shop.services.orders.payments.statement import Columns, ColumnsMissing
from terminal_shop.services.orders.payments.terms import MatchKind
from terminal_shop.services.orders.payments.views import CandidateView, StatementRow
from terminal_shop.services.orders.transitions import TransitionError
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state import toast
from terminal_shop.state.admin.session import AdminState, admin_only
from terminal_shop.state.attempt import attempt

BANK_UPLOAD_ID = "statement_file"
QRIS_UPLOAD_ID = "qris_file"
OTHER_LINES_SHOWN = 200  # lines not to act on (debit, pending, unknown, used) listed at most


class PaymentsState(AdminState):
    rows: list[StatementRow] = []
    summary: str = ""
    error: str = ""  # why the last file was refused (its line and reason)
    # The QRIS report's columns, as saved (or being chosen) and the file's own names.
    col_date: str = ""
    col_amount: str = ""
    col_reference: str = ""
    found_columns: list[str] = []
    _import_id: int = 0  # the last import's record (its line ids stay server-side, issue 60.8)
    # "Cocokkan manual": the "Tidak dikenal" line being matched by hand, and the orders found for it
    manual_line: int = 0
    manual_text: str = ""  # the line as the dialog names it: date, description, amount
    manual_found: list[CandidateView] = []
    manual_searched: bool = False

    @rx.event
    @admin_only(permission=Permission.PAYMENTS_IMPORT)
    async def load(self):
        columns = await asyncio.to_thread(reconcile.qris_columns)
        self.col_date, self.col_amount, self.col_reference = columns.date, columns.amount, columns.reference
        if self._import_id:  # back on the page: the last import as things stand now
            await self._review()

    @rx.event
    @admin_only(permission=Permission.PAYMENTS_IMPORT)
    async def set_column(self, field: str, value: str):
        if field in ("date", "amount", "reference"):
            setattr(self, f"col_{field}", str(value)[:100])

    @rx.event
    @admin_only(permission=Permission.PAYMENTS_IMPORT)
    async def upload_bank(self, files: list[rx.UploadFile]):
        return await self._import(files, BANK_UPLOAD_ID, reconcile.import_bank)

    @rx.event
    @admin_only(permission=Permission.PAYMENTS_IMPORT)
    async def upload_qris(self, files: list[rx.UploadFile]):
        columns = Columns(self.col_date, self.col_amount, self.col_reference)
        return await self._import(
            files, QRIS_UPLOAD_ID, lambda data, admin: reconcile.import_qris(data, admin, columns)
        )

    async def _import(self, files: list[rx.UploadFile], upload_id: str, step):
        if not files:
            return None
        data = await files[0].read()
        clear = rx.clear_selected_files(upload_id)
        if len(data) > MAX_UPLOAD_BYTES:
            self.error = TOO_LARGE_TEXT
            return [toast.error(self.error), clear]
        done = await attempt(
            step, data, self.admin_email, failed="Gagal mengimpor file", title="File tidak dapat dibaca", then=[clear]
        )
        if isinstance(done.refused, ColumnsMissing):
            self.error, self.found_columns = done.refused.text, done.refused.found
            return [toast.error("Pilih kolom laporan QRIS"), clear]
        if (imported := done.value) is None:
            self.error = done.refused.text if done.refused else ""
            return done.answer
        self.error, self.found_columns = "", []
        self._import_id = imported.import_id
        await self._review()
        return [toast.success(f"{len(imported.line_ids)} baris dibaca, {imported.new} baru"), clear]

    async def _imported(self, line_id: int) -> bool:
        """A line of the import this page shows: no other line is acted on from here."""
        return line_id in await asyncio.to_thread(reconcile.lines_of, self._import_id)

    async def _review(self) -> None:
        import_id = self._import_id
        rows = await asyncio.to_thread(lambda: matching.review(reconcile.lines_of(import_id)))
        counted = Counter(r.kind for r in rows)
        self.summary = ", ".join(f"{counted[k.value]} {k.label.lower()}" for k in MatchKind if counted[k.value])
        # A month's statement is thousands of lines: every line to act on is shown, and the
        # first of the others (their counts are in the summary).
        actionable = {MatchKind.MATCHED.value, MatchKind.AMBIGUOUS.value}
        others = [r for r in rows if r.kind not in actionable][:OTHER_LINES_SHOWN]
        kept = {id(r) for r in others}
        self.rows = [r for r in rows if r.kind in actionable or id(r) in kept]
        if len(self.rows) < len(rows):
            self.summary += f" (ditampilkan {len(self.rows)} dari {len(rows)} baris)"

    @rx.event
    @admin_only(permission=Permission.ORDERS_REVIEW)
    async def confirm_all(self):
        import_id, admin = self._import_id, self.admin_email
        done, refused = await asyncio.to_thread(lambda: matching.confirm_matched(reconcile.lines_of(import_id), admin))
        await self._review()
        if refused:
            return toast.error(f"{done} pesanan dikonfirmasi, {refused} gagal (sudah diproses admin lain?)")
        return toast.success(f"{done} pesanan dikonfirmasi")

    @rx.event
    @admin_only(permission=Permission.ORDERS_REVIEW)
    async def confirm_one(self, line_id: int, order_id: str):
        if not await self._imported(int(line_id)):
            return toast.error("Baris mutasi tidak ditemukan")
        try:
            await asyncio.to_thread(reconcile.confirm_line, int(line_id), str(order_id), self.admin_email)
        except (reconcile.ReconcileError, TransitionError) as exc:
            await self._review()
            return toast.error(exc.code.label)
        await self._review()
        return toast.success("Pembayaran berhasil dikonfirmasi")

    @rx.event
    @admin_only(permission=Permission.ORDERS_REVIEW)
    async def open_manual(self, line_id: int):
        row = next((r for r in self.rows if r.line_id == int(line_id) and r.kind == MatchKind.UNKNOWN), None)
        if row is None:
            return toast.error("Baris mutasi tidak ditemukan")
        self.manual_line, self.manual_found, self.manual_searched = row.line_id, [], False
        self.manual_text = f"{row.date} · {row.description} · {row.amount}"
        return None

    @rx.event
    @admin_only(permission=Permission.ORDERS_REVIEW)
    async def close_manual(self):
        self.manual_line, self.manual_found, self.manual_searched = 0, [], False

    @rx.event
    @admin_only(permission=Permission.ORDERS_REVIEW)
    async def search_manual(self, form: dict):
        if not await self._imported(self.manual_line):
            return None
        text = str((form or {}).get("q", ""))[:100]
        self.manual_found = await asyncio.to_thread(manual_match.search, self.manual_line, text)
        self.manual_searched = True
        return None

    @rx.event
    @admin_only(permission=Permission.ORDERS_REVIEW)
    async def confirm_manual(self, order_id: str):
        """The line pays the order the admin chose (audited as matched by hand)."""
        if not await self._imported(self.manual_line):
            return toast.error("Baris mutasi tidak ditemukan")
        try:
            await asyncio.to_thread(manual_match.confirm, self.manual_line, str(order_id), self.admin_email)
        except (reconcile.ReconcileError, TransitionError) as exc:
            return toast.error(exc.code.label)
        self.manual_line, self.manual_found, self.manual_searched = 0, [], False
        await self._review()
        return toast.success("Pembayaran berhasil dikonfirmasi")
