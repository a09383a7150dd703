"""The merchant page's devices card: units, activation, linked orders."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.components.admin import BTN_SMALL, when_allowed
from terminal_shop.components.devices import device_card
from terminal_shop.components.ui import BTN_PRIMARY, CARD, INPUT, term_options
from terminal_shop.services.servicing.terms import Problem
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state.admin.merchant_devices import MerchantDevicesState as M


def _input(label: str, name: str, d, hint: str = "") -> rx.Component:
    field_id = f"{name}-" + d.serial
    return rx.el.div(
        rx.el.label(label, html_for=field_id, class_name="text-xs font-medium"),
        rx.el.input(id=field_id, name=name, auto_complete="off", placeholder=hint, class_name=INPUT),
        class_name="min-w-[9rem] flex-1",
    )


def _activation_form(d) -> rx.Component:
    return rx.el.form(
        rx.el.input(type="hidden", name="device_id", value=d.id),
        _input("Acquirer", "acquirer", d, "BCA, BRI, ..."),
        _input("MID", "mid", d),
        _input("TID", "tid", d),
        _input("NMID (QRIS)", "nmid", d, "ID..."),
        rx.el.button("Aktifkan ", d.serial, type="submit", class_name=BTN_PRIMARY),
        on_submit=M.activate,
        class_name="mt-2 flex flex-wrap items-end gap-2",
    )


def _status_form(d) -> rx.Component:
    """The device's next steps (suspend, active again, returned, broken, back in stock) with a reason."""
    return rx.cond(
        M.steps[d.id],
        rx.el.form(
            rx.el.input(type="hidden", name="device_id", value=d.id),
            rx.el.select(rx.el.option("Ubah status...", value=""), rx.foreach(M.steps[d.id], lambda x: rx.el.option(x[1], value=x[0])),
                         name="to", aria_label=f"Status baru {d.serial}", class_name=INPUT),
            rx.el.input(name="reason", placeholder="Alasan", aria_label=f"Alasan {d.serial}", class_name=INPUT),
            rx.el.button("Simpan status", type="submit", class_name=BTN_SMALL),
            on_submit=M.change_status,
            class_name="mt-2 flex flex-wrap items-end gap-2",
        ),
    )  # fmt: skip


def _service_form(d) -> rx.Component:
    """Staff open a service case for the merchant on the phone (services/servicing)."""
    return rx.cond(
        d.serviceable,
        rx.el.form(
            rx.el.input(type="hidden", name="device_id", value=d.id),
            rx.el.select(*term_options(Problem), name="masalah",
                         aria_label=f"Masalah {d.serial}", class_name=INPUT),
            rx.el.input(name="keterangan", placeholder="Keterangan dari merchant", aria_label=f"Keterangan {d.serial}", class_name=INPUT),
            rx.el.button("Buka laporan servis", type="submit", class_name=BTN_SMALL),
            on_submit=M.open_service, reset_on_submit=True,
            class_name="mt-2 flex flex-wrap items-end gap-2",
        ),
    )  # fmt: skip


def _history(d) -> rx.Component:
    return rx.el.details(
        rx.el.summary("Riwayat perangkat", class_name="cursor-pointer text-sm text-blue-700"),
        rx.el.ol(rx.foreach(M.histories[d.id], lambda h: rx.el.li(h.at, " · ", h.what, " · ", h.who)),
                 class_name="mt-1 space-y-1 text-xs text-slate-600", data_testid="device-history"),
        class_name="mt-2",
    )  # fmt: skip


def _device(d) -> rx.Component:
    return rx.el.div(
        device_card(d),
        when_allowed(Permission.DEVICES_ACTIVATE, rx.cond(d.tid == "", _activation_form(d))),
        when_allowed(Permission.DEVICES_ACTIVATE, _status_form(d)),
        when_allowed(Permission.SERVICE, _service_form(d)),
        _history(d),
    )


def _order(o) -> rx.Component:
    return rx.el.li(
        rx.el.a(o.number, href=routes.ADMIN_ORDERS + "/" + o.id, class_name="font-mono text-blue-700 underline"),  # a Var: not with_id
        " · ", o.placed,
        when_allowed(Permission.DEVICES_ACTIVATE, rx.el.form(
            rx.el.input(type="hidden", name="order_id", value=o.id),
            rx.el.button("Lepas", type="submit", aria_label=f"Lepas pesanan {o.number}", class_name=BTN_SMALL),
            on_submit=M.unlink_order, class_name="ml-2 inline",
        )),
        class_name="text-sm",
        data_testid="linked-order",
    )  # fmt: skip


def merchant_devices_card() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Perangkat & pesanan", class_name="text-lg font-bold"),
        rx.cond(M.devices, rx.fragment(), rx.el.p("Belum ada perangkat untuk merchant ini.", class_name="mt-2 text-sm text-slate-600")),
        rx.el.div(rx.foreach(M.devices, _device), class_name="mt-3 grid gap-4"),
        rx.el.p(M.activate_error, class_name="mt-1 min-h-[1.25rem] text-sm text-red-600", role="alert", data_testid="activate-error"),
        rx.el.h3("Pesanan tertaut", class_name="mt-4 font-semibold"),
        rx.el.ul(rx.foreach(M.orders, _order), class_name="mt-1 space-y-1"),
        when_allowed(
            Permission.DEVICES_ACTIVATE,
            rx.el.form(
                rx.el.label("Tautkan pesanan (nomor pesanan)", html_for="link-order-number", class_name="text-sm font-medium"),
                rx.el.div(
                    rx.el.input(id="link-order-number", name="number", auto_complete="off", class_name=INPUT),
                    rx.el.button("Tautkan", type="submit", class_name=BTN_SMALL),
                    class_name="flex gap-2",
                ),
                rx.el.p(M.link_error, class_name="mt-1 min-h-[1.25rem] text-sm text-red-600", role="alert"),
                on_submit=M.link_order,
                class_name="mt-3",
            ),
        ),
        class_name=f"{CARD} p-5",
    )  # fmt: skip
