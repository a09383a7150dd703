"""The owner's "Outlet" and "Aktivitas" on /akun (issue 49.1, 49.4; state/account_team.py)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop.components.ui import BTN_PRIMARY, CARD, INPUT
from terminal_shop.state.account import AccountState as A


def _field(label: str, name: str) -> rx.Component:
    return rx.el.label(rx.el.span(label, class_name="text-sm text-slate-700"),
                       rx.el.input(name=name, class_name=INPUT + " min-h-[44px]"), class_name="flex flex-col gap-1")  # fmt: skip


def _outlet(o: Any) -> rx.Component:
    return rx.el.li(
        rx.el.p(o.name, class_name="font-semibold"),
        rx.el.p(o.address, class_name="text-sm text-slate-600"),
        rx.el.ul(rx.foreach(o.devices, lambda d: rx.el.li(d, class_name="text-sm")), class_name="mt-1"),
        class_name="py-3",
        data_testid="outlet",
    )


def _placement(p: Any) -> rx.Component:
    return rx.el.label(
        rx.el.span(p.device, class_name="text-sm"),
        rx.el.select(rx.foreach(A.outlets, lambda o: rx.el.option(o.name, value=o.id)), value=p.outlet_id,
                     on_change=lambda v: A.move_device(p.device_id, v), class_name=INPUT + " min-h-[44px]"),
        class_name="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between",
        data_testid="placement",
    )  # fmt: skip


def outlets_section() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Outlet", class_name="text-lg font-bold"),
        rx.el.p("Outlet pertama adalah alamat usaha di pendaftaran Anda. Pilih di outlet mana tiap perangkat berada.",
                class_name="mt-1 text-sm text-slate-600"),
        rx.el.ul(rx.foreach(A.outlets, _outlet), class_name="mt-2 divide-y divide-slate-100"),
        rx.cond(A.placements, rx.el.div(rx.el.h3("Perangkat per outlet", class_name="font-semibold"),
                                        rx.foreach(A.placements, _placement), class_name="mt-3 grid gap-2")),
        rx.el.form(
            rx.el.h3("Tambah outlet", class_name="font-semibold"),
            rx.el.label(rx.el.span("Usaha", class_name="text-sm text-slate-700"),
                        rx.el.select(rx.foreach(A.outlets, lambda o: rx.el.option(o.business, value=o.merchant_id)), name="usaha",
                                     class_name=INPUT + " min-h-[44px]"), class_name="flex flex-col gap-1"),
            _field("Nama outlet", "nama"), _field("Alamat", "alamat"), _field("Kecamatan", "kecamatan"), _field("Kota/kabupaten", "kota"),
            rx.el.button("Tambah outlet", type="submit", class_name=BTN_PRIMARY + " min-h-[44px]"),
            on_submit=A.add_outlet, reset_on_submit=True, class_name="mt-4 grid gap-2 border-t border-slate-100 pt-3",
        ),
        id="outlet",
        class_name=f"{CARD} scroll-mt-32 p-5",
    )  # fmt: skip


def activity_section() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Aktivitas akun", class_name="text-lg font-bold"),
        rx.el.ul(rx.foreach(A.activity, lambda a: rx.el.li(rx.el.span(a.at, class_name="text-slate-500"), " · ", a.who, " · ", a.what,
                                                           data_testid="activity")),
                 class_name="mt-2 grid gap-1 text-sm"),
        id="aktivitas",
        class_name=f"{CARD} scroll-mt-32 p-5",
    )  # fmt: skip
