"""The fee estimator in the home page's Biaya section (state/fee_estimator.py)."""

from __future__ import annotations

import reflex as rx

from terminal_shop.catalogue import PRODUCTS
from terminal_shop.components.ui import BTN_PRIMARY, CARD, INPUT
from terminal_shop.services.transactions.terms import CHANNELS
from terminal_shop.state.fee_estimator import FeeEstimatorState as E


def _money(name: str, label: str, hint: str) -> rx.Component:
    return rx.el.label(
        rx.el.span(label, class_name="text-sm font-medium"),
        rx.el.input(name=name, inputmode="numeric", placeholder=hint, auto_complete="off", class_name=INPUT),
        class_name="flex flex-col",
    )


def _result() -> rx.Component:
    """Each channel's fee, and the month's total with its share of the sales."""
    return rx.cond(
        E.total_fee != "",
        rx.el.div(
            rx.el.ul(
                rx.foreach(
                    E.lines,
                    lambda x: rx.el.li(
                        x["channel"],
                        ": ",
                        x["count"],
                        " transaksi, ",
                        x["sales"],
                        " · MDR ",
                        rx.el.strong(x["fee"]),
                    ),
                ),
                class_name="text-sm text-slate-700",
            ),  # fmt: skip
            rx.el.p(
                "Perkiraan biaya MDR sebulan: ",
                rx.el.strong(E.total_fee, data_testid="estimate-total"),
                " (",
                E.share,
                ")",
                class_name="mt-2 text-base",
            ),
            class_name="mt-2",
            role="status",
        ),
    )


def fee_estimator() -> rx.Component:
    return rx.el.div(
        rx.el.h3("Hitung biaya MDR Anda", class_name="text-lg font-semibold"),
        rx.el.p(
            "Isi penjualan sebulan per kanal; kami hitung dengan tarif yang sama dengan dashboard merchant.",
            class_name="mt-1 text-sm text-slate-600",
        ),  # fmt: skip
        rx.el.form(
            rx.el.label(
                rx.el.span("Perangkat", class_name="text-sm font-medium"),
                rx.el.select(
                    *[rx.el.option(p.short_name, value=p.sku) for p in PRODUCTS],
                    name="model",
                    default_value="A920",
                    class_name=INPUT,
                ),  # fmt: skip
                class_name="flex flex-col",
            ),
            *[
                _money(channel, f"Penjualan {label} sebulan (Rp)", "contoh 15.000.000")
                for channel, label in CHANNELS.items()
            ],
            _money("rata_rata", "Rata-rata per transaksi (Rp)", "100.000"),
            rx.el.label(
                rx.el.input(type="checkbox", name="mikro", default_checked=True, class_name="h-5 w-5"),
                rx.el.span("Usaha mikro (omzet sampai Rp 2 miliar setahun)", class_name="text-sm"),
                class_name="flex min-h-[44px] items-center gap-3",
            ),
            rx.el.button("Hitung", type="submit", class_name=BTN_PRIMARY),
            on_submit=E.estimate,
            class_name="mt-4 grid gap-3 sm:grid-cols-2",
            aria_label="Hitung biaya MDR",
        ),
        rx.el.p(E.error, class_name="mt-2 min-h-[1.25rem] text-sm text-red-600", role="alert"),
        _result(),
        class_name=f"{CARD} mt-8 p-6",
        id="hitung-biaya",
    )
