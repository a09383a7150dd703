"""'Transaksi': each acquirer's webhook health, transactions for unknown TIDs, active devices
silent for days, and the acquirer's settlement report imported with its columns remembered
(services/transactions). An acquirer added (or its secret replaced) here has its secret shown
once, sent to a field on the page by a one-off event: it never enters a tab's state."""

from __future__ import annotations

import asyncio

import reflex as rx

from terminal_shop.formats import day_text, rupiah
from terminal_shop.infra.uploads import MAX_UPLOAD_BYTES, TOO_LARGE_TEXT
from terminal_shop.services.disputes import cases as dispute_cases
from terminal_shop.services.disputes.views import DisputeView
from terminal_shop.services.payouts import cases, reconciliation
from terminal_shop.services.payouts.reconciliation import ReconLine
from terminal_shop.services.payouts.views import CaseView
from terminal_shop.services.team.permissions import Permission
from terminal_shop.services.transactions import acquirers as acquirer_setup
from terminal_shop.services.transactions import corrections, health, held, settlement_report
from terminal_shop.state import toast
from terminal_shop.state.admin.session import AdminState, admin_only
from terminal_shop.state.attempt import attempt

REPORT_UPLOAD_ID = "settlement_report"
SECRET_FIELD = "acquirer-secret"  # always on the page: the secret arrives by set_value, once


class TransactionsState(AdminState):
    acquirers: list[health.AcquirerHealth] = []
    unknown: list[health.UnknownLine] = []
    silent: list[health.SilentDevice] = []
    silent_days: int = 7  # SILENT_DEVICE_DAYS, as the heading says it
    acquirer: str = ""  # the report's acquirer
    columns: dict[str, str] = {}  # our field -> the report's column name
    settled: int = -1  # the last report's result (-1: none yet)
    differences: list[settlement_report.Difference] = []
    not_found: list[str] = []
    more_differences: int = 0  # beyond the first settlement_report.SHOWN
    more_not_found: int = 0
    report_error: str = ""
    acquirer_error: str = ""
    secret_for: str = ""  # whose secret the field shows (the secret itself is never kept here)
    cases: list[CaseView] = []  # "Dana belum masuk" waiting for an answer, the nearest promise first
    disputes: list[DisputeView] = []  # open disputes, the nearest deadline first
    recon: list[ReconLine] = []  # per acquirer, MID and day: the ledger's, reported, sent
    differences_only: bool = False

    async def _fill(self) -> None:
        self.acquirers = await asyncio.to_thread(health.acquirers)
        self.unknown = await asyncio.to_thread(health.unknown_tids)
        self.silent, self.silent_days = await asyncio.to_thread(health.silent_devices), health.silent_days()
        self.cases = await asyncio.to_thread(cases.open_cases)
        self.disputes = await asyncio.to_thread(dispute_cases.waiting)
        self.recon = await asyncio.to_thread(reconciliation.lines, None, self.differences_only)
        codes = [a.code for a in self.acquirers]
        self.acquirer = self.acquirer if self.acquirer in codes else (codes[0] if codes else "")
        if self.acquirer:
            self.columns = await asyncio.to_thread(settlement_report.columns_of, self.acquirer)

    @rx.event
    @admin_only(permission=Permission.TRANSACTIONS)
    async def load(self):
        self.report_error = ""
        await self._fill()

    @rx.event
    @admin_only(permission=Permission.TRANSACTIONS)
    async def show_differences_only(self, on: bool):
        self.differences_only = bool(on)
        self.recon = await asyncio.to_thread(reconciliation.lines, None, self.differences_only)

    @rx.event
    @admin_only(permission=Permission.ACQUIRER_SECRETS)
    async def add_acquirer(self, form: dict):
        code, name, cutoff = (str(form.get(k, ""))[:80] for k in ("code", "name", "cutoff"))
        try:
            secret = await asyncio.to_thread(acquirer_setup.add, code, name, cutoff, self.admin_email)
        except acquirer_setup.AcquirerError as refused:
            self.acquirer_error = refused.text
            return toast.error(refused.text)
        self.acquirer_error, self.secret_for = "", code.strip().lower()
        await self._fill()
        return [rx.set_value(SECRET_FIELD, secret), toast.success("Acquirer ditambahkan")]

    @rx.event
    @admin_only(permission=Permission.ACQUIRER_SECRETS)
    async def set_schedule(self, form: dict):
        """The owner's: an acquirer's payout schedule (cut-off, the hour it pays by, working or calendar days)."""
        code, cutoff, arrives = (str(form.get(k, ""))[:20] for k in ("acquirer", "cutoff", "arrives"))
        calendar = str(form.get("days", "")) == "kalender"
        try:
            plan = await asyncio.to_thread(
                acquirer_setup.set_schedule, code, cutoff, arrives, calendar, self.admin_email
            )
        except acquirer_setup.AcquirerError as refused:
            self.acquirer_error = refused.text
            return toast.error(refused.text)
        self.acquirer_error = ""
        await self._fill()
        return toast.success(f"Jadwal {code.upper()}: {plan.words()}")

    @rx.event
    @admin_only(permission=Permission.ACQUIRER_SECRETS)
    async def rotate_secret(self, code: str):
        try:
            secret = await asyncio.to_thread(acquirer_setup.rotate, str(code)[:20], self.admin_email)
        except acquirer_setup.AcquirerError as refused:
            return toast.error(refused.text)
        self.secret_for = str(code)[:20]
        return [rx.set_value(SECRET_FIELD, secret), toast.success("Rahasia baru dibuat; yang lama tidak berlaku lagi")]

    @rx.event
    @admin_only(permission=Permission.TRANSACTIONS)
    async def choose(self, form: dict):
        """The report's acquirer and which column holds what (kept for the upload that follows)."""
        code = str(form.get("acquirer", ""))
        if code not in {a.code for a in self.acquirers}:
            return toast.error("Pilih acquirer")
        self.acquirer = code
        self.columns = {f: str(form.get(f, "")).strip()[:60] for f in settlement_report.FIELDS}
        return toast.success("Kolom disimpan untuk laporan berikutnya")

    @rx.event
    @admin_only(permission=Permission.TRANSACTIONS)
    async def upload_report(self, files: list[rx.UploadFile]):
        if not files or not self.acquirer:
            return toast.error("Pilih acquirer dan file CSV")
        data = await files[0].read()
        clear = rx.clear_selected_files(REPORT_UPLOAD_ID)
        if len(data) > MAX_UPLOAD_BYTES:
            return [toast.error(TOO_LARGE_TEXT), clear]
        try:
            result = await asyncio.to_thread(
                settlement_report.import_report, self.acquirer, data, dict(self.columns), self.admin_email
            )
        except settlement_report.ReportError as exc:
            self.report_error = exc.text
            return [toast.error(exc.text), clear]
        self.report_error = ""
        self.settled, self.differences, self.not_found = result.settled, result.differences, result.unknown
        self.more_differences, self.more_not_found = result.more_differences, result.more_unknown
        await self._fill()
        return [toast.success(f"{result.settled} transaksi ditandai dibayar"), clear]

    @rx.event
    @admin_only(permission=Permission.TRANSACTIONS)
    async def answer_case(self, form: dict):
        """The answer to a "Dana belum masuk" case, told to the merchant; ticked: the money arrived."""
        case_id = str(form.get("case", ""))
        if not case_id.isdigit():
            return None
        received = str(form.get("diterima", "")) in ("on", "true", "1")
        tried = await attempt(cases.answer, int(case_id), str(form.get("jawaban", "")), self.admin_email, received,
                              failed="Gagal menyimpan jawaban")  # fmt: skip
        if not tried.ok:
            return tried.answer
        self.cases = await asyncio.to_thread(cases.open_cases)
        return toast.success("Jawaban terkirim ke merchant")

    @rx.event
    @admin_only(permission=Permission.TRANSACTIONS)
    async def correct_payout(self, form: dict):
        """A correction of a MID's money with the reason the merchant reads: on its next payout not yet sent."""
        fields = (str(form.get(k, ""))[:200] for k in ("acquirer", "mid", "jumlah", "alasan"))
        tried = await attempt(corrections.correct, *fields, self.admin_email, failed="Gagal menyimpan koreksi")
        if not tried.ok or tried.value is None:
            return tried.answer
        amount, day = tried.value
        self.recon = await asyncio.to_thread(reconciliation.lines, None, self.differences_only)
        return toast.success(
            f"Koreksi {'+' if amount > 0 else '-'}{rupiah(abs(amount))} masuk pencairan {day_text(day)}"
        )

    @rx.event
    @admin_only(permission=Permission.TRANSACTIONS)
    async def release_held(self, acquirer: str, txn_id: str):
        """A held sale to its terminal's merchant, once a terminal is active with its TID and MID."""
        tried = await attempt(
            held.release, str(acquirer)[:20], str(txn_id)[:64], self.admin_email, failed="Gagal menyimpan"
        )
        if not tried.ok or tried.value is None:
            return tried.answer
        self.unknown = await asyncio.to_thread(health.unknown_tids)
        return toast.success(f"Masuk pencairan {day_text(tried.value)}")

    @rx.event
    @admin_only(permission=Permission.TRANSACTIONS)
    async def forward_dispute(self, dispute_id: str):
        """The staff sent the case on to the acquirer: recorded with today's date, the merchant reads it."""
        tried = await attempt(dispute_cases.forward, str(dispute_id)[:40], self.admin_email, failed="Gagal menyimpan")
        if not tried.ok:
            return tried.answer
        self.disputes = await asyncio.to_thread(dispute_cases.waiting)
        return toast.success("Tercatat: diteruskan ke acquirer")
