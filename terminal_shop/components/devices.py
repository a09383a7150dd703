"""A device as its owner and the staff read it (services/devices/owned.DeviceView): model, SN,
its way from the order to "Aktif", TID/MID once active, the warranty end."""

from __future__ import annotations

import reflex as rx

from terminal_shop.components.ui import BTN_PRIMARY, icon
from terminal_shop.services.devices.owned import DEVICES_WAIT


def _step(step) -> rx.Component:
    return rx.el.li(
        rx.cond(step.done, icon("check", "h-4 w-4 text-emerald-700"), rx.el.span("○", class_name="w-4 text-center text-slate-400")),
        rx.el.span(step.label, class_name=rx.cond(step.done, "text-slate-900", "text-slate-500")),
        rx.cond(step.at != "", rx.el.span(step.at, class_name="text-xs text-slate-500", data_testid="step-date")),
        class_name="flex flex-wrap items-center gap-x-2 text-sm",
    )  # fmt: skip


def device_card(d, below: rx.Component | None = None) -> rx.Component:
    """`below`: what the page adds under the card (the account's "Laporkan masalah")."""
    return rx.el.article(
        rx.el.div(
            rx.el.p(d.model, class_name="font-semibold"),
            rx.el.p("SN ", rx.el.code(d.serial, data_testid="device-serial"), class_name="text-sm"),
            class_name="flex flex-wrap items-baseline justify-between gap-2",
        ),
        rx.el.p("Status: ", rx.el.strong(d.status, data_testid="device-status"), class_name="mt-1 text-sm"),
        rx.el.ol(rx.foreach(d.steps, _step), class_name="mt-3 grid gap-1", aria_label="Perjalanan perangkat"),
        rx.cond(
            d.tid != "",
            rx.el.p("TID ", rx.el.code(d.tid, data_testid="device-tid"), " · MID ", rx.el.code(d.mid),
                    rx.cond(d.nmid != "", rx.el.span(" · NMID ", rx.el.code(d.nmid))),
                    " · aktif sejak ", d.activated, class_name="mt-3 text-sm"),
        ),  # fmt: skip
        rx.cond(d.waiting != "", rx.el.p(d.waiting, class_name="mt-3 text-sm text-amber-800", data_testid="device-waiting")),
        rx.cond(d.warranty != "", rx.el.p("Garansi ", d.warranty, class_name="mt-1 text-sm text-slate-700", data_testid="device-warranty")),
        rx.cond(d.card != "", rx.el.a(icon("download", "h-4 w-4"), "Kartu garansi (PDF)", href=d.card, download="", custom_attrs={"reloadDocument": True},
                                      class_name="mt-1 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-blue-700 underline")),
        rx.cond(d.last_seen != "", rx.el.p("Terakhir terhubung ", d.last_seen, class_name="mt-1 text-sm text-slate-700",
                                            data_testid="device-last-seen")),
        rx.cond(d.note != "", rx.el.p(d.note, class_name="mt-1 text-sm font-medium text-indigo-800", data_testid="device-note")),
        below if below is not None else rx.fragment(),
        class_name="rounded-xl border border-slate-200 p-4",
        data_testid="device",
    )  # fmt: skip


def register_invitation(href) -> rx.Component:
    """Where an order no merchant registration owns yet is shown: why its devices wait, and
    where to register (the order then links itself: services/devices/linking.py)."""
    return rx.el.div(
        rx.el.p(DEVICES_WAIT, class_name="font-semibold"),
        rx.el.p("Daftarkan usaha Anda dengan email dan nomor HP yang sama dengan pesanan ini: "
                "pesanan akan tertaut otomatis.", class_name="mt-1 text-sm"),
        rx.el.a("Daftar sebagai merchant", href=href, class_name=BTN_PRIMARY + " mt-3 inline-flex"),
        class_name="rounded-xl border border-blue-200 bg-blue-50 p-4 text-left text-blue-950",
        data_testid="register-invitation",
    )  # fmt: skip
