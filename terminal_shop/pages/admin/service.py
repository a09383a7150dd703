"""'Servis': the open cases of broken terminals, oldest first, each with the form for its next
step (state/admin/service.py, services/servicing)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop import couriers, routes
from terminal_shop.admin_pages import AdminPage
from terminal_shop.components.admin import admin_layout, when_allowed
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT, badge, term_options
from terminal_shop.services.servicing.terms import PICKUP_WINDOWS, CaseStep, Problem
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state.admin.service import ServiceState as S


def _field(label: str, control: rx.Component) -> rx.Component:
    return rx.el.label(
        rx.el.span(label, class_name="text-xs text-slate-600"), control, class_name="flex flex-col gap-1"
    )


def _parcel_fields(label: str) -> list[rx.Component]:
    return [
        _field(f"Kurir {label}", rx.el.select(*[rx.el.option(c.name, value=c.code) for c in couriers.COURIERS],
                                              name="kurir", class_name=INPUT + " min-h-[44px]")),
        _field(f"Resi {label}", rx.el.input(name="resi", class_name=INPUT + " min-h-[44px]", auto_complete="off")),
    ]  # fmt: skip


def _form(c: Any, handler, *fields: rx.Component, button: str) -> rx.Component:
    return rx.el.form(
        rx.el.input(type="hidden", name="case", value=c.id), *fields,
        rx.el.button(button, type="submit", class_name=BTN_PRIMARY + " min-h-[44px]"),
        on_submit=handler, reset_on_submit=True, class_name="mt-2 grid gap-2 sm:grid-cols-3 sm:items-end",
    )  # fmt: skip


def _sent(c: Any) -> rx.Component:
    """On the road (marked delivered from the courier's tracking, or by the merchant), then
    activated with the old TID, then the old unit's pickup booked and recorded (issue 63.8)."""
    return rx.cond(
        c.awaiting_delivery,
        rx.el.div(rx.el.p("Belum diterima merchant: aktifkan setelah unit pengganti sampai.", class_name="text-sm text-amber-900"),
                  rx.el.button("Tandai pengganti diterima", type="button", on_click=S.delivered(c.id),
                               class_name=BTN_OUTLINE + " mt-1 min-h-[44px]"), class_name="mt-2"),
        rx.fragment(
            rx.cond(c.replacement_active,
                    rx.el.p("Pengganti aktif dengan TID ", c.tid, class_name="mt-2 text-sm font-medium text-emerald-800",
                            data_testid="replacement-active"),
                    when_allowed(Permission.DEVICES_ACTIVATE, rx.el.button("Aktifkan pengganti dengan TID ", c.tid, type="button",
                                                                           on_click=S.activate_replacement(c.id),
                                                                           class_name=BTN_OUTLINE + " mt-2 min-h-[44px]"))),
            rx.cond(c.pickup != "", rx.el.p("Penjemputan: ", c.pickup, class_name="mt-2 text-sm", data_testid="pickup"),
                    _form(c, S.schedule_pickup,
                          _field("Tanggal penjemputan", rx.el.input(type="date", name="tanggal", class_name=INPUT + " min-h-[44px]")),
                          _field("Jam penjemputan", rx.el.select(*[rx.el.option(w + " WIB", value=w) for w in PICKUP_WINDOWS],
                                                                  name="jam", class_name=INPUT + " min-h-[44px]")),
                          button="Kirim jadwal ke merchant")),
            _form(c, S.picked_up, *_parcel_fields("penjemputan"), button="Catat penjemputan"),
        ),
    )  # fmt: skip


def _next_step(c: Any) -> rx.Component:
    return rx.match(
        c.step.label,
        (CaseStep.OPEN.label, _form(c, S.check, _field("Catatan pemeriksaan", rx.el.input(name="catatan", class_name=INPUT + " min-h-[44px]")),
                                    rx.el.label(rx.el.input(type="checkbox", name="selesai", class_name="h-5 w-5"), "Selesai jarak jauh",
                                                class_name="flex min-h-[44px] items-center gap-2 text-sm"), button="Simpan pemeriksaan")),
        (CaseStep.CHECKED.label, rx.cond(c.waits_payment, rx.el.p(
            "Menunggu pembayaran tagihan: kirim pengganti setelah tagihannya Lunas (dikonfirmasi di Pesanan).",
            class_name="mt-2 text-sm font-medium text-amber-900", data_testid="waits-payment"), _form(c, S.ship, _field("SN pengganti (pindai)", rx.el.input(name="sn", class_name=INPUT + " min-h-[44px]",
                                                                                              auto_complete="off", custom_attrs={"data-enter-next": ""})),
                                       *_parcel_fields("pengiriman"), button="Kirim pengganti"))),
        (CaseStep.SENT.label, _sent(c)),
        (CaseStep.PICKED_UP.label, rx.el.button("Unit lama diterima gudang", type="button", on_click=S.received(c.id),
                                                class_name=BTN_PRIMARY + " mt-2 min-h-[44px]")),
        (CaseStep.RECEIVED.label, rx.el.div(
            rx.el.button("Diperbaiki: kembali ke stok", type="button", on_click=S.finish(c.id, True), class_name=BTN_PRIMARY + " min-h-[44px]"),
            rx.el.button("Rusak", type="button", on_click=S.finish(c.id, False), class_name=BTN_OUTLINE + " min-h-[44px]"),
            class_name="mt-2 flex flex-wrap gap-2")),
        rx.fragment(),
    )  # fmt: skip


def _case(c: Any) -> rx.Component:
    return rx.el.li(
        rx.el.div(rx.el.strong(c.number, " · ", c.merchant), badge(c.step), class_name="flex flex-wrap items-center justify-between gap-2"),
        rx.el.p(c.device, " · TID ", c.tid, class_name="text-sm"),
        rx.el.p(c.problem, class_name="text-sm text-slate-700"),
        rx.el.p(c.warranty, " · ", c.promise, class_name="text-xs text-slate-600"),
        rx.el.p(c.next, class_name="text-sm text-blue-900"),
        rx.cond(c.fee != "", rx.el.p(c.fee, " · ", badge(c.bill), class_name="mt-1 flex flex-wrap items-center gap-1 text-sm font-medium",
                                     data_testid="admin-service-fee")),
        rx.el.div(rx.foreach(c.media, lambda m, i: rx.el.a("Lampiran ", i + 1, href=m, target="_blank", rel="noopener",
                                                         class_name="mr-3 text-sm text-blue-700 underline")), class_name="mt-1"),
        _next_step(c),
        class_name="scroll-mt-24 py-4",
        data_testid="admin-service-case",
        id=c.number,  # the fleet's rows link here (routes.service_case_admin)
    )  # fmt: skip


def _open_form() -> rx.Component:
    return rx.el.form(
        _field("SN perangkat merchant", rx.el.input(name="sn", class_name=INPUT + " min-h-[44px]", auto_complete="off")),
        _field("Masalah", rx.el.select(*term_options(Problem), name="masalah", class_name=INPUT + " min-h-[44px]")),
        _field("Keterangan", rx.el.input(name="keterangan", class_name=INPUT + " min-h-[44px]")),
        rx.el.button("Buka laporan", type="submit", class_name=BTN_OUTLINE + " min-h-[44px]"),
        on_submit=S.open_case, reset_on_submit=True, class_name="mt-2 grid gap-2 sm:grid-cols-4 sm:items-end",
    )  # fmt: skip


def service_page() -> rx.Component:
    return admin_layout(
        rx.el.h1("Servis perangkat", class_name="text-2xl font-bold"),
        rx.el.p("Ganti dulu, jemput kemudian: unit pengganti dikirim, diaktifkan dengan TID lama, unit lama dijemput dan diperiksa.",
                class_name="mt-1 text-sm text-slate-600"),
        rx.el.section(
            rx.el.h2("Laporan terbuka", class_name="text-lg font-bold"),
            rx.cond(S.cases, rx.el.ul(rx.foreach(S.cases, _case), class_name="mt-2 divide-y divide-slate-100"),
                    rx.el.p("Tidak ada laporan terbuka.", class_name="mt-1 text-sm text-slate-600")),
            class_name=f"{CARD} mt-6 p-5",
        ),
        rx.el.section(rx.el.h2("Buka laporan untuk merchant (lewat telepon)", class_name="text-lg font-bold"), _open_form(),
                      class_name=f"{CARD} mt-6 p-5"),
    )  # fmt: skip


PAGE = AdminPage(routes.ADMIN_SERVICE, "Admin: Servis", service_page, S, menu="Servis")
