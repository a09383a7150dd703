"""The admin's merchant registrations: the list, and one registration's detail with
edit, status, document replacement and delete."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
from typing import ClassVar

import reflex as rx

from terminal_shop import routes
from terminal_shop.infra.uploads import browser_rejection
from terminal_shop.refusals import texts
from terminal_shop.services.audit import access_log
from terminal_shop.services.audit.terms import AccessAction
from terminal_shop.services.backoffice import admin_merchants, merchant_actions
from terminal_shop.services.notifications import mail_log
from terminal_shop.services.registrations import admin_edit, merchant_list, payout_account
from terminal_shop.services.registrations.details import format_omzet
from terminal_shop.services.registrations.fix_link import ALL_ITEMS
from terminal_shop.services.registrations.terms import DocumentKind, RegistrationStatus
from terminal_shop.services.registrations.transitions import ChangeRefused
from terminal_shop.services.registrations.views import MerchantRow, MerchantView
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state import toast
from terminal_shop.state.admin.lists import AdminListMixin
from terminal_shop.state.admin.merchant_account import MerchantAccountState
from terminal_shop.state.admin.merchant_devices import MerchantDevicesState
from terminal_shop.state.admin.merchant_rates import MerchantRatesState
from terminal_shop.state.admin.order_whatsapp import MerchantWhatsAppState
from terminal_shop.state.admin.session import AdminState, admin_only
from terminal_shop.state.attempt import attempt

DOC_UPLOAD_ID = "admin_doc"
DELETE_PHRASE = "Confirm Delete"
EDITABLE = (*admin_edit.EDITABLE_TEXT, "status", "rejection_reason")


class MerchantListState(AdminListMixin, AdminState):
    _view_permission: ClassVar[Permission] = Permission.MERCHANTS_VIEW
    _export_permission: ClassVar[Permission] = Permission.MERCHANTS_EXPORT
    rows: list[MerchantRow] = []
    _route = routes.ADMIN_MERCHANTS
    _statuses = RegistrationStatus
    _export_kind = "merchants"
    _export_toast = "CSV exported"

    def _fetch(self, query, after, before):
        return functools.partial(merchant_list.list_page, query, after, before)

    def _read(self, params):
        return merchant_list.query_from(params)

    def _show(self, rows: list[MerchantRow]) -> None:
        self.rows = rows


class MerchantDetailState(AdminState):
    merchant: MerchantView | None = None
    form: dict[str, str] = {}  # the editable fields as the form shows them
    errors: dict[str, str] = {}
    editing: bool = False
    read_only: str = ""  # why the record cannot be changed ("Data dihapus"), '' when it can
    delete_phrase: str = ""
    viewer_url: str = ""
    _viewer_key: str = ""  # the shown document's kind (DocumentKind)
    viewer_title: str = ""
    viewer_position: str = ""  # "2 / 4": which of the stored documents is shown
    upload_doc: str = ""
    upload_label: str = ""
    fix: list[str] = []  # on rejection: what the applicant is asked to correct (FixGroup, DocumentKind)
    decide_error: str = ""  # why "Setujui" or "Tolak" was refused

    def _merchant_id(self) -> str:
        return self.merchant.id if self.merchant else ""

    async def _fill(self, merchant_id: str, viewer: str = "") -> None:
        """`viewer` on a page load: the admin's look at the documents is logged."""
        d = await asyncio.to_thread(admin_merchants.detail, merchant_id, viewer, self._reads_restricted())
        self.merchant = d.view
        self.form = d.form
        self.read_only = (
            "Data dihapus" if d.view.erased else ("Data dibatasi: tidak dapat diubah" if d.view.restricted else "")
        )
        self.editing = self.editing and not self.read_only

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_VIEW)
    async def load(self):
        merchant_id = self.router.page.params.get("id", "")
        self.errors, self.delete_phrase, self.upload_doc, self.fix = {}, "", "", []
        if merchant_id != self._merchant_id():  # a document the admin opened while it loaded stays open
            self.viewer_url = ""
        self.editing = self.router.url.query_parameters.get("edit") == "true"
        try:
            await self._fill(merchant_id, self.admin_email)
        except admin_merchants.NotFound:
            return [toast.error("Gagal memuat data"), rx.redirect(routes.ADMIN_MERCHANTS)]
        if self.viewer_url:  # still open: its freshly signed link
            self._show_document(next((d for d in self._stored_documents() if d.key == self._viewer_key), None))
        return [
            MerchantDevicesState.load,
            MerchantAccountState.load,
            MerchantRatesState.load,
            MerchantWhatsAppState.load,
        ]  # after the record: a refused admin hears "no" once

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_EDIT)
    async def set_editing(self, on: bool):
        self.editing = bool(on) and not self.read_only  # an erased or restricted record stays as it is

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_EDIT)
    async def set_field(self, field: str, value: str):
        if field not in EDITABLE:
            return
        value = str(value)[:1000]
        self.form[field] = format_omzet(value) if field == "omzet_bulanan" else value
        self.errors.pop(field, None)

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_EDIT)
    async def save(self):
        done = await attempt(
            admin_edit.save, self._merchant_id(), dict(self.form), self.admin_email, list(self.fix),
            failed="Gagal menyimpan data",
        )  # fmt: skip
        if (saved := done.value) is None:
            return done.answer
        self.errors = texts(saved.errors)
        if self.errors:
            return toast.error("Gagal menyimpan data", description=next(iter(self.errors.values())))
        await self._fill(self._merchant_id())
        self.editing = False
        if saved.account_waits:  # the request's card shows it
            return [toast.success("Data berhasil disimpan", description=payout_account.ADMIN_EDIT_WAITS),
                    MerchantAccountState.load]  # fmt: skip
        return toast.success("Data berhasil disimpan")

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_EDIT)
    async def approve(self):
        return await self._decide(RegistrationStatus.APPROVED, "", "Pendaftaran disetujui")

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_EDIT)
    async def reject(self, form: dict):
        reason = str(form.get("reason", ""))[:1000]
        return await self._decide(
            RegistrationStatus.REJECTED, reason, "Pendaftaran ditolak; pemohon menerima alasannya"
        )

    async def _decide(self, status: RegistrationStatus, reason: str, done: str):
        try:
            await asyncio.to_thread(
                admin_edit.decide, self._merchant_id(), status, reason, self.admin_email, list(self.fix)
            )
        except ChangeRefused as refused:
            self.decide_error = refused.text
            return toast.error(refused.text)
        self.decide_error = ""
        self.fix = []
        await self._fill(self._merchant_id())
        return toast.success(done)

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_EDIT)
    async def toggle_fix(self, item: str):
        if item in ALL_ITEMS:
            self.fix = [i for i in self.fix if i != item] if item in self.fix else [*self.fix, item]

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_DELETE)
    async def set_delete_phrase(self, value: str):
        self.delete_phrase = str(value)[:40]

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_DELETE)
    async def delete(self):
        if self.delete_phrase != DELETE_PHRASE:
            return None
        done = await attempt(
            merchant_actions.delete, self._merchant_id(), self.admin_email, failed="Gagal menghapus data"
        )
        if not done.ok:
            return done.answer
        self._forget()
        return [toast.success("Data berhasil dihapus"), rx.redirect(routes.ADMIN_MERCHANTS)]

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_VIEW)
    async def open_viewer(self, key: str):
        """By the document's kind: its signed link changes each time the page is loaded."""
        await self._look(next((d for d in self._stored_documents() if d.key == key), None))

    async def _look(self, doc) -> None:
        """Shows a document full size, and logs that this admin opened it."""
        if doc is None:
            return
        merchant_id = self._merchant_id()
        await asyncio.to_thread(
            access_log.record, self.admin_email, AccessAction.VIEWED, "merchant", merchant_id, doc.label
        )
        seen = await asyncio.to_thread(access_log.history, "merchant", merchant_id)
        if self.merchant is not None:
            self.merchant = dataclasses.replace(self.merchant, access=seen)
        self._show_document(doc)

    def _stored_documents(self) -> list:
        return [d for d in self.merchant.documents if d.url] if self.merchant else []

    def _show_document(self, doc) -> None:
        stored = self._stored_documents()
        if doc is not None and doc in stored:
            self._viewer_key, self.viewer_url, self.viewer_title = doc.key, doc.url, doc.label
            self.viewer_position = f"{stored.index(doc) + 1} / {len(stored)}"

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_VIEW)
    async def viewer_step(self, delta: int):
        """The next or previous stored document (wrapping round)."""
        stored = self._stored_documents()
        at = next((i for i, d in enumerate(stored) if d.key == self._viewer_key), None)
        if at is not None and str(delta).lstrip("-").isdigit():
            await self._look(stored[(at + int(delta)) % len(stored)])

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_VIEW)
    async def close_viewer(self):
        self.viewer_url = ""

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_EDIT)
    async def choose_upload(self, doc: str):
        kind = DocumentKind.parse(doc)
        if kind is not None:
            self.upload_doc, self.upload_label = kind.value, kind.label

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_EDIT)
    async def cancel_upload(self):
        self.upload_doc = ""

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_EDIT)
    async def upload_rejected(self, codes: list[str]):
        title, message = browser_rejection(codes, merchant_actions.NOT_IMAGE)
        return toast.error(title, description=message)

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_EDIT)
    async def replace_document(self, files: list[rx.UploadFile], doc: str):
        """`doc` comes with the upload: the upload may reach a worker before the tab's state
        that chose it (see reflex_compat.forms)."""
        if not files:
            return toast.error("Pilih gambar dulu")
        upload = files[0]
        data = await upload.read()
        done = await attempt(
            merchant_actions.replace_document,
            self._merchant_id(),
            str(doc),
            upload.filename or "dokumen",
            data,
            self.admin_email,
            failed="Gagal upload dokumen",
            then=[rx.clear_selected_files(DOC_UPLOAD_ID)],
        )
        if not done.ok:
            return done.answer
        self.upload_doc = ""
        await self._fill(self._merchant_id())
        return [toast.success("Dokumen berhasil diupload dan disimpan"), rx.clear_selected_files(DOC_UPLOAD_ID)]

    @rx.event
    @admin_only(permission=Permission.MERCHANTS_EDIT)
    async def resend_mail(self, message_id: int):
        if not await asyncio.to_thread(mail_log.resend, int(message_id), "merchant", self._merchant_id()):
            return toast.error("Email tidak ditemukan")
        await self._fill(self._merchant_id())
        return toast.success("Email dijadwalkan untuk dikirim ulang")
