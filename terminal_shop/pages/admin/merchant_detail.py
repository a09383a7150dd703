"""One merchant registration: data, status, documents, history, edit and delete."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.admin_pages import AdminPage
from terminal_shop.components.admin import (
    BTN_DANGER,
    BTN_SMALL,
    access_list,
    admin_layout,
    badge,
    detail_item,
    history,
    mail_list,
    when_allowed,
    when_loaded,
)
from terminal_shop.components.forms import select_field, text_field, typed
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT, icon, nav_link
from terminal_shop.pages.admin.merchant_account import merchant_account_card
from terminal_shop.pages.admin.merchant_devices import merchant_devices_card
from terminal_shop.pages.admin.merchant_documents import documents_section
from terminal_shop.pages.admin.merchant_rates import merchant_rates_card
from terminal_shop.pages.admin.order_whatsapp import whatsapp_card
from terminal_shop.pages.admin.personal_data import personal_data_card
from terminal_shop.services.registrations.fields import RegistrationField, Widget, in_group
from terminal_shop.services.registrations.terms import DocumentKind, FixGroup, RegistrationStatus
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state.admin import DELETE_PHRASE
from terminal_shop.state.admin import MerchantDetailState as D
from terminal_shop.state.admin.order_whatsapp import MerchantWhatsAppState


def _setter(name: str):
    return lambda v: D.set_field(name, v)


def _edit(f: RegistrationField) -> rx.Component:
    """The admin edits every field; a choice is a select (the wizard's radios too)."""
    name, error = f"m_{f.name}", D.errors.get(f.name, "")
    if f.choices is not None:
        return select_field(name, f.label, D.form[f.name], _setter(f.name), error, f.options(), "Pilih")
    kind = {Widget.EMAIL: "email", Widget.TEL: "tel"}.get(f.widget, "text")
    return text_field(name, f.label, D.form[f.name], _setter(f.name), error, kind=kind, required=f.required)


def _view(f: RegistrationField) -> rx.Component:
    value = D.form[f.name]
    return detail_item(f.label, rx.match(value, *f.choices.labels().items(), value) if f.choices else value)


def _section(group: FixGroup) -> rx.Component:
    fields = in_group(group)
    return rx.el.section(
        rx.el.h2(group.label, class_name="text-lg font-bold"),
        rx.cond(
            D.editing,
            rx.el.div(*[_edit(f) for f in fields if f.admin_editable], class_name="mt-3 grid gap-x-4 sm:grid-cols-2"),
            rx.el.dl(*[_view(f) for f in fields], class_name="mt-3 grid gap-3 sm:grid-cols-2"),
        ),
        class_name=f"{CARD} p-5",
    )


def _fix_items() -> rx.Component:
    """What the applicant's correction link will let them change (none ticked: everything)."""
    items = [(g.value, g.label) for g in FixGroup] + [(d.value, d.label) for d in DocumentKind]
    return rx.el.fieldset(
        rx.el.legend("Yang perlu diperbaiki pemohon", class_name="text-sm font-medium"),
        rx.el.div(
            *[
                rx.el.label(
                    rx.el.input(
                        type="checkbox", checked=D.fix.contains(value), on_change=lambda _, v=value: D.toggle_fix(v)
                    ),
                    label,
                    class_name="flex items-center gap-2 text-sm",
                )
                for value, label in items
            ],
            class_name="mt-2 grid gap-2 sm:grid-cols-2",
        ),
        class_name="sm:col-span-2",
    )


def _status_block() -> rx.Component:
    m = D.merchant
    rejected = D.form["status"] == RegistrationStatus.REJECTED
    return rx.el.section(
        rx.el.h2("Status & Verifikasi", class_name="text-lg font-bold"),
        rx.el.dl(
            rx.el.div(rx.el.dt("Status", class_name="text-xs text-slate-500"), rx.el.dd(badge(m.badge))),
            detail_item("Terdaftar", m.created_at),
            detail_item("Diperbarui", m.updated_at),
            detail_item("Diverifikasi", m.verified_at),
            class_name="mt-3 grid gap-3 sm:grid-cols-4",
        ),
        rx.cond(
            D.editing,
            rx.el.div(
                select_field(
                    "m_status",
                    "Ubah status",
                    D.form["status"],
                    _setter("status"),
                    D.errors.get("status", ""),
                    list(RegistrationStatus.labels().items()),
                    "Pilih status",
                ),
                rx.cond(
                    rejected,
                    text_field(
                        "m_rejection_reason",
                        "Alasan penolakan",
                        D.form["rejection_reason"],
                        _setter("rejection_reason"),
                        D.errors.get("rejection_reason", ""),
                        textarea=True,
                        required=False,
                    ),
                ),
                rx.cond(rejected, _fix_items()),
                class_name="mt-4 grid gap-x-4 sm:grid-cols-2",
            ),
            rx.fragment(
                rx.cond(
                    rejected, rx.el.dl(detail_item("Alasan penolakan", D.form["rejection_reason"]), class_name="mt-3")
                ),
                when_allowed(Permission.MERCHANTS_EDIT, rx.cond(D.read_only == "", _decision())),
            ),
        ),
        class_name=f"{CARD} p-5",
    )


def _decision() -> rx.Component:
    """Setujui / Tolak without edit mode (issue 39.5); editing stays for corrections."""
    status = D.form["status"]
    return rx.el.div(
        rx.cond(status != RegistrationStatus.APPROVED,
                rx.el.button(icon("check", "h-4 w-4"), "Setujui", type="button", on_click=D.approve,
                             class_name=BTN_PRIMARY)),
        rx.cond(status == RegistrationStatus.PENDING, rx.el.details(
            rx.el.summary("Tolak dengan alasan", class_name=BTN_OUTLINE + " cursor-pointer list-none"),
            rx.el.form(
                rx.el.label("Alasan penolakan (dikirim ke pemohon)", html_for="reject-reason", class_name="text-sm font-medium"),
                rx.el.textarea(id="reject-reason", name="reason", rows="3", class_name=INPUT),
                _fix_items(),
                rx.el.button("Tolak Pendaftaran", type="submit", class_name=BTN_DANGER + " mt-3"),
                on_submit=D.reject,
                class_name="mt-3",
                aria_label="Tolak pendaftaran",
            ),
            class_name="w-full",
        )),
        rx.el.p(D.decide_error, class_name="min-h-[1.25rem] w-full text-sm text-red-600", role="alert"),
        class_name="mt-4 flex flex-wrap items-start gap-3",
    )  # fmt: skip


def _delete_block() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Hapus pendaftaran", class_name="text-lg font-bold text-red-700"),
        rx.el.p(
            "Data dan semua dokumennya dihapus permanen. Ketik ",
            rx.el.code(DELETE_PHRASE),
            " untuk mengaktifkan tombol Hapus.",
            class_name="mt-1 text-sm text-slate-600",
        ),
        rx.el.div(
            typed(
                rx.el.input(
                    value=D.delete_phrase,
                    on_change=D.set_delete_phrase,
                    aria_label="Konfirmasi hapus",
                    placeholder=DELETE_PHRASE,
                    class_name=INPUT + " mt-0 max-w-xs",
                )
            ),
            rx.el.button(
                icon("trash-2", "h-4 w-4"),
                "Hapus",
                type="button",
                disabled=D.delete_phrase != DELETE_PHRASE,
                on_click=D.delete,
                class_name=BTN_DANGER,
            ),
            class_name="mt-3 flex flex-wrap items-center gap-3",
        ),
        class_name=f"{CARD} border-red-200 p-5",
    )


def _edit_buttons() -> rx.Component:
    """An erased or restricted record is read-only (the services refuse it too): a note, no "Ubah"."""
    read_only = rx.el.span(
        D.read_only,
        class_name="rounded-md bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-700",
        data_testid="read-only",
    )
    return rx.el.div(
        rx.cond(
            D.read_only != "",
            read_only,
            rx.cond(
                D.editing,
                rx.fragment(
                    rx.el.button("Batal", type="button", on_click=D.set_editing(False), class_name=BTN_OUTLINE),
                    rx.el.button(
                        icon("save", "h-4 w-4"), "Simpan", type="button", on_click=D.save, class_name=BTN_PRIMARY
                    ),
                ),
                rx.el.button(
                    icon("pencil", "h-4 w-4"),
                    "Ubah",
                    type="button",
                    on_click=D.set_editing(True),
                    class_name=BTN_PRIMARY,
                ),
            ),
        ),
        class_name="flex gap-2",
    )


def merchant_detail_page() -> rx.Component:
    return admin_layout(
        rx.el.div(
            nav_link(icon("arrow-left", "h-4 w-4"), "Kembali", href=routes.ADMIN_MERCHANTS, class_name=BTN_SMALL),
            when_allowed(Permission.MERCHANTS_EDIT, _edit_buttons()),
            class_name="flex items-center justify-between",
        ),
        when_loaded(
            D.merchant,
            rx.el.h1(D.form["nama_usaha"], class_name="mt-4 text-2xl font-bold"),
            rx.el.div(
                *[_section(g) for g in FixGroup],
                _status_block(),
                merchant_account_card(),
                documents_section(),
                merchant_devices_card(),
                merchant_rates_card(),
                whatsapp_card(MerchantWhatsAppState),
                history(D.merchant.history),
                access_list(D.merchant.access),
                mail_list(D.merchant.mails, D.resend_mail),
                when_allowed(Permission.PERSONAL_DATA, personal_data_card(D.merchant, D.merchant.status)),
                when_allowed(Permission.MERCHANTS_DELETE, _delete_block()),
                class_name="mt-6 flex flex-col gap-6",
            ),
        ),
    )


PAGE = AdminPage(routes.ADMIN_MERCHANT, "Admin: Merchant", merchant_detail_page, D)
