"""The rejected applicant's correction page: a thin layer over services.resubmission."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging

import reflex as rx

from terminal_shop import reflex_compat, routes
from terminal_shop.infra import rate_limits
from terminal_shop.infra.rate_limits import Action
from terminal_shop.infra.uploads import UploadRejected, browser_rejection
from terminal_shop.privacy_policy import Consent
from terminal_shop.services.registrations import details, fields, resubmission
from terminal_shop.services.registrations import submission as reg
from terminal_shop.services.registrations.resubmission import FixView
from terminal_shop.services.registrations.terms import DocumentKind
from terminal_shop.state import toast

log = logging.getLogger(__name__)
FIX_UPLOAD_ID = "perbaikan"  # the marked documents travel in this one upload


class FixState(rx.State):
    view: FixView | None = None
    link_error: str = ""
    form: dict[str, str] = {}
    error: str = ""
    submitting: bool = False
    agreement: bool = False
    _form_for: str = ""  # the digest of the link whose stored values `form` started from

    def _link(self) -> tuple[str, str]:
        return self.router.page.params.get("id", ""), self.router.url.query_parameters.get("t", "")

    @rx.event
    async def load(self):
        """The page's on_load, which Reflex sends again on every reconnect of the socket: what
        the applicant corrected on this link stays (a phone's network dropped, or a reload)."""
        self.view, self.link_error, self.error, self.submitting = None, "", "", False
        link = self._link()
        try:
            self.view = await asyncio.to_thread(resubmission.view, *link)
        except resubmission.ResubmissionError as exc:
            self.link_error = exc.text
            return
        digest = hashlib.sha256("/".join(link).encode()).hexdigest()  # not the token itself a second time
        if self._form_for != digest:
            self.form, self._form_for = dict(self.view.form), digest

    @rx.event
    def set_field(self, field: str, value: str):
        editable = set(fields.correctable_names(self.view.groups if self.view else ()))
        if field in editable:
            value = str(value)[:1000]
            self.form[field] = details.format_omzet(value) if field == "omzet_bulanan" else value

    @rx.event
    def set_agreement(self, checked: bool):
        self.agreement = bool(checked)

    @rx.event
    def doc_rejected(self, codes: list[str]):
        title, message = browser_rejection(codes, details.DOC_WRONG_TYPE)
        return toast.error(title, description=message)

    @rx.event
    @reflex_compat.several_files
    async def submit(self, files: list[rx.UploadFile]):
        if self.submitting:
            return
        documents: dict[str, bytes] = {}
        for f in files:
            kind, _, _ = (f.filename or "").partition("__")
            if DocumentKind.parse(kind):
                documents[kind] = await f.read()
        self.submitting, self.error = True, ""
        yield
        try:
            await asyncio.to_thread(rate_limits.hit, Action.RESUBMISSION, self.router.session.client_ip)
            consent = Consent(self.router.session.client_ip) if self.agreement else None
            await asyncio.to_thread(
                functools.partial(resubmission.resubmit, *self._link(), dict(self.form), documents, consent=consent)
            )
        except (resubmission.ResubmissionError, UploadRejected, rate_limits.TooMany) as exc:
            self.submitting, self.error = False, exc.message if isinstance(exc, rate_limits.TooMany) else exc.text
            yield toast.error("Perbaikan belum terkirim", description=self.error)
            return
        except Exception:
            log.exception("resubmission failed")
            self.submitting, self.error = False, reg.FAILED_REASON
            yield toast.error("Perbaikan belum terkirim", description=reg.FAILED_REASON)
            return
        self.submitting = False
        yield [
            *[rx.clear_selected_files(f"doc_{d.value}") for d in DocumentKind],
            rx.clear_selected_files(FIX_UPLOAD_ID),
            rx.redirect(routes.REGISTER_SUCCESS),
        ]
