"""The merchant's agreed MDR card (state/admin/merchant_rates.py)."""

from __future__ import annotations

import reflex as rx

from terminal_shop.components.admin import BTN_SMALL, when_allowed
from terminal_shop.components.ui import CARD, INPUT
from terminal_shop.services.team.permissions import Permission
from terminal_shop.services.transactions.terms import CHANNELS
from terminal_shop.state.admin.merchant_rates import MerchantRatesState as R


def _field(name: str, label: str, control: rx.Component) -> rx.Component:
    return rx.el.label(
        rx.el.span(label, class_name="text-sm font-medium"),
        control,
        rx.el.span(R.errors[name], class_name="text-xs text-red-600"),
        class_name="flex flex-col",
    )


def merchant_rates_card() -> rx.Component:
    return rx.el.section(
        rx.el.h2("MDR yang disepakati", class_name="text-lg font-bold"),
        rx.el.p(
            "Menggantikan tarif umum untuk transaksi merchant ini mulai tanggal berlaku; transaksi yang sudah "
            "tercatat tidak berubah.",
            class_name="mt-1 text-sm text-slate-600",
        ),  # fmt: skip
        rx.cond(
            R.rates,
            rx.el.ul(
                rx.foreach(
                    R.rates,
                    lambda r: rx.el.li(
                        r.channel,
                        ": ",
                        rx.el.strong(r.rate),
                        " mulai ",
                        r.since,
                        " · ",
                        r.set_by,
                        data_testid="agreed-rate",
                    ),
                ),
                class_name="mt-2 text-sm",
            ),  # fmt: skip
            rx.el.p("Belum ada: tarif umum berlaku.", class_name="mt-2 text-sm text-slate-500"),
        ),
        when_allowed(
            Permission.TRANSACTIONS,
            rx.el.form(
                _field(
                    "channel",
                    "Kanal",
                    rx.el.select(
                        rx.el.option("Pilih kanal", value=""),
                        *[rx.el.option(v, value=k) for k, v in CHANNELS.items()],
                        name="channel",
                        class_name=INPUT,
                    ),
                ),  # fmt: skip
                _field(
                    "percent",
                    "MDR (%)",
                    rx.el.input(name="percent", inputmode="decimal", placeholder="0,5", class_name=INPUT),
                ),
                _field(
                    "flat",
                    "Biaya tetap (Rp)",
                    rx.el.input(name="flat", inputmode="numeric", placeholder="0", class_name=INPUT),
                ),
                _field("since", "Berlaku mulai", rx.el.input(name="since", type="date", class_name=INPUT)),
                rx.el.button("Tetapkan MDR", type="submit", class_name=BTN_SMALL + " self-end"),
                on_submit=R.set_rate,
                class_name="mt-3 grid gap-3 sm:grid-cols-2",
                aria_label="MDR yang disepakati",
            ),
        ),
        class_name=f"{CARD} p-5",
    )
