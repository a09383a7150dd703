"""'Perangkat': receive units (scan the SN, Enter), import a CSV, find any unit, export."""

from __future__ import annotations

import reflex as rx

from terminal_shop import catalogue, routes
from terminal_shop.admin_pages import AdminPage, Export
from terminal_shop.components.admin import admin_layout, scroll_table, when_allowed
from terminal_shop.components.admin_lists import cell
from terminal_shop.components.files import csv_picker
from terminal_shop.components.scanner import scan_button
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT, badge, term_options
from terminal_shop.services.devices import listing
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state.admin.devices import ACTIVATION_UPLOAD_ID, CSV_UPLOAD_ID, ICCID_FIELD, IMEI_FIELD, SERIAL_FIELD
from terminal_shop.state.admin.devices import DevicesState as S

MODELS = [rx.el.option(p.name, value=p.sku) for p in catalogue.PRODUCTS]
SIM_MODELS = ", ".join(p.short_name for p in catalogue.PRODUCTS if p.has_sim)


def _field(label: str, field_id: str, name: str, hint: str = "", scan: bool = False, **kw) -> rx.Component:
    return rx.el.div(
        rx.el.label(label, html_for=field_id, class_name="text-sm font-medium"),
        rx.el.input(id=field_id, name=name, autocomplete="off", spellcheck=False, class_name=INPUT, **kw),
        rx.cond(hint != "", rx.el.p(hint, class_name="mt-1 text-xs text-slate-500")),
        scan_button(field_id, send=False) if scan else rx.fragment(),
        class_name="min-w-[12rem] flex-1",
    )


def _receive_form() -> rx.Component:
    return rx.el.form(
        rx.el.h2("Terima stok", class_name="text-lg font-bold"),
        rx.el.p("Pilih model, lalu pindai atau ketik nomor seri (SN) dan tekan Enter.", class_name="mt-1 text-sm text-slate-600"),
        rx.el.div(
            rx.el.div(
                rx.el.label("Model", html_for="device-model", class_name="text-sm font-medium"),
                rx.el.select(*MODELS, id="device-model", value=S.model, on_change=S.set_model, class_name=INPUT),
            ),
            _field("Nomor seri (SN)", SERIAL_FIELD, "serial", scan=True, auto_focus=True, required=True, enter_key_hint="done"),
            _field("IMEI", IMEI_FIELD, "imei", f"Wajib untuk {SIM_MODELS}", inputmode="numeric"),
            _field("ICCID", ICCID_FIELD, "iccid", "Jika kartu SIM terpasang", inputmode="numeric"),
            rx.el.button("Terima", type="submit", class_name=BTN_PRIMARY),
            class_name="mt-3 flex flex-wrap items-end gap-3",
        ),
        rx.el.p(S.receive_error, class_name="mt-2 min-h-[1.25rem] text-sm text-red-600", role="alert", data_testid="receive-error"),
        rx.el.ul(rx.foreach(S.received, lambda u: rx.el.li(u)), class_name="text-sm text-slate-700", data_testid="received-now", aria_label="Diterima barusan"),
        on_submit=S.receive,
        class_name=f"{CARD} p-5",
    )  # fmt: skip


def _line(r) -> rx.Component:
    return rx.el.li(
        "Baris ", r.line, ": ", r.serial, " — ", r.outcome, class_name=rx.cond(r.ok, "text-emerald-800", "text-red-700")
    )


def _csv_import() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Impor CSV", class_name="text-lg font-bold"),
        rx.el.p("Satu perangkat per baris: SN, model, IMEI, ICCID (baris judul boleh ada).", class_name="mt-1 text-sm text-slate-600"),
        rx.el.div(csv_picker(CSV_UPLOAD_ID, "Pilih file CSV", S.upload_csv, f"{BTN_OUTLINE} inline-flex"), class_name="mt-3"),
        rx.cond(S.csv_note != "", rx.el.p(S.csv_note, class_name="mt-3 text-sm font-medium", data_testid="csv-note")),
        rx.el.ul(rx.foreach(S.csv_results, _line), class_name="mt-2 space-y-1 text-sm", data_testid="csv-results"),
        class_name=f"{CARD} p-5",
    )  # fmt: skip


def _activation_import() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Aktivasi dari CSV acquirer", class_name="text-lg font-bold"),
        rx.el.p("Satu perangkat per baris: SN (atau TID lamanya), acquirer, MID, TID, NMID (NMID untuk QRIS). "
                "Perangkat harus sudah dikirim ke merchant yang disetujui.", class_name="mt-1 text-sm text-slate-600"),
        rx.el.div(csv_picker(ACTIVATION_UPLOAD_ID, "Pilih CSV aktivasi", S.upload_activation, f"{BTN_OUTLINE} inline-flex"), class_name="mt-3"),
        rx.cond(S.activation_note != "", rx.el.p(S.activation_note, class_name="mt-3 text-sm font-medium")),
        rx.el.ul(rx.foreach(S.activation_results, _line), class_name="mt-2 space-y-1 text-sm", data_testid="activation-results"),
        class_name=f"{CARD} p-5",
    )  # fmt: skip


def _waiting() -> rx.Component:
    def row(w) -> rx.Component:
        return rx.el.li(
            rx.el.a(w.number, href=routes.ADMIN_ORDERS + "/" + w.id, class_name="font-mono text-blue-700 underline"),
            " · ", w.placed, " · kurang ", rx.el.strong(w.short),
            data_testid="waiting-order",
        )  # fmt: skip

    return rx.cond(
        S.waiting,
        rx.el.section(
            rx.el.h2("Pesanan menunggu stok", class_name="text-lg font-bold"),
            rx.el.p("Pesanan terkonfirmasi yang belum bisa dikemas, terlama di atas.", class_name="mt-1 text-sm text-slate-600"),
            rx.el.ul(rx.foreach(S.waiting, row), class_name="mt-2 space-y-1 text-sm"),
            class_name="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-5",
        ),
    )  # fmt: skip


def _filters() -> rx.Component:
    statuses = term_options(DeviceStatus, "Semua status")
    models = [rx.el.option("Semua model", value=""), *MODELS]
    return rx.el.form(
        rx.el.input(name="q", type="search", placeholder="Cari SN, IMEI, TID, MID, merchant, nomor pesanan", aria_label="Cari perangkat", class_name=f"{INPUT} min-w-[16rem] flex-1"),
        rx.el.select(*statuses, name="status", aria_label="Saring status", class_name=INPUT),
        rx.el.select(*models, name="model", aria_label="Saring model", class_name=INPUT),
        rx.el.button("Cari", type="submit", class_name=BTN_PRIMARY),
        rx.el.button("Ekspor CSV", type="button", on_click=S.export, class_name=BTN_OUTLINE),
        on_submit=S.filter,
        class_name="flex flex-wrap items-end gap-3",
    )  # fmt: skip


def _row(d) -> rx.Component:
    """A unit's row; on a phone a card (issue 50.8), each value beside its label; its order and
    merchant open their pages (50.5)."""
    return rx.el.tr(
        cell("SN", rx.el.span(d.serial, class_name="font-mono")),
        cell("Model", d.model),
        cell("Status", badge(d.status)),
        cell("TID / MID", d.tid, " ", d.mid),
        cell("Pesanan", rx.cond(d.order_link != "", rx.el.a(d.order, href=d.order_link, class_name="font-mono text-blue-700 underline"), d.order)),
        cell("Merchant", rx.cond(d.merchant_link != "", rx.el.a(d.merchant, href=d.merchant_link, class_name="text-blue-700 underline"), d.merchant)),
        cell("Diterima", d.received),
        data_testid="device-row",
    )  # fmt: skip


def _stock(item) -> rx.Component:
    return rx.el.li(rx.el.strong(item[1]), " ", item[0], class_name="rounded-lg bg-slate-100 px-3 py-1")


def devices_page() -> rx.Component:
    return admin_layout(
        rx.el.h1("Perangkat", class_name="text-2xl font-bold"),
        rx.el.ul(rx.foreach(S.stock, _stock), class_name="mt-2 flex flex-wrap gap-2 text-sm", aria_label="Stok per model", data_testid="stock"),
        _waiting(),
        when_allowed(Permission.DEVICES, rx.el.div(_receive_form(), _csv_import(), class_name="mt-6 grid gap-6 lg:grid-cols-2")),
        when_allowed(Permission.DEVICES_ACTIVATE, rx.el.div(_activation_import(), class_name="mt-6")),
        rx.el.section(
            _filters(),
            rx.el.p(S.total, " perangkat", class_name="mt-3 text-sm text-slate-600", data_testid="device-total"),
            scroll_table(("SN", "Model", "Status", "TID / MID", "Pesanan", "Merchant", "Diterima"), S.rows, _row, "Perangkat", "mt-2 min-w-full cards-on-phone"),
            class_name=f"{CARD} mt-6 p-5",
        ),
    )  # fmt: skip


PAGE = AdminPage(routes.ADMIN_DEVICES, "Admin: Perangkat", devices_page, S, menu="Perangkat",
                 export=Export("devices", listing, Permission.DEVICES_VIEW))  # fmt: skip
