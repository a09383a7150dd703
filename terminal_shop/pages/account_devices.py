"""/akun/perangkat: each device the session reaches, with its steps, and under it "Laporkan
masalah" (the report form on /akun/servis) and the owner's "Pesan kertas"
(state/account_devices.py)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop import routes
from terminal_shop.account_pages import AccountPage
from terminal_shop.components.devices import device_card
from terminal_shop.components.ui import BTN_OUTLINE, CARD, link_button
from terminal_shop.pages.account_frame import account_page
from terminal_shop.services.merchant_team.terms import Ability, MemberRole
from terminal_shop.state.account_devices import DevicesState as A


def _actions(d: Any) -> rx.Component:
    report = rx.cond(
        d.serviceable & A.abilities.contains(Ability.SERVICE.value),
        link_button("Laporkan masalah", f"{routes.ACCOUNT_SERVICE}?perangkat=" + d.id, BTN_OUTLINE + " min-h-[44px]"),
    )
    paper = rx.cond(
        (d.paper != "") & (A.role == MemberRole.OWNER.value),
        rx.el.button("Pesan kertas (", d.paper, ")", type="button", on_click=A.order_paper(d.id),
                     class_name=BTN_OUTLINE + " min-h-[44px]"),
    )  # fmt: skip
    return rx.el.div(report, paper, class_name="mt-3 flex flex-wrap gap-2")


def devices_page() -> rx.Component:
    return account_page(
        routes.ACCOUNT_DEVICES,
        "Perangkat",
        A.loaded,
        rx.el.section(
            rx.cond(
                A.devices,
                rx.el.div(rx.foreach(A.devices, lambda d: device_card(d, _actions(d))), class_name="grid gap-3"),
                rx.el.p("Belum ada perangkat dengan email ini.", class_name="text-sm text-slate-500"),
            ),
            id="perangkat",
            class_name=f"{CARD} p-5",
        ),  # fmt: skip
    )


PAGE = AccountPage(routes.ACCOUNT_DEVICES, "Perangkat", "Perangkat", devices_page, A)
