"""Back-office state. Every handler that reads or changes admin data is wrapped in
`admin_only`, the one place where the session is checked on the server.

The browser's Reflex token is not proof of identity: the proof is the random session
token in the admin cookie, checked against the database on every event.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
from datetime import date
from typing import ClassVar
from urllib.parse import urlencode

import reflex as rx

from terminal_shop.api import SESSION_COOKIE
from terminal_shop.money import rupiah, wib
from terminal_shop.services import admin_auth, admin_merchants, admin_orders
from terminal_shop.services.orders import PAYMENT_METHODS, STATUS_LABELS
from terminal_shop.services.registrations import format_omzet
from terminal_shop.settings import get_settings
from terminal_shop.state import toast
from terminal_shop.uploads import UploadRejected

log = logging.getLogger(__name__)

LOGIN_ROUTE = "/admin/login"
DOC_UPLOAD_ID = "admin_doc"
DELETE_PHRASE = "Confirm Delete"


def admin_only(fn):  # noqa: ANN001, ANN201
    """Runs the handler only for a live, allow-listed admin session; otherwise it
    changes nothing, clears this state and sends the browser to the sign-in page."""

    def denied(self):  # noqa: ANN001, ANN202
        self._forget()
        return rx.redirect(LOGIN_ROUTE, replace=True)

    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def wrapper(self, *args, **kwargs):  # noqa: ANN001, ANN202
            if not await asyncio.to_thread(self._authorise):
                return denied(self)
            return await fn(self, *args, **kwargs)

    else:

        @functools.wraps(fn)
        def wrapper(self, *args, **kwargs):  # noqa: ANN001, ANN202
            if not self._authorise():
                return denied(self)
            return fn(self, *args, **kwargs)

    wrapper.admin_only = True
    return wrapper


class AdminState(rx.State):
    """Sign-in, sign-out and the session check shared by every admin page."""

    session_token: str = rx.Cookie(
        "",
        name=SESSION_COOKIE,
        path="/",
        same_site="strict",
        secure=get_settings().public_url.startswith("https://"),
        max_age=int(admin_auth.SESSION_ABSOLUTE.total_seconds()),
    )
    admin_email: str = ""
    login_busy: bool = False
    login_error: str = ""
    show_password: bool = False

    def _authorise(self) -> bool:
        admin = admin_auth.session_admin(self.session_token)
        if admin is None:
            return False
        self.admin_email = admin.email
        return True

    def _forget(self) -> None:
        """Drops every admin value this state holds (on denial and on logout)."""
        self.reset()
        self.admin_email = ""

    # ----- sign-in page (the only handlers open to anyone) -----

    @rx.event
    def toggle_password(self):
        self.show_password = not self.show_password

    @rx.event
    async def login(self, form: dict):
        if self.login_busy:
            return
        email = str(form.get("email", ""))[:254]
        password = str(form.get("password", ""))[:256]
        self.login_busy = True
        self.login_error = ""
        yield
        client = self.router.session.client_ip or self.router.session.client_token
        try:
            old = self.session_token
            token = await asyncio.to_thread(admin_auth.login, email, password, client)
            await asyncio.to_thread(admin_auth.logout, old)  # rotate: the old token dies
        except admin_auth.LoginError as exc:
            self.login_busy = False
            self.login_error = exc.message
            if exc.message == admin_auth.MSG_DENIED:
                yield toast.error("Akses ditolak", description=exc.message)
            else:
                yield toast.error(exc.message or "Login gagal")
            return
        self.session_token = token
        self.admin_email = admin_auth.normalise_email(email)
        self.login_busy = False
        yield [toast.success("Login berhasil!"), rx.redirect("/admin")]

    @rx.event
    async def logout(self):
        await asyncio.to_thread(admin_auth.logout, self.session_token)
        self.session_token = ""
        for substate in (MerchantListState, MerchantDetailState, OrderListState, OrderDetailState):
            (await self.get_state(substate))._forget()
        self._forget()
        return [toast.success("Berhasil logout"), rx.redirect(LOGIN_ROUTE, replace=True)]

    @rx.event
    def leave_login_if_signed_in(self):
        """The sign-in page sends a signed-in admin straight to the dashboard."""
        if self.session_token and self._authorise():
            return rx.redirect("/admin", replace=True)


def _export_url(kind: str, **filters: str) -> str:
    query = urlencode({k: v for k, v in filters.items() if v})
    return f"/api/admin/export/{kind}.csv" + (f"?{query}" if query else "")


class AdminListMixin(rx.State, mixin=True):
    """Search, filters, pages, refresh and export: the same on both admin lists."""

    stats: dict[str, int] = {}
    rows: list[dict[str, str]] = []
    search: str = ""
    status: str = ""
    page: int = 1
    pages: int = 1
    total: int = 0
    # The edge rows of the page shown, and the seek that produced it (refresh repeats it).
    _first_key: str = ""
    _last_key: str = ""
    _after: str = ""
    _before: str = ""

    # Set by each list.
    _statuses: ClassVar[dict[str, str]] = {}
    _export_kind: ClassVar[str] = ""
    _load_error: ClassVar[str] = "Gagal memuat data"
    _export_toast: ClassVar[str] = ""

    def _fetch(self):  # noqa: ANN202
        """The Page for the current filters, page and seek."""
        raise NotImplementedError

    def _filters(self) -> dict[str, str]:
        return {"search": self.search, "status": self.status}

    def _load(self):  # noqa: ANN202
        try:
            result = self._fetch()
        except Exception:  # noqa: BLE001
            log.exception("%s list failed", self._export_kind)
            return toast.error(self._load_error)
        self.stats, self.rows, self.total, self.pages, self.page = result.cards, result.rows, result.total, result.pages, result.page
        self._first_key, self._last_key = result.first_key, result.last_key

    @rx.event
    @admin_only
    def load(self):
        return self._load()

    @rx.event
    @admin_only
    def set_search(self, value: str):
        self.search = str(value)[:100]

    @rx.event
    @admin_only
    def run_search(self, _form: dict | None = None):
        self.page = 1
        return self._load()

    @rx.event
    @admin_only
    def set_status(self, value: str):
        self.status = value if value in self._statuses else ""
        self.page = 1
        return self._load()

    @rx.event
    @admin_only
    def go_page(self, page: int):
        target = max(1, min(int(page) if str(page).lstrip("-").isdigit() else 1, self.pages))
        # Next / Previous seek from the page on screen instead of counting from the top.
        self._after = self._last_key if target == self.page + 1 else ""
        self._before = self._first_key if target == self.page - 1 else ""
        self.page = target
        return self._load()

    @rx.event
    @admin_only
    def refresh(self):
        return self._load() or toast.success("Data diperbarui")

    @rx.event
    @admin_only
    def export(self):
        name = f"{self._export_kind}_{date.today().isoformat()}.csv"
        return [rx.download(url=_export_url(self._export_kind, **self._filters()), filename=name), toast.success(self._export_toast)]


class MerchantListState(AdminListMixin, AdminState):
    _statuses = admin_merchants.STATUSES
    _export_kind = "merchants"
    _export_toast = "CSV exported"

    def _fetch(self):  # noqa: ANN202
        return admin_merchants.list_page(self.search, self.status, self.page, self._after, self._before)


class MerchantDetailState(AdminState):
    merchant_id: str = ""
    form: dict[str, str] = {}
    errors: dict[str, str] = {}
    documents: list[dict[str, str]] = []
    history: list[dict[str, str]] = []
    created_at: str = ""
    updated_at: str = ""
    verified_at: str = ""
    editing: bool = False
    delete_phrase: str = ""
    viewer_url: str = ""
    viewer_title: str = ""
    viewer_zoomed: bool = False
    upload_doc: str = ""
    upload_label: str = ""

    def _fill(self, merchant_id: str) -> None:
        d = admin_merchants.detail(merchant_id)
        self.merchant_id = str(d.row.id)
        self.form = admin_merchants.form_values(d.row)
        self.documents = d.documents
        self.history = [
            {"at": wib(h.at), "who": h.admin_email, "action": h.action, "change": f"{h.old_status or '-'} → {h.new_status or '-'}", "detail": h.detail or ""}
            for h in d.history
        ]
        self.created_at, self.updated_at, self.verified_at = wib(d.row.created_at), wib(d.row.updated_at), wib(d.row.verified_at)

    @rx.event
    @admin_only
    def load(self):
        self.errors, self.delete_phrase, self.viewer_url, self.upload_doc = {}, "", "", ""
        self.editing = self.router.url.query_parameters.get("edit") == "true"
        try:
            self._fill(self.router.page.params.get("id", ""))
        except admin_merchants.NotFound:
            return [toast.error("Gagal memuat data"), rx.redirect("/admin")]

    @rx.event
    @admin_only
    def set_editing(self, on: bool):
        self.editing = bool(on)

    @rx.event
    @admin_only
    def set_field(self, field: str, value: str):
        if field not in (*admin_merchants.EDITABLE_TEXT, "status", "rejection_reason"):
            return
        value = str(value)[:1000]
        self.form[field] = format_omzet(value) if field == "omzet_bulanan" else value
        self.errors.pop(field, None)

    @rx.event
    @admin_only
    def save(self):
        try:
            self.errors = admin_merchants.save(self.merchant_id, self.form, self.admin_email)
        except Exception:  # noqa: BLE001
            log.exception("merchant save failed")
            return toast.error("Gagal menyimpan data")
        if self.errors:
            return toast.error("Gagal menyimpan data", description=next(iter(self.errors.values())))
        self._fill(self.merchant_id)
        self.editing = False
        return toast.success("Data berhasil disimpan")

    @rx.event
    @admin_only
    def set_delete_phrase(self, value: str):
        self.delete_phrase = str(value)[:40]

    @rx.event
    @admin_only
    def delete(self):
        if self.delete_phrase != DELETE_PHRASE:
            return
        try:
            admin_merchants.delete(self.merchant_id, self.admin_email)
        except Exception:  # noqa: BLE001
            log.exception("merchant delete failed")
            return toast.error("Gagal menghapus data")
        self._forget()
        return [toast.success("Data berhasil dihapus"), rx.redirect("/admin")]

    @rx.event
    @admin_only
    def open_viewer(self, url: str, title: str):
        if any(d["url"] == url for d in self.documents):
            self.viewer_url, self.viewer_title, self.viewer_zoomed = url, str(title), False

    @rx.event
    @admin_only
    def toggle_zoom(self):
        self.viewer_zoomed = not self.viewer_zoomed

    @rx.event
    @admin_only
    def close_viewer(self):
        self.viewer_url = ""

    @rx.event
    @admin_only
    def choose_upload(self, doc: str):
        labels = {d["key"]: d["label"] for d in self.documents}
        if doc in labels:
            self.upload_doc, self.upload_label = doc, labels[doc]

    @rx.event
    @admin_only
    def cancel_upload(self):
        self.upload_doc = ""

    @rx.event
    @admin_only
    def upload_rejected(self, codes: list[str]):
        message = admin_merchants.MSG_TOO_LARGE if "file-too-large" in (codes or []) else admin_merchants.MSG_NOT_IMAGE
        return toast.error(message)

    @rx.event
    @admin_only
    async def replace_document(self, files: list[rx.UploadFile]):
        if not files or not self.upload_doc:
            return
        upload = files[0]
        data = await upload.read()
        try:
            await asyncio.to_thread(admin_merchants.replace_document, self.merchant_id, self.upload_doc, upload.filename or "dokumen", data, self.admin_email)
        except UploadRejected as exc:
            return [toast.error(exc.message), rx.clear_selected_files(DOC_UPLOAD_ID)]
        except Exception:  # noqa: BLE001
            log.exception("document upload failed")
            return [toast.error("Gagal upload dokumen"), rx.clear_selected_files(DOC_UPLOAD_ID)]
        self.upload_doc = ""
        self._fill(self.merchant_id)
        return [toast.success("Dokumen berhasil diupload dan disimpan"), rx.clear_selected_files(DOC_UPLOAD_ID)]


class OrderListState(AdminListMixin, AdminState):
    method: str = ""
    _statuses = STATUS_LABELS
    _export_kind = "orders"
    _load_error = "Gagal memuat data pesanan"
    _export_toast = "CSV berhasil diunduh"

    def _fetch(self):  # noqa: ANN202
        return admin_orders.list_page(self.search, self.status, self.method, self.page, self._after, self._before)

    def _filters(self) -> dict[str, str]:
        return {"search": self.search, "status": self.status, "method": self.method}

    @rx.event
    @admin_only
    def set_method(self, value: str):
        self.method = value if value in PAYMENT_METHODS else ""
        self.page = 1
        return self._load()


class OrderDetailState(AdminState):
    order: dict[str, str] = {}
    items: list[dict[str, str]] = []
    history: list[dict[str, str]] = []
    proof_url: str = ""
    proof_is_pdf: bool = False
    proof_failed: bool = False
    proof_open: bool = False
    reject_open: bool = False
    reject_reason: str = ""
    reject_error: str = ""
    busy: bool = False

    def _fill(self, order_id: str) -> bool:
        d = admin_orders.detail(order_id)
        if d is None:
            return False
        o = d.order
        self.order = {
            "id": str(o.id),
            "number": str(o.id)[:8].upper(),
            "buyer_name": o.buyer_name,
            "buyer_phone": o.buyer_phone,
            "buyer_email": o.buyer_email,
            "shipping_address": o.shipping_address,
            "note": o.note or "",
            "subtotal": rupiah(o.subtotal),
            "shipping_fee": rupiah(o.shipping_fee),
            "total": rupiah(o.total),
            "method": PAYMENT_METHODS.get(o.payment_method, o.payment_method),
            "status": o.status,
            "status_label": STATUS_LABELS.get(o.status, o.status),
            "created_at": wib(o.created_at),
            "updated_at": wib(o.updated_at),
        }
        self.items = [
            {"name": i["name"], "sku": i["sku"], "qty": str(i["qty"]), "unit": rupiah(i["unit_price"]), "subtotal": rupiah(i["qty"] * i["unit_price"])}
            for i in o.items
        ]
        self.history = [{"at": wib(h.at), "who": h.admin_email, "change": f"{h.old_status} → {h.new_status}", "detail": h.detail or ""} for h in d.history]
        self.proof_url, self.proof_is_pdf, self.proof_failed = d.proof_url, d.proof_is_pdf, False
        return True

    @rx.event
    @admin_only
    def load(self):
        self.reject_open, self.reject_reason, self.reject_error, self.proof_open, self.busy = False, "", "", False, False
        try:
            found = self._fill(self.router.page.params.get("id", ""))
        except Exception:  # noqa: BLE001
            log.exception("order detail failed")
            found = False
        if not found:
            return [toast.error("Gagal memuat detail pesanan"), rx.redirect("/admin/orders")]

    @rx.event
    @admin_only
    def proof_error(self):
        self.proof_failed = True
        return toast.error("Gagal memuat bukti pembayaran")

    @rx.event
    @admin_only
    def retry_proof(self):
        self._fill(self.order.get("id", ""))

    @rx.event
    @admin_only
    def set_proof_open(self, on: bool):
        self.proof_open = bool(on)

    @rx.event
    @admin_only
    def confirm(self):
        try:
            admin_orders.confirm(self.order.get("id", ""), self.admin_email)
        except Exception:  # noqa: BLE001
            self._fill(self.order.get("id", ""))
            return toast.error("Gagal mengkonfirmasi pembayaran")
        self._fill(self.order["id"])
        return toast.success("Pembayaran berhasil dikonfirmasi")

    @rx.event
    @admin_only
    def set_reject_open(self, on: bool):
        self.reject_open, self.reject_error = bool(on), ""

    @rx.event
    @admin_only
    def set_reject_reason(self, value: str):
        self.reject_reason = str(value)[:500]
        self.reject_error = ""

    @rx.event
    @admin_only
    def reject(self):
        if not self.reject_reason.strip():
            self.reject_error = admin_orders.MSG_REASON_REQUIRED
            return toast.error(admin_orders.MSG_REASON_REQUIRED)
        try:
            admin_orders.reject(self.order.get("id", ""), self.reject_reason, self.admin_email)
        except Exception:  # noqa: BLE001
            self._fill(self.order.get("id", ""))
            return toast.error("Gagal menolak pembayaran")
        self.reject_open, self.reject_reason = False, ""
        self._fill(self.order["id"])
        return toast.success("Pembayaran ditolak")
