"""An order's way to the buyer on its admin page: pack, ship (courier and resi), deliver,
and the invoice; and the list page's bulk upload of resi numbers."""

from __future__ import annotations

import reflex as rx

from terminal_shop import couriers
from terminal_shop.components.admin import BTN_SMALL, TD, TH, when_allowed
from terminal_shop.components.admin_lists import FILTER
from terminal_shop.components.files import csv_picker
from terminal_shop.components.forms import typed
from terminal_shop.components.scanner import scan_button
from terminal_shop.components.ui import BTN_PRIMARY, CARD, INPUT
from terminal_shop.services.orders.terms import Fulfilment, FulfilmentFilter
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state.admin import BulkShipState as B
from terminal_shop.state.admin import OrderDetailState as D
from terminal_shop.state.admin import OrderListState as L
from terminal_shop.state.admin.orders import NEXT_STEP, PACK_FIELD


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
        typed(
            rx.el.input(
                id="ship_resi", value=D.ship_resi, on_change=D.set_ship_resi, auto_complete="off", class_name=INPUT
            )
        ),
        rx.el.p(D.ship_error, class_name="mt-1 min-h-[1.25rem] text-sm text-red-600", role="alert"),
        rx.el.button("Tandai Dikirim", type="button", on_click=D.ship, class_name=BTN_PRIMARY),
        class_name="mt-4 rounded-xl bg-slate-50 p-4",
    )


def _chip(serial) -> rx.Component:
    return rx.el.li(
        rx.el.code(serial),
        rx.el.button("×", type="button", on_click=D.remove_serial(serial), aria_label=f"Hapus SN {serial}",
                     class_name="ml-2 rounded px-1 text-slate-500 hover:bg-slate-200"),
        class_name="flex items-center rounded-lg bg-white px-2 py-1 text-sm ring-1 ring-slate-200",
        data_testid="pack-serial-chip",
    )  # fmt: skip


def _pack_form(button: str = "Tandai Dikemas", action=D.pack, note: str = "") -> rx.Component:
    """Scan (or type) each unit's SN and press Enter; then "Tandai Dikemas" with the list (or
    "Catat SN" for an order shipped before packing required them)."""
    return rx.el.div(
        rx.el.p(note, class_name="mb-2 text-sm text-amber-800") if note else rx.fragment(),
        rx.el.form(
            rx.el.label("Pindai atau ketik SN, lalu Enter", html_for=PACK_FIELD, class_name="text-sm font-medium"),
            rx.el.p("Butuh: ", rx.el.strong(D.units_needed, data_testid="units-needed"), class_name="text-xs text-slate-600"),
            rx.el.input(id=PACK_FIELD, name="serial", auto_complete="off", spell_check=False, enter_key_hint="next", class_name=INPUT),
            scan_button(PACK_FIELD, send=True),
            on_submit=D.add_serial,
        ),
        rx.el.ul(rx.foreach(D.pack_serials, _chip), class_name="mt-2 flex flex-wrap gap-2", aria_label="SN yang akan dikemas"),
        rx.el.p(D.pack_error, class_name="mt-1 min-h-[1.25rem] text-sm text-red-600", role="alert", data_testid="pack-error"),
        rx.el.button(button, type="button", on_click=action, class_name=BTN_SMALL),
        class_name="mt-3 rounded-xl bg-slate-50 p-4",
    )  # fmt: skip


def _units() -> rx.Component:
    return rx.el.div(
        rx.el.h3("Perangkat", class_name="mt-4 font-semibold"),
        rx.el.ul(
            rx.foreach(D.units, lambda d: rx.el.li(d.model, " · SN ", rx.el.code(d.serial), " · ", d.status,
                                                   rx.cond(d.tid != "", rx.el.span(" · TID ", d.tid)),
                                                   rx.cond(d.waiting != "", rx.el.span(" · ", d.waiting, class_name="text-amber-800")),
                                                   data_testid="admin-unit")),
            class_name="mt-1 space-y-1 text-sm",
        ),
    )  # fmt: skip


def _sent_without_serials(o):
    sent = (o.fulfilment == Fulfilment.SHIPPED) | (o.fulfilment == Fulfilment.DELIVERED)
    return sent & (D.units.length() == 0) & (D.units_needed != "")


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
        when_allowed(Permission.FULFIL, rx.cond(o.fulfilment == Fulfilment.NOT_STARTED, _pack_form())),
        rx.cond(D.units.length() > 0, _units()),
        when_allowed(Permission.FULFIL, rx.cond(_sent_without_serials(o), _pack_form(
            "Catat SN", D.record_serials, "Pesanan ini dikirim tanpa SN: pindai SN setiap unit yang dikirim agar tercatat di akun merchant."))),
        when_allowed(Permission.FULFIL, rx.cond((o.fulfilment == Fulfilment.PACKED) | ((o.fulfilment == Fulfilment.NOT_STARTED) & (D.units_needed == "")), _ship_form())),
        when_allowed(Permission.FULFIL, rx.cond(o.fulfilment == Fulfilment.SHIPPED, rx.el.button("Tandai Diterima", type="button", on_click=D.deliver, class_name=f"{BTN_PRIMARY} mt-3"))),
        rx.cond(
            o.invoice_link != "",
            rx.el.a("Unduh invoice ", o.invoice_number, href=o.invoice_link, download="", custom_attrs={"reloadDocument": True}, class_name="mt-4 block text-sm font-medium text-blue-700 underline", data_testid="admin-invoice"),
        ),
        id=NEXT_STEP,  # a confirmed order opens here (state/admin/orders._next_step)
        class_name=f"{CARD} scroll-mt-4 p-5",
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
        class_name=FILTER,
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
        rx.cond(B.results_note != "", rx.el.p(B.results_note, class_name="mt-3 text-sm font-medium", data_testid="bulk-note")),
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
