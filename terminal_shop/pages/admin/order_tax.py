"""The order page's faktur pajak card (issue 61.1): the PKP buyer's tax identity and the NSFP."""

from __future__ import annotations

import reflex as rx

from terminal_shop.components.admin import when_allowed
from terminal_shop.components.ui import BTN_PRIMARY, CARD, INPUT
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state.admin.order_tax import OrderTaxState as T


def order_tax_card() -> rx.Component:
    form = rx.el.form(
        rx.el.label("NSFP dari Coretax (17 digit)", html_for="nsfp", class_name="text-sm font-medium"),
        rx.el.input(id="nsfp", name="nsfp", input_mode="numeric", auto_complete="off", default_value=T.nsfp, class_name=INPUT + " min-h-11"),
        rx.el.button("Simpan NSFP", type="submit", class_name=BTN_PRIMARY + " min-h-11 self-start"),
        on_submit=T.record_nsfp,
        class_name="mt-3 flex flex-col gap-2",
    )  # fmt: skip
    return rx.cond(
        T.identity != "",
        rx.el.section(
            rx.el.h2("Faktur pajak", class_name="text-lg font-semibold"),
            rx.el.p(T.identity, class_name="mt-1 text-sm", data_testid="order-tax-identity"),
            rx.el.p(
                rx.cond(T.nsfp != "", "NSFP " + T.nsfp, "NSFP belum dicatat: ekspor ke Coretax di Cek Pembayaran."),
                class_name="mt-1 text-sm text-slate-600",
                data_testid="order-nsfp",
            ),  # fmt: skip
            when_allowed(Permission.ORDERS_REVIEW, form),
            class_name=f"{CARD} p-5",
        ),
    )
