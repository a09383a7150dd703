"""The registration wizard: a thin layer over services.registrations."""

from __future__ import annotations

import asyncio
import logging

import reflex as rx

from terminal_shop import routes
from terminal_shop.infra.uploads import browser_rejection
from terminal_shop.refusals import texts
from terminal_shop.services.devices import linking
from terminal_shop.services.registrations import details
from terminal_shop.services.registrations import submission as reg
from terminal_shop.services.registrations.terms import DocumentKind, Premises, RegistrationRefusal
from terminal_shop.services.validation import new_client_ref
from terminal_shop.state import focus, toast

log = logging.getLogger(__name__)

DOCS_UPLOAD_ID = "dokumen"  # every document travels in this one upload
DRAFT_KEY = "pendaftaran_draft"
READ_DRAFT = f"localStorage.getItem('{DRAFT_KEY}') || ''"
# Said outright: a page still loading does not write its vars to browser storage.
FORGET_DRAFT = f"localStorage.removeItem('{DRAFT_KEY}')"
_DEFAULTS = {**dict.fromkeys(details.TEXT_FIELDS, ""), "tempat_usaha": Premises.OWNED.value}
FAILED_DEFAULT = RegistrationRefusal.UNKNOWN.label


class RegistrationState(rx.State):
    step: int = 1
    form: dict[str, str] = dict(_DEFAULTS)
    errors: dict[str, str] = {}
    doc_errors: dict[str, str] = {}
    agreement: bool = False
    whatsapp: bool = False  # "Kirim info pesanan lewat WhatsApp" (optional)
    submitting: bool = False
    # Every text field, kept in the browser so a reload loses nothing (not the files).
    # Not synced across tabs: sync=True made each field change 1.5x slower under load
    # (docs/benchmarks.md), and two tabs of one wizard should not overwrite each other.
    # The attempt's key goes in it too: sent again, the registration it made is found.
    draft: str = rx.LocalStorage("", name=DRAFT_KEY, sync=False)
    for_order: str = ""  # the order number the wizard was opened from (its invitation link)
    _order_address: str = ""  # that order's delivery address, offered for the business address
    _client_ref: str = ""
    # False in a state the server has just made (first visit, or the tab's state was lost):
    # the browser's draft is read before anything is written over it.
    _restored: bool = False
    _rev: int = 0  # the count in the last copy written to the tab (details.WizardDraft.rev)

    @rx.event
    def opened(self):
        """The wizard drawn in the tab (a load, a reload, a return to the page) starts at step 1:
        a reload has lost the files chosen. Sent by the page as it mounts, so it comes before
        anything the person does there; a reconnect of the socket draws nothing again."""
        self.step = 1
        self.submitting = False

    @rx.event
    def restore_draft(self):
        """The page's on_load, which Reflex sends again on every reconnect of the socket (a
        phone's network drops at step 2) and may answer after the person's first clicks: it
        brings back the draft, never the step (`opened` does that)."""
        if self.draft:  # sent by the browser with this page load
            return self._restore_from(self.draft)
        if not self._restored:  # the server lost the tab while it stayed open: ask it
            return rx.call_script(READ_DRAFT, callback=RegistrationState.restore_from)
        return RegistrationState.check_sent

    @rx.event
    def restore_from(self, draft: str):
        return self._restore_from(draft)

    def _restore_from(self, text: str):
        self._apply(text)
        return RegistrationState.check_sent

    @rx.event
    async def check_sent(self):
        """A registration this attempt already sent (its answer lost) is shown as sent."""
        sent = await asyncio.to_thread(reg.registration_for, self._client_ref) if self._client_ref else None
        if sent is not None:
            self._clear()
            return [rx.call_script(FORGET_DRAFT), rx.redirect(routes.REGISTER_SUCCESS)]
        q = self.router.url.query_parameters
        self.for_order, self._order_address = "", ""  # the wizard on its own: no order named
        if q.get("pesanan") and q.get("t"):  # from an order's invitation: what the order knows, in empty fields
            order = await asyncio.to_thread(linking.registration_prefill, q["pesanan"], q["t"])
            self.for_order, self._order_address = order.number, order.address
            if any(not self.form.get(k) for k in order.fields):
                self.form = {**self.form, **{k: v for k, v in order.fields.items() if not self.form.get(k)}}
                self._save()
        return None

    @rx.event
    def use_order_address(self):
        """ "Pakai alamat pengiriman pesanan": the business address is where the order went."""
        if self._order_address:
            self.form = {**self.form, "alamat_usaha": self._order_address[:500]}
            self.errors = {k: v for k, v in self.errors.items() if k != "alamat_usaha"}
            self._save()

    def _apply(self, text: str) -> None:
        """Takes the tab's copy where it knows more than the server: a state the server has
        just made fills what it lacks from it (a field typed meanwhile stays); a state older
        than the copy (fewer saves) is replaced by it."""
        saved = details.WizardDraft.parse(text)
        if not self._restored:
            self.form = {
                k: self.form.get(k, d) if self.form.get(k, d) != d else saved.fields.get(k, d)
                for k, d in _DEFAULTS.items()
            }
        elif saved.rev > self._rev:
            self.form = {k: saved.fields.get(k, d) for k, d in _DEFAULTS.items()}
        self._client_ref = saved.client_ref or self._client_ref or new_client_ref()
        self._restored = True
        self._rev = max(self._rev, saved.rev)
        self._save()

    def _save(self) -> None:
        if self._restored:
            self._rev += 1
            self.draft = details.WizardDraft(
                self.form, self._client_ref, self._rev, self.agreement, self.whatsapp
            ).to_json()

    def _clear(self) -> None:
        self.form = dict(_DEFAULTS)
        self.draft = ""
        self._client_ref = ""
        self.agreement = self.whatsapp = False
        self.submitting = False
        self.step = 1

    @rx.event
    def set_field(self, field: str, value: str):
        if field not in _DEFAULTS:
            return
        value = str(value)[:1000]
        self.form[field] = details.format_omzet(value) if field == "omzet_bulanan" else value
        if field in self.errors:  # untouched errors stay out of the update sent back
            self.errors.pop(field)
        self._save()

    @rx.event
    def next_from_details(self, draft: str = ""):
        """`draft` is the tab's copy: used when the server lost or kept an older wizard."""
        self._apply(draft)
        self.errors = texts(details.validate_details(self.form)[1])
        if self.errors:
            return [
                toast.error("Formulir tidak lengkap", description="Mohon periksa kembali kolom yang ditandai."),
                focus.first_error(details.TEXT_FIELDS, self.errors),
            ]
        self.step = 2
        return rx.scroll_to("wizard")

    @rx.event
    def next_from_documents(self, present: list[str]):
        self.doc_errors = texts(details.validate_documents({str(p) for p in present or []}))
        if self.doc_errors:
            return toast.error("Dokumen tidak lengkap", description="Mohon unggah semua dokumen yang wajib.")
        self.step = 3
        return rx.scroll_to("wizard")

    @rx.event
    def doc_rejected(self, codes: list[str]):
        title, message = browser_rejection(codes, details.DOC_WRONG_TYPE)
        return toast.error(title, description=message)

    @rx.event
    def go_to(self, step: int):
        """Back is always allowed; forward only through the checks above."""
        step = int(step) if str(step).isdigit() else self.step
        if 1 <= step < self.step:
            self.step = step

    @rx.event
    def set_whatsapp(self, checked: bool):
        self.whatsapp = bool(checked)
        self._save()

    @rx.event
    def set_agreement(self, checked: bool):
        self.agreement = bool(checked)
        self._save()

    @rx.event
    def agreement_missing(self):
        return toast.error(
            "Persetujuan diperlukan", description="Mohon centang persetujuan bahwa data yang diisi adalah benar"
        )

    @rx.event
    def sending(self, draft: str = "", agreed: bool = False):
        """Just before the registration goes (web/submissions.py): the tab's copy is
        brought up to date, since it is what the route takes, and the button shows it."""
        if not self._restored:  # what the tab shows, the consent box included
            self.agreement = agreed is True
        self._apply(draft)
        self.submitting = True

    @rx.event
    def submitted(self, answer: dict):
        """The route's answer, handed over by the browser: the success page, the failure
        page with its reason, or back to the documents with what is wrong with a file."""
        answer = answer if isinstance(answer, dict) else {}
        self.submitting = False
        if answer.get("registration_id"):
            self._clear()
            return [
                *[rx.clear_selected_files(f"doc_{d.value}") for d in DocumentKind],
                rx.clear_selected_files(DOCS_UPLOAD_ID),
                rx.call_script(FORGET_DRAFT),
                rx.redirect(routes.REGISTER_SUCCESS),
            ]
        message = str(answer.get("message") or "")[:300]
        if answer.get("kind") == "limit":  # sent too often: nothing was stored, the wizard stays
            return toast.error("Pendaftaran belum terkirim", description=message)
        if answer.get("kind") == "file":
            self.step = 2
            return toast.error(str(answer.get("title") or details.DOC_WRONG_TYPE[0])[:100], description=message or None)
        code = RegistrationRefusal.parse(answer.get("code")) or RegistrationRefusal.FAILED
        if code is RegistrationRefusal.INVALID:  # what is wrong, said before the failure page
            return [toast.error("Formulir tidak lengkap", description=message), _failed(code)]
        return _failed(code)


def _failed(code: RegistrationRefusal):
    return rx.redirect(f"{routes.REGISTER_FAILED}?reason={code.value}")


class RegistrationResultState(rx.State):
    reason: str = FAILED_DEFAULT
    duplicate: bool = False

    @rx.event
    def load_failed(self):
        shown = reg.refusal_from_link(self.router.url.query_parameters.get("reason", "").strip()[:300])
        self.reason, self.duplicate = shown.label, shown is RegistrationRefusal.DUPLICATE
