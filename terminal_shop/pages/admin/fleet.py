"""'Armada': which active terminals need attention, by filter with counts (state/admin/fleet.py)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop import routes, rules
from terminal_shop.admin_pages import AdminPage
from terminal_shop.components.admin import admin_layout, scroll_table
from terminal_shop.components.admin_lists import cell
from terminal_shop.components.ui import CARD, badge
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.fleet.terms import FleetFilter
from terminal_shop.state.admin.fleet import FleetState as S


def _filter(f: FleetFilter, count: Any) -> rx.Component:
    chosen = S.chosen == f.value
    shown = rx.el.span(" (", count, ")") if count is not None else rx.fragment()
    return rx.el.button(f.label, shown, type="button", on_click=S.choose(f.value),
                        aria_pressed=rx.cond(chosen, "true", "false"),
                        class_name=rx.cond(chosen, "min-h-[44px] rounded-full bg-blue-700 px-4 text-sm font-semibold text-white",
                                           "min-h-[44px] rounded-full border border-slate-300 px-4 text-sm"))  # fmt: skip


def _reach(x: Any) -> rx.Component:
    """The merchant: their page, a call, a WhatsApp, the unit's open case (issue 63.6: rows had no action)."""
    link = "text-blue-700 underline min-h-[44px] inline-flex items-center"
    return rx.el.span(
        rx.cond(x.merchant_link != "", rx.el.a(x.merchant, href=x.merchant_link, class_name=link), x.merchant),
        rx.cond(x.phone != "", rx.fragment(
            rx.el.a("Telepon", href="tel:" + x.phone, class_name=link),
            rx.el.a("WhatsApp", href="https://wa.me/62" + x.phone.to(str)[1:], target="_blank", rel="noopener", class_name=link))),
        rx.cond(x.case != "", rx.el.a("Kasus ", x.case, href=x.case_link, class_name=link, data_testid="fleet-case")),
        class_name="flex flex-wrap gap-x-3",
    )  # fmt: skip


def _line(x: Any) -> rx.Component:
    return rx.el.tr(cell("SN", x.serial), cell("Perangkat", x.device), cell("Merchant", _reach(x)), cell("Terakhir terhubung", x.seen),
                    cell("Aplikasi", x.app), cell("Kertas", badge(x.paper)), cell("Baterai", x.battery), cell("Sinyal", x.signal),
                    data_testid="fleet-line")  # fmt: skip


def fleet_page() -> rx.Component:
    c: Any = S.counts
    s = get_settings()
    return admin_layout(
        rx.el.h1("Armada perangkat", class_name="text-2xl font-bold"),
        rx.el.p(f"Dari detak tiap terminal: offline lebih dari {s.device_offline_minutes} menit, aktif tapi belum pernah terhubung, "
                f"kertas habis, aplikasi di bawah versi {s.device_min_app_version}, baterai di bawah {rules.LOW_BATTERY_PERCENT}%, "
                f"sinyal di bawah {rules.WEAK_SIGNAL_PERCENT}%; dan yang aktif tanpa transaksi.", class_name="mt-1 text-sm text-slate-600"),
        rx.el.div(_filter(FleetFilter.OFFLINE, c.offline), _filter(FleetFilter.NEVER, c.never), _filter(FleetFilter.PAPER, c.paper_out),
                  _filter(FleetFilter.OLD_APP, c.old_app), _filter(FleetFilter.BATTERY, c.battery), _filter(FleetFilter.SIGNAL, c.signal),
                  _filter(FleetFilter.SILENT, None), class_name="mt-4 flex flex-wrap gap-2", role="group", aria_label="Saring armada"),
        rx.el.section(
            rx.cond(S.chosen == FleetFilter.SILENT.value,
                    rx.el.ul(rx.foreach(S.silent, lambda d: rx.el.li(d.model, " · SN ", d.serial, " · TID ", d.tid, " · terakhir ", d.last,
                                                                    data_testid="fleet-silent")), class_name="text-sm"),
                    scroll_table(("SN", "Perangkat", "Merchant", "Terakhir terhubung", "Aplikasi", "Kertas", "Baterai", "Sinyal"),
                                 S.lines, _line, "Armada", "min-w-full cards-on-phone")),
            class_name=f"{CARD} mt-4 p-5",
        ),
    )  # fmt: skip


PAGE = AdminPage(routes.ADMIN_FLEET, "Admin: Armada", fleet_page, S, menu="Armada")
