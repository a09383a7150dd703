"""An order's way to the buyer on its admin page: pack, ship (courier and resi), deliver,
and the invoice; and the list page's bulk upload of resi numbers."""

from __future__ import annotations

import reflex as rx

from terminal_shop import couriers
from terminal_shop.components.admin import BTN_SMALL, TD, TH, when_allowed
from terminal_shop.components.files import csv_picker
from terminal_shop.components.ui import BTN_PRIMARY, CARD, INPUT
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state.admin import BulkShipState as B
from terminal_shop.state.admin import OrderDetailState as D
from terminal_shop.state.admin import OrderListState as L
from terminal_shop.vocabulary import Fulfilment, FulfilmentFilter


def _ship_form() -> rx.Component:
    return rx.el.div(
        rx.el.label("Kurir", html_for="ship_courier", class_name="text-sm font-medium"),
        rx.el.select(
            rx.el.option("Pilih kurir", value=""),
            *[rx.el.option(c.name, value=c.code) for c in couriers.COURIERS],
            id="ship_courier",
            value=D.ship_courier,
            on_change=D.set_ship_courier,
            class_name=INPUT,
        ),
        rx.el.label("Nomor resi", html_for="ship_resi", class_name="mt-3 block text-sm font-medium"),
        rx.el.input(
            id="ship_resi", value=D.ship_resi, on_change=D.set_ship_resi, auto_complete="off", class_name=INPUT
        ),
        rx.el.p(D.ship_error, class_name="mt-1 min-h-[1.25rem] text-sm text-red-600", role="alert"),
        rx.el.button("Tandai Dikirim", type="button", on_click=D.ship, class_name=BTN_PRIMARY),
        class_name="mt-4 rounded-xl bg-slate-50 p-4",
    )


def fulfilment_card() -> rx.Component:
    o = D.order
    return rx.el.section(
        rx.el.h2("Pengiriman", class_name="text-lg font-bold"),
        rx.el.p("Tahap: ", rx.el.strong(o.fulfilment_label, data_testid="fulfilment"), class_name="mt-2"),
        rx.cond(
            o.resi != "",
            rx.el.p(
                o.courier,
                " · resi ",
                rx.el.code(o.resi, data_testid="admin-resi"),
                rx.el.button(
                    "Salin", type="button", on_click=rx.set_clipboard(o.resi), aria_label="Salin nomor resi",
                    class_name="ml-2 rounded-md border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100",
                ),
                rx.cond(
                    o.tracking_page != "",
                    rx.el.a(" · lacak", href=o.tracking_page, target="_blank", rel="noopener noreferrer", class_name="text-blue-700 underline"),
                ),
                class_name="mt-1 text-sm",
            ),
        ),
        when_allowed(Permission.FULFIL, rx.cond(o.fulfilment == Fulfilment.NOT_STARTED, rx.el.button("Tandai Dikemas", type="button", on_click=D.pack, class_name=f"{BTN_SMALL} mt-3"))),
        when_allowed(Permission.FULFIL, rx.cond((o.fulfilment == Fulfilment.NOT_STARTED) | (o.fulfilment == Fulfilment.PACKED), _ship_form())),
        when_allowed(Permission.FULFIL, rx.cond(o.fulfilment == Fulfilment.SHIPPED, rx.el.button("Tandai Diterima", type="button", on_click=D.deliver, class_name=f"{BTN_PRIMARY} mt-3"))),
        rx.cond(
            o.invoice_link != "",
            rx.el.a("Unduh invoice ", o.invoice_number, href=o.invoice_link, download="", custom_attrs={"reloadDocument": True}, class_name="mt-4 block text-sm font-medium text-blue-700 underline", data_testid="admin-invoice"),
        ),
        class_name=f"{CARD} p-5",
    )  # fmt: skip


def fulfilment_filter() -> rx.Component:
    """The list's shipping filter: what is left to do, with how many orders wait at each stage."""
    return rx.el.select(
        rx.el.option("Semua pengiriman", value=""),
        *[
            rx.el.option(label, " (", L.stats.get(key, 0), ")", value=key)
            for key, label in FulfilmentFilter.labels().items()
        ],
        value=L.fulfilment,
        on_change=L.set_fulfilment,
        aria_label="pengiriman",
        class_name="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm",
    )


def bulk_ship_panel() -> rx.Component:
    """A courier booking tool's export (`nomor pesanan, kurir, resi` a line), or order numbers
    delivered (one a line): each line's result."""
    return rx.el.details(
        rx.el.summary("Kirim atau tandai diterima secara massal (CSV)", class_name="cursor-pointer font-medium text-blue-700"),
        rx.el.p(
            "Kirim: satu baris per pesanan berisi nomor pesanan, kurir, resi. Diterima: satu nomor pesanan per baris. "
            "Baris yang ditolak tidak mengubah apa pun.",
            class_name="mt-2 text-sm text-slate-600",
        ),
        rx.el.div(
            csv_picker("bulk_ship", "Pilih CSV resi", B.upload, f"{BTN_SMALL} inline-block"),
            csv_picker("bulk_deliver", "Pilih CSV pesanan diterima", B.upload_delivered, f"{BTN_SMALL} inline-block"),
            class_name="mt-3 flex flex-wrap gap-3",
        ),
        rx.cond(
            B.results.length() > 0,
            rx.el.table(
                rx.el.thead(rx.el.tr(*[rx.el.th(h, class_name=TH) for h in ("Baris", "Pesanan", "Hasil")])),
                rx.el.tbody(
                    rx.foreach(
                        B.results,
                        lambda r: rx.el.tr(
                            rx.el.td(r.line, class_name=TD),
                            rx.el.td(rx.el.code(r.number), class_name=TD),
                            rx.el.td(r.outcome, class_name=rx.cond(r.ok, f"{TD} text-emerald-700", f"{TD} text-red-700")),
                            data_testid="bulk-line",
                        ),
                    )
                ),
                class_name="mt-3 min-w-full",
            ),
        ),
        class_name=f"{CARD} mt-4 p-5",
    )  # fmt: skip
