"""The registration wizard: a thin layer over services.registrations."""

from __future__ import annotations

import asyncio
import json
import logging
from urllib.parse import quote

import reflex as rx

from terminal_shop.services import registrations as reg
from terminal_shop.state import focus, toast
from terminal_shop.uploads import UploadRejected, browser_rejection
from terminal_shop.vocabulary import DocumentKind, Premises

log = logging.getLogger(__name__)

DOCS_UPLOAD_ID = "dokumen"  # every document travels in this one upload
_DEFAULTS = {**dict.fromkeys(reg.TEXT_FIELDS, ""), "tempat_usaha": Premises.OWNED.value}
FAILED_DEFAULT = "Terjadi kesalahan saat memproses pendaftaran Anda."


class RegistrationState(rx.State):
    step: int = 1
    form: dict[str, str] = dict(_DEFAULTS)
    errors: dict[str, str] = {}
    doc_errors: dict[str, str] = {}
    agreement: bool = False
    submitting: bool = False
    # Every text field, kept in the browser so a reload loses nothing (not the files).
    # Not synced across tabs: sync=True made each field change 1.5x slower under load
    # (docs/benchmarks.md), and two tabs of one wizard should not overwrite each other.
    draft: str = rx.LocalStorage("", name="pendaftaran_draft", sync=False)

    @rx.event
    def restore_draft(self):
        self.step = 1
        self.submitting = False
        try:
            saved = json.loads(self.draft) if self.draft else {}
        except ValueError:
            saved = {}
        if isinstance(saved, dict):
            self.form = {k: str(saved.get(k, d))[:1000] for k, d in _DEFAULTS.items()}

    @rx.event
    def set_field(self, field: str, value: str):
        if field not in _DEFAULTS:
            return
        value = str(value)[:1000]
        self.form[field] = reg.format_omzet(value) if field == "omzet_bulanan" else value
        if field in self.errors:  # untouched errors stay out of the update sent back
            self.errors.pop(field)
        self.draft = json.dumps(self.form)

    @rx.event
    def next_from_details(self):
        _, self.errors = reg.validate_details(self.form)
        if self.errors:
            return [
                toast.error("Formulir tidak lengkap", description="Mohon periksa kembali kolom yang ditandai."),
                focus.first_error(reg.TEXT_FIELDS, self.errors),
            ]
        self.step = 2
        return rx.scroll_to("wizard")

    @rx.event
    def next_from_documents(self, present: list[str]):
        self.doc_errors = reg.validate_documents({str(p) for p in present or []})
        if self.doc_errors:
            return toast.error("Dokumen tidak lengkap", description="Mohon unggah semua dokumen yang wajib.")
        self.step = 3
        return rx.scroll_to("wizard")

    @rx.event
    def doc_rejected(self, codes: list[str]):
        title, message = browser_rejection(codes, reg.DOC_WRONG_TYPE)
        return toast.error(title, description=message)

    @rx.event
    def go_to(self, step: int):
        """Back is always allowed; forward only through the checks above."""
        step = int(step) if str(step).isdigit() else self.step
        if 1 <= step < self.step:
            self.step = step

    @rx.event
    def set_agreement(self, checked: bool):
        self.agreement = bool(checked)

    @rx.event
    def agreement_missing(self):
        return toast.error(
            "Persetujuan diperlukan", description="Mohon centang persetujuan bahwa data yang diisi adalah benar"
        )

    @rx.event
    async def submit(self, files: list[rx.UploadFile]):
        if self.submitting:
            return
        if not self.agreement:
            yield RegistrationState.agreement_missing
            return
        documents: dict[str, bytes] = {}
        for f in files:
            doc, _, _ = (f.filename or "").partition("__")
            if DocumentKind.parse(doc):
                documents[doc] = await f.read()
        self.submitting = True
        yield
        try:
            await asyncio.to_thread(reg.submit, dict(self.form), documents)
        except UploadRejected as exc:
            self.submitting = False
            self.step = 2
            yield toast.error(exc.title, description=exc.message)
            return
        except reg.RegistrationError as exc:
            self.submitting = False
            yield rx.redirect(f"/pendaftaran/gagal?reason={quote(str(exc))}")
            return
        except Exception:
            log.exception("registration failed")
            self.submitting = False
            yield rx.redirect(f"/pendaftaran/gagal?reason={quote(reg.FAILED_REASON)}")
            return
        self.form = dict(_DEFAULTS)
        self.draft = ""
        self.agreement = False
        self.submitting = False
        self.step = 1
        yield [
            *[rx.clear_selected_files(f"doc_{d.value}") for d in DocumentKind],
            rx.clear_selected_files(DOCS_UPLOAD_ID),
            rx.redirect("/pendaftaran/success"),
        ]


class RegistrationResultState(rx.State):
    reason: str = FAILED_DEFAULT
    duplicate: bool = False

    @rx.event
    def load_failed(self):
        self.reason = self.router.url.query_parameters.get("reason", "").strip()[:300] or FAILED_DEFAULT
        self.duplicate = reg.is_duplicate_reason(self.reason)
