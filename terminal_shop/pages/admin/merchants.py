"""The admin's list of merchant registrations."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.admin_pages import AdminPage, Export
from terminal_shop.components.admin import ICON_LINK, TD, admin_layout
from terminal_shop.components.admin_lists import cell, filter_select, pager, stat_cards, table, toolbar
from terminal_shop.components.ui import badge, icon, nav_link
from terminal_shop.services.lists.terms import SortField
from terminal_shop.services.registrations import merchant_list
from terminal_shop.services.registrations.terms import RegistrationStatus
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state.admin import MerchantListState as L


def _row(r) -> rx.Component:
    href = routes.with_id(routes.ADMIN_MERCHANT, "") + r.id
    return rx.el.tr(
        cell("Tanggal", r.date),
        cell("Nama Usaha", r.nama_usaha, class_name="font-medium"),
        cell("Nama Pemilik", r.nama_lengkap),
        cell("HP", r.nomor_hp),
        cell("Email", r.email),
        cell("Kabupaten", r.kabupaten_kota),
        cell("Status", badge(r.badge)),
        rx.el.td(
            rx.el.div(
                nav_link(icon("eye", "h-4 w-4"), href=href, aria_label="Lihat", class_name=ICON_LINK),
                nav_link(icon("pencil", "h-4 w-4"), href=href + "?edit=true", aria_label="Ubah", class_name=ICON_LINK),
                class_name="flex gap-1",
            ),
            on_click=rx.stop_propagation,
            class_name=TD,
        ),
        on_click=rx.redirect(href),
        class_name="cursor-pointer hover:bg-slate-50",
        data_testid="merchant-row",
    )


def merchants_page() -> rx.Component:
    return admin_layout(
        rx.el.h1("Pendaftaran Merchant", class_name="mb-6 text-2xl font-bold"),
        stat_cards(
            [
                ("Total Pendaftaran", L.stats.get("total", 0), "text-slate-900"),
                ("Pending", L.stats.get(RegistrationStatus.PENDING, 0), "text-amber-600"),
                ("Approved", L.stats.get(RegistrationStatus.APPROVED, 0), "text-emerald-600"),
                ("Rejected", L.stats.get(RegistrationStatus.REJECTED, 0), "text-red-600"),
            ]
        ),
        toolbar(
            L,
            "Cari nama usaha, pemilik, email, HP",
            filter_select("status", L.status, L.set_status, RegistrationStatus.labels()),
        ),
        table(
            L,
            [
                ("Tanggal", SortField.DATE),
                ("Nama Usaha", SortField.NAME),
                "Nama Pemilik",
                "HP",
                "Email",
                "Kabupaten",
                ("Status", SortField.STATUS),
                "Aksi",
            ],
            _row,
            cards=True,
        ),
        pager(L),
    )


PAGE = AdminPage(routes.ADMIN_MERCHANTS, "Admin: Pendaftaran", merchants_page, L, menu="Dashboard",
                 export=Export("merchants", merchant_list, Permission.MERCHANTS_EXPORT))  # fmt: skip
