"""Where a rejected applicant corrects what the admin marked (a link from their e-mail)."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes, rules
from terminal_shop.components.files import bundle_documents, file_picker
from terminal_shop.components.forms import consent_box, select_field, text_field
from terminal_shop.components.layout import site_page
from terminal_shop.components.ui import BTN_PRIMARY, CARD, container, icon, link_button
from terminal_shop.infra.uploads import IMAGE_ACCEPT
from terminal_shop.services.registrations.fields import RegistrationField, in_group
from terminal_shop.services.registrations.terms import DocumentKind, FixGroup
from terminal_shop.site_pages import Page
from terminal_shop.state.resubmission import FIX_UPLOAD_ID
from terminal_shop.state.resubmission import FixState as S


def _field(f: RegistrationField) -> rx.Component:
    def change(v, name=f.name):
        return S.set_field(name, v)

    if f.choices is not None:
        return select_field(f"fix_{f.name}", f.form_label, S.form[f.name], change, "", f.options(), "Pilih")
    return text_field(f"fix_{f.name}", f.form_label, S.form[f.name], change, "", required=f.required)


def _group(g: FixGroup) -> rx.Component:
    fields = [_field(f) for f in in_group(g) if f.correctable]
    return rx.cond(
        S.view.groups.contains(g.value),
        rx.el.fieldset(
            rx.el.legend(g.label, class_name="text-lg font-bold"),
            rx.el.div(*fields, class_name="mt-3 grid gap-x-4 sm:grid-cols-2"),
            class_name=f"{CARD} p-5",
        ),
    )


def _document(d: DocumentKind) -> rx.Component:
    return rx.cond(
        S.view.documents.contains(d.value),
        file_picker(
            f"doc_{d.value}",
            f"{d.label} (baru)",
            f"JPG atau PNG, maks. {rules.UPLOAD_MAX}",
            IMAGE_ACCEPT,
            S.doc_rejected,
            True,
        ),
    )


def _form() -> rx.Component:
    keys = tuple(d.value for d in DocumentKind)
    return rx.el.div(
        rx.el.h1("Perbaiki Pendaftaran ", S.view.nama_usaha, class_name="text-2xl font-bold"),
        rx.el.div(
            rx.el.p("Alasan penolakan: ", rx.el.strong(S.view.reason), data_testid="fix-reason"),
            rx.el.p("Ubah yang ditandai di bawah ini. Data lain tetap tersimpan.", class_name="mt-1 text-sm"),
            class_name="rounded-xl border border-amber-200 bg-amber-50 p-4",
        ),
        *[_group(g) for g in FixGroup],
        rx.cond(
            S.view.documents.length() > 0,
            rx.el.div(*[_document(d) for d in DocumentKind], class_name=f"{CARD} grid gap-6 p-5 sm:grid-cols-2"),
        ),
        rx.el.span(bundle_documents(keys, FIX_UPLOAD_ID), hidden=True),
        consent_box(S.agreement, S.set_agreement),
        rx.el.p(S.error, class_name="min-h-[1.25rem] text-sm text-red-600", role="alert"),
        rx.el.button(
            rx.cond(S.submitting, "Mengirim perbaikan...", "Kirim Perbaikan"),
            type="button",
            disabled=S.submitting,
            on_click=S.submit(rx.upload_files(upload_id=FIX_UPLOAD_ID)),
            class_name=BTN_PRIMARY,
        ),
        class_name="mx-auto flex max-w-3xl flex-col gap-6 py-10",
    )


def fix_page() -> rx.Component:
    return site_page(
        container(
            rx.cond(
                S.link_error != "",
                rx.el.div(
                    icon("circle-x", "h-12 w-12 text-red-600"),
                    rx.el.h1("Tautan tidak berlaku", class_name="mt-4 text-2xl font-bold"),
                    rx.el.p(S.link_error, class_name="mt-2 text-slate-600", data_testid="fix-link-error"),
                    link_button("Kembali ke Beranda", "/", BTN_PRIMARY + " mt-6"),
                    class_name=f"{CARD} mx-auto my-12 flex max-w-lg flex-col items-center p-8 text-center",
                ),
                rx.cond(
                    S.view, _form(), rx.el.p("Memuat pendaftaran...", class_name="py-24 text-center text-slate-500")
                ),
            )
        )
    )


PAGES = (Page(routes.REGISTRATION_FIX, "Perbaiki Pendaftaran", fix_page, on_load=S.load),)
