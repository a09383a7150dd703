"""The merchant registration wizard: details, documents, confirmation."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes, rules
from terminal_shop.components.files import (
    bundle_documents,
    chosen_documents,
    chosen_thumbnail,
    file_picker,
    send_chosen,
)
from terminal_shop.components.forms import consent_box, select_field, text_field, whatsapp_box
from terminal_shop.components.layout import site_page
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, container, icon
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.uploads import IMAGE_ACCEPT
from terminal_shop.reflex_compat import browser_expr
from terminal_shop.services.registrations.fields import FIELDS, RegistrationField, Widget, in_group
from terminal_shop.services.registrations.terms import DocumentKind, FixGroup
from terminal_shop.site_pages import Page
from terminal_shop.state.registration import DOCS_UPLOAD_ID, READ_DRAFT
from terminal_shop.state.registration import RegistrationState as S

STEPS = ("Data Diri & Usaha", "Dokumen", "Konfirmasi")
DOC_KEYS = tuple(d.value for d in DocumentKind)


def _stepper() -> rx.Component:
    def item(i: int, name: str) -> rx.Component:
        n = i + 1
        return rx.el.li(
            rx.el.span(
                str(n),
                class_name=rx.cond(S.step >= n, "bg-blue-700 text-white", "bg-slate-200 text-slate-600")
                + " flex h-8 w-8 items-center justify-center rounded-full text-sm font-bold",
            ),
            rx.el.span(name, class_name="text-xs font-medium sm:text-sm"),
            aria_current=rx.cond(S.step == n, "step", "false"),
            class_name="flex flex-col items-center gap-1 text-center sm:flex-row sm:gap-2",
        )

    return rx.el.ol(
        *[item(i, n) for i, n in enumerate(STEPS)],
        class_name="flex items-start justify-center gap-6 py-6 sm:gap-10",
        aria_label="Langkah pendaftaran",
    )


def _setter(name: str):
    return lambda v: S.set_field(name, v)


def _field(f: RegistrationField) -> rx.Component:
    """One field of the form as registrations/fields.py defines it."""
    if f.widget is Widget.RADIO:
        return _radio(f)
    change = _setter(f.name)
    error = S.errors.get(f.name, "")
    if f.widget is Widget.CHOICE:
        return select_field(
            f.name, f.form_label, S.form[f.name], change, error, f.options(), f.input_props["placeholder"]
        )
    kind = {Widget.EMAIL: "email", Widget.TEL: "tel"}.get(f.widget, "text")
    box = text_field(
        f.name,
        f.form_label,
        S.form[f.name],
        change,
        error,
        kind=kind,
        required=f.required,
        textarea=f.widget is Widget.TEXTAREA,
        **f.input_props,
    )
    if f.name == "alamat_usaha":  # opened from an order: where it was delivered, one tap away
        box = rx.fragment(box, rx.cond(S.for_order != "", rx.el.button(
            "Pakai alamat pengiriman pesanan", type="button", on_click=S.use_order_address,
            class_name="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-blue-700 underline")))  # fmt: skip
    return rx.el.div(box, class_name="sm:col-span-2") if f.wide else box


def _section(title: str, *children) -> rx.Component:
    return rx.el.fieldset(
        rx.el.legend(title, class_name="text-lg font-bold"),
        rx.el.div(*children, class_name="mt-3 grid gap-x-4 sm:grid-cols-2"),
        class_name=f"{CARD} p-5",
    )


def _radio(f: RegistrationField) -> rx.Component:
    return rx.el.div(
        rx.el.p(f.form_label, class_name="text-sm font-medium text-slate-800"),
        rx.el.div(
            *[
                rx.el.label(
                    rx.el.input(
                        type="radio",
                        name=f.name,
                        value=val,
                        checked=S.form[f.name] == val,
                        on_change=lambda _, v=val, name=f.name: S.set_field(name, v),
                    ),
                    text,
                    class_name="flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2.5 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50",
                )
                for val, text in f.options()
            ],
            class_name="mt-1 flex gap-3",
        ),
        class_name="mb-6",
    )


def _nav(back: rx.Component | None, forward: rx.Component) -> rx.Component:
    return rx.el.div(back or rx.el.span(), forward, class_name="flex items-center justify-between gap-3")


def _step_details() -> rx.Component:
    return rx.el.div(
        *[_section(g.label, *[_field(f) for f in in_group(g)]) for g in FixGroup],
        _nav(
            None,
            rx.el.button(
                "Lanjutkan",
                icon("arrow-right", "h-4 w-4"),
                type="button",
                on_click=S.next_from_details(browser_expr(READ_DRAFT)),
                class_name=BTN_PRIMARY,
            ),
        ),
        class_name="flex flex-col gap-6",
    )


def _step_documents() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.el.p(
                f"Foto harus jelas dan tidak terpotong. Format JPG atau PNG, maksimal {rules.UPLOAD_MAX} per file.",
                class_name="text-sm text-slate-600",
            ),
            rx.el.div(
                *[
                    file_picker(
                        f"doc_{d.value}",
                        d.label,
                        f"JPG atau PNG, maks. {rules.UPLOAD_MAX}",
                        IMAGE_ACCEPT,
                        S.doc_rejected,
                        required=d.required,
                        error=S.doc_errors.get(d.value, ""),
                    )
                    for d in DocumentKind
                ],
                class_name="mt-4 grid gap-6 sm:grid-cols-2",
            ),
            class_name=f"{CARD} p-5",
        ),
        _nav(
            rx.el.button(
                icon("arrow-left", "h-4 w-4"), "Kembali", type="button", on_click=S.go_to(1), class_name=BTN_OUTLINE
            ),
            rx.el.button(
                "Lanjutkan",
                icon("arrow-right", "h-4 w-4"),
                type="button",
                on_click=S.next_from_documents(chosen_documents(DOC_KEYS)),
                class_name=BTN_PRIMARY,
            ),
        ),
        class_name="flex flex-col gap-6",
    )


def _label_of(value, labels: dict[str, str]):
    """A chosen option's label, looked up in the browser (no state var sent on every change)."""
    return rx.match(value, *labels.items(), "-")


def _summary_row(label: str, value) -> rx.Component:
    return rx.el.div(
        rx.el.dt(label, class_name="text-slate-500"), rx.el.dd(value, class_name="break-words font-medium")
    )


def _summary_value(f: RegistrationField):
    value = S.form[f.name]
    if f.choices is not None:
        return _label_of(value, f.choices.labels())
    return value if f.required else rx.cond(value != "", value, "-")


def _send() -> rx.Component:
    """With the agreement ticked, the registration goes to our own route
    (web/submissions.py) with the tab's copy of the wizard; the state shows the answer."""
    return rx.cond(
        S.agreement,
        rx.el.button(
            rx.cond(S.submitting, "Mengirim pendaftaran...", "Kirim Pendaftaran"),
            type="button",
            disabled=S.submitting,
            on_click=[
                S.sending(browser_expr(READ_DRAFT), S.agreement),
                rx.call_function(
                    send_chosen(routes.API_REGISTRATION, DOCS_UPLOAD_ID, READ_DRAFT), callback=S.submitted
                ),
            ],
            class_name=BTN_PRIMARY,
        ),
        rx.el.button("Kirim Pendaftaran", type="button", on_click=S.agreement_missing, class_name=BTN_PRIMARY),
    )


def _step_confirm() -> rx.Component:
    summary = rx.el.section(
        rx.el.div(
            rx.el.h2("Data Diri & Usaha", class_name="text-lg font-bold"),
            rx.el.button(
                "Ubah Data",
                type="button",
                on_click=S.go_to(1),
                class_name="inline-flex min-h-11 items-center text-sm font-semibold text-blue-700 hover:underline",
            ),
            class_name="flex items-center justify-between",
        ),
        rx.el.dl(
            *[_summary_row(f.label, _summary_value(f)) for f in FIELDS],
            class_name="mt-4 grid gap-3 text-sm sm:grid-cols-2",
            data_testid="summary",
        ),
        class_name=f"{CARD} p-5",
    )
    docs = rx.el.section(
        rx.el.div(
            rx.el.h2("Dokumen", class_name="text-lg font-bold"),
            rx.el.button(
                "Ubah Dokumen",
                type="button",
                on_click=S.go_to(2),
                class_name="inline-flex min-h-11 items-center text-sm font-semibold text-blue-700 hover:underline",
            ),
            class_name="flex items-center justify-between",
        ),
        rx.el.dl(
            *[_summary_row(d.label, chosen_thumbnail(f"doc_{d.value}", d.label)) for d in DocumentKind],
            class_name="mt-4 grid gap-3 text-sm sm:grid-cols-2",
            data_testid="documents",
        ),
        class_name=f"{CARD} p-5",
    )
    agreement = rx.fragment(
        *([whatsapp_box(S.whatsapp, S.set_whatsapp)] if get_settings().whatsapp_on else []),
        consent_box(S.agreement, S.set_agreement),
    )
    return rx.el.div(
        summary,
        docs,
        agreement,
        _nav(
            rx.el.button(
                icon("arrow-left", "h-4 w-4"), "Kembali", type="button", on_click=S.go_to(2), class_name=BTN_OUTLINE
            ),
            _send(),
        ),
        class_name="flex flex-col gap-6",
    )


def wizard_page() -> rx.Component:
    return site_page(
        container(
            rx.el.div(
                rx.el.h1("Pendaftaran Merchant", class_name="text-2xl font-bold sm:text-3xl"),
                rx.el.p(
                    "Daftar 100% online dalam tiga langkah. Data Anda tersimpan otomatis di perangkat ini sampai dikirim.",
                    class_name="mt-2 text-slate-600",
                ),
                rx.cond(S.for_order != "", rx.el.p(
                    "Pendaftaran ini mengaktifkan perangkat pesanan ", rx.el.strong(S.for_order),
                    ": setelah disetujui, perangkatnya tercatat di akun merchant Anda.",
                    class_name="mt-3 rounded-lg bg-blue-50 p-3 text-sm text-blue-900", data_testid="for-order")),
                _stepper(),
                rx.match(S.step, (1, _step_details()), (2, _step_documents()), _step_confirm()),
                rx.el.span(bundle_documents(DOC_KEYS, DOCS_UPLOAD_ID), hidden=True),
                id="wizard",
                on_mount=S.opened,
                class_name="mx-auto max-w-3xl scroll-mt-20 py-10",
            )
        )
    )  # fmt: skip


PAGES = (
    Page(routes.REGISTER, "Pendaftaran Merchant", wizard_page, "Daftar merchant EDC dan QRIS 100% online dalam tiga langkah.",
         indexable=True, on_load=S.restore_draft),
)  # fmt: skip
