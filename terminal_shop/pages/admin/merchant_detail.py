"""One merchant registration: data, status, documents, history, edit and delete."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.components.admin import (
    BTN_DANGER,
    BTN_SMALL,
    admin_layout,
    badge,
    detail_item,
    history,
    mail_list,
    when_loaded,
)
from terminal_shop.components.forms import select_field, text_field
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT, icon, nav_link
from terminal_shop.pages.admin.merchant_documents import documents_section
from terminal_shop.state.admin import DELETE_PHRASE
from terminal_shop.state.admin import MerchantDetailState as D
from terminal_shop.vocabulary import Bank, BusinessType, DocumentKind, FixGroup, Premises, RegistrationStatus


def _text(name: str, label: str, **kw) -> rx.Component:
    return text_field(f"m_{name}", label, D.form[name], lambda v: D.set_field(name, v), D.errors.get(name, ""), **kw)


def _select(name: str, label: str, options: dict[str, str], placeholder: str = "Pilih") -> rx.Component:
    return select_field(
        f"m_{name}",
        label,
        D.form[name],
        lambda v: D.set_field(name, v),
        D.errors.get(name, ""),
        list(options.items()),
        placeholder,
    )


def _section(title: str, fields: list[tuple[str, str, dict]]) -> rx.Component:
    """Fields as (name, label, options): `options` holds a Term's labels for a select."""

    def edit(name: str, label: str, kw: dict) -> rx.Component:
        return _select(name, label, kw["options"]) if "options" in kw else _text(name, label, **kw)

    def view(name: str, label: str, kw: dict) -> rx.Component:
        value = D.form[name]
        shown = rx.match(value, *kw["options"].items(), value) if "options" in kw else value
        return detail_item(label, shown)

    return rx.el.section(
        rx.el.h2(title, class_name="text-lg font-bold"),
        rx.cond(
            D.editing,
            rx.el.div(*[edit(*f) for f in fields], class_name="mt-3 grid gap-x-4 sm:grid-cols-2"),
            rx.el.dl(*[view(*f) for f in fields], class_name="mt-3 grid gap-3 sm:grid-cols-2"),
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
                _select("status", "Ubah status", RegistrationStatus.labels(), "Pilih status"),
                rx.cond(rejected, _text("rejection_reason", "Alasan penolakan", textarea=True, required=False)),
                rx.cond(rejected, _fix_items()),
                class_name="mt-4 grid gap-x-4 sm:grid-cols-2",
            ),
            rx.cond(rejected, rx.el.dl(detail_item("Alasan penolakan", D.form["rejection_reason"]), class_name="mt-3")),
        ),
        class_name=f"{CARD} p-5",
    )


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
            rx.el.input(
                value=D.delete_phrase,
                on_change=D.set_delete_phrase,
                aria_label="Konfirmasi hapus",
                placeholder=DELETE_PHRASE,
                class_name=INPUT + " mt-0 max-w-xs",
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
    return rx.el.div(
        rx.cond(
            D.editing,
            rx.fragment(
                rx.el.button("Batal", type="button", on_click=D.set_editing(False), class_name=BTN_OUTLINE),
                rx.el.button(icon("save", "h-4 w-4"), "Simpan", type="button", on_click=D.save, class_name=BTN_PRIMARY),
            ),
            rx.el.button(
                icon("pencil", "h-4 w-4"), "Ubah", type="button", on_click=D.set_editing(True), class_name=BTN_PRIMARY
            ),
        ),
        class_name="flex gap-2",
    )


def merchant_detail_page() -> rx.Component:
    return admin_layout(
        rx.el.div(
            nav_link(icon("arrow-left", "h-4 w-4"), "Kembali", href=routes.ADMIN_MERCHANTS, class_name=BTN_SMALL),
            _edit_buttons(),
            class_name="flex items-center justify-between",
        ),
        when_loaded(
            D.merchant,
            rx.el.h1(D.form["nama_usaha"], class_name="mt-4 text-2xl font-bold"),
            rx.el.div(
                _section(
                    "Data Diri",
                    [
                        ("nama_lengkap", "Nama lengkap", {}),
                        ("nomor_hp", "Nomor HP", {"kind": "tel"}),
                        ("email", "Email", {"kind": "email"}),
                    ],
                ),
                _section(
                    "Data Usaha",
                    [
                        ("nama_usaha", "Nama usaha", {}),
                        ("jenis_usaha", "Jenis usaha", {"options": BusinessType.labels()}),
                        ("alamat_usaha", "Alamat usaha", {}),
                        ("kecamatan", "Kecamatan", {}),
                        ("kabupaten_kota", "Kabupaten/Kota", {}),
                        ("omzet_bulanan", "Omzet bulanan", {}),
                        ("tempat_usaha", "Tempat usaha", {"options": Premises.labels()}),
                        ("nib_npwp", "NIB / NPWP", {"required": False}),
                    ],
                ),
                _section(
                    "Data Bank",
                    [
                        ("nama_bank", "Nama bank", {"options": Bank.labels()}),
                        ("nama_rekening", "Nama rekening", {}),
                        ("nomor_rekening", "Nomor rekening", {}),
                    ],
                ),
                _status_block(),
                documents_section(),
                history(D.merchant.history),
                mail_list(D.merchant.mails, D.resend_mail),
                _delete_block(),
                class_name="mt-6 flex flex-col gap-6",
            ),
        ),
    )
