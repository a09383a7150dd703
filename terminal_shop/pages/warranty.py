"""/garansi: anyone types a serial number and reads the model and the warranty end date."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.components.layout import site_page
from terminal_shop.components.ui import BTN_PRIMARY, CARD, INPUT, container
from terminal_shop.infra.settings import get_settings
from terminal_shop.site_pages import Page
from terminal_shop.state.warranty import WarrantyState as W


def warranty_page() -> rx.Component:
    months = get_settings().warranty_months
    return site_page(
        container(
            rx.el.div(
                rx.el.h1("Cek Garansi Perangkat", class_name="text-2xl font-bold"),
                rx.el.p(
                    f"Garansi {months} bulan sejak perangkat diterima. Nomor seri (SN) ada pada label di bawah perangkat.",
                    class_name="mt-2 text-slate-600",
                ),
                rx.el.form(
                    rx.el.label("Nomor seri (SN)", html_for="warranty-serial", class_name="text-sm font-medium"),
                    rx.el.input(id="warranty-serial", name="serial", required=True, auto_complete="off",
                                spell_check=False, max_length=40, class_name=INPUT),  # fmt: skip
                    rx.el.button("Cek Garansi", type="submit", class_name=BTN_PRIMARY),
                    rx.el.p(W.error, class_name="min-h-[1.25rem] text-sm text-red-600", role="alert", data_testid="warranty-error"),
                    on_submit=W.look_up,
                    reset_on_submit=False,
                    class_name="mt-6 flex flex-col gap-3",
                ),
                rx.cond(
                    W.serial != "",
                    rx.el.dl(
                        rx.el.dt("Model", class_name="text-sm text-slate-500"),
                        rx.el.dd(W.model, class_name="font-semibold"),
                        rx.el.dt("Nomor seri", class_name="mt-2 text-sm text-slate-500"),
                        rx.el.dd(rx.el.code(W.serial)),
                        rx.el.dt("Garansi berlaku sampai", class_name="mt-2 text-sm text-slate-500"),
                        rx.el.dd(W.until, class_name="font-semibold", data_testid="warranty-until"),
                        rx.cond(W.card != "", rx.el.dd(rx.el.a("Unduh Kartu Garansi (PDF)", href=W.card, download="", custom_attrs={"reloadDocument": True},
                                                               class_name=BTN_PRIMARY + " mt-4 inline-flex"))),
                        class_name="mt-4 rounded-xl bg-emerald-50 p-4",
                        data_testid="warranty-answer",
                    ),
                ),
                class_name=f"{CARD} mx-auto my-12 max-w-lg p-6",
            )
        )
    )  # fmt: skip


PAGES = (
    Page(routes.WARRANTY, "Cek Garansi", warranty_page, "Cek masa garansi mesin EDC atau Soundbox dengan nomor seri.",
         indexable=True),
)  # fmt: skip
