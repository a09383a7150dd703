"""/akun/tim, the owner's "Outlet", "Tim" and "Aktivitas" (issue 49; state/account_team.py)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop import routes
from terminal_shop.account_pages import AccountPage
from terminal_shop.components.ui import BTN_OUTLINE, BTN_PRIMARY, CARD, INPUT
from terminal_shop.pages.account_frame import account_page
from terminal_shop.services.merchant_team.terms import ABILITIES, STAFF_ROLES
from terminal_shop.state.account_team import TeamState as A

ROLE_TEXTS = {r: ", ".join(a.label.lower() for a in ABILITIES[r]) for r in STAFF_ROLES}  # what the invite form explains


def _field(label: str, name: str) -> rx.Component:
    return rx.el.label(rx.el.span(label, class_name="text-sm text-slate-700"),
                       rx.el.input(name=name, class_name=INPUT + " min-h-[44px]"), class_name="flex flex-col gap-1")  # fmt: skip


def _hour(label: str, name: str, value: Any, hours: range) -> rx.Component:
    return rx.el.label(rx.el.span(label, class_name="text-xs text-slate-600"),
                       rx.el.select(*[rx.el.option(f"{h:02d}.00", value=str(h)) for h in hours], name=name,
                                    default_value=value.to(str), class_name=INPUT + " min-h-[44px]"),
                       class_name="flex flex-col gap-1")  # fmt: skip


def _hours_form(o: Any) -> rx.Component:
    """When the shop is open: a silent device is told of only then (issue 63.6)."""
    return rx.el.form(
        rx.el.input(type="hidden", name="outlet", value=o.id),
        _hour("Jam buka", "buka", o.opens, range(24)), _hour("Jam tutup", "tutup", o.closes, range(1, 25)),
        rx.el.button("Simpan jam", type="submit", class_name=BTN_OUTLINE + " min-h-[44px]"),
        on_submit=A.set_outlet_hours, key=o.id + o.hours, class_name="mt-2 flex flex-wrap items-end gap-2",
    )  # fmt: skip


def _outlet(o: Any) -> rx.Component:
    return rx.el.li(
        rx.el.p(o.name, class_name="font-semibold"),
        rx.el.p(o.address, class_name="text-sm text-slate-600"),
        rx.el.p(
            "Buka ",
            o.hours,
            ": perangkat yang tidak terhubung kami kabarkan pada jam ini.",
            class_name="text-sm text-slate-600",
            data_testid="outlet-hours",
        ),
        rx.el.ul(rx.foreach(o.devices, lambda d: rx.el.li(d, class_name="text-sm")), class_name="mt-1"),
        _hours_form(o),
        class_name="py-3",
        data_testid="outlet",
    )


def _placement(p: Any) -> rx.Component:
    return rx.el.label(
        rx.el.span(p.device, class_name="text-sm"),
        rx.el.select(rx.foreach(A.outlets, lambda o: rx.el.option(o.name, value=o.id)), value=p.outlet_id,
                     on_change=lambda v: A.move_device(p.device_id, v), class_name=INPUT + " min-h-[44px]"),
        class_name="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between",
        data_testid="placement",
    )  # fmt: skip


def outlets_section() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Outlet", class_name="text-lg font-bold"),
        rx.el.p("Outlet pertama adalah alamat usaha di pendaftaran Anda. Pilih di outlet mana tiap perangkat berada.",
                class_name="mt-1 text-sm text-slate-600"),
        rx.el.ul(rx.foreach(A.outlets, _outlet), class_name="mt-2 divide-y divide-slate-100"),
        rx.cond(A.placements, rx.el.div(rx.el.h3("Perangkat per outlet", class_name="font-semibold"),
                                        rx.foreach(A.placements, _placement), class_name="mt-3 grid gap-2")),
        rx.el.form(
            rx.el.h3("Tambah outlet", class_name="font-semibold"),
            rx.el.label(rx.el.span("Usaha", class_name="text-sm text-slate-700"),
                        rx.el.select(rx.foreach(A.businesses, lambda b: rx.el.option(b[1], value=b[0])), name="usaha",
                                     class_name=INPUT + " min-h-[44px]"), class_name="flex flex-col gap-1"),
            _field("Nama outlet", "nama"), _field("Alamat", "alamat"), _field("Kecamatan", "kecamatan"), _field("Kota/kabupaten", "kota"),
            rx.el.button("Tambah outlet", type="submit", class_name=BTN_PRIMARY + " min-h-[44px]"),
            on_submit=A.add_outlet, reset_on_submit=True, class_name="mt-4 grid gap-2 border-t border-slate-100 pt-3",
        ),
        id="outlet",
        class_name=f"{CARD} scroll-mt-32 p-5",
    )  # fmt: skip


def activity_section() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Aktivitas akun", class_name="text-lg font-bold"),
        rx.el.ul(rx.foreach(A.activity, lambda a: rx.el.li(rx.el.span(a.at, class_name="text-slate-500"), " · ", a.who, " · ", a.what,
                                                           data_testid="activity")),
                 class_name="mt-2 grid gap-1 text-sm"),
        id="aktivitas",
        class_name=f"{CARD} scroll-mt-32 p-5",
    )  # fmt: skip


def _outlet_boxes(prefix: str, checked: Any = None) -> rx.Component:
    return rx.el.fieldset(
        rx.el.legend("Outlet", class_name="text-sm text-slate-700"),
        rx.foreach(A.outlets, lambda o: rx.el.label(
            rx.el.input(type="checkbox", name="outlet-" + o.id, value=o.id, default_checked=checked.contains(o.id) if checked is not None else False,
                        class_name="h-5 w-5"),
            rx.el.span(o.name), class_name="flex min-h-[44px] items-center gap-2 text-sm",
            id=prefix + o.id)),
        class_name="grid gap-1",
    )  # fmt: skip


def _role_select(chosen: Any = "") -> rx.Component:
    """The roles by name; what each may do said under the select (issue 63.8: in the options it was cut off on a phone)."""
    return rx.el.div(
        rx.el.label(rx.el.span("Peran", class_name="text-sm text-slate-700"),
                    rx.el.select(rx.el.option("Pilih peran", value=""), *[rx.el.option(r.label, value=r.value) for r in STAFF_ROLES],
                                 name="peran", default_value=chosen, class_name=INPUT + " min-h-[44px] w-full"),
                    class_name="flex flex-col gap-1"),
        rx.el.ul(*[rx.el.li(rx.el.strong(r.label), ": ", ROLE_TEXTS[r]) for r in STAFF_ROLES], class_name="text-xs text-slate-600"),
        class_name="grid gap-1",
    )  # fmt: skip


def _member(m: Any) -> rx.Component:
    return rx.el.li(
        rx.el.p(rx.el.strong(m.email), " · ", m.role_label, class_name="text-sm"),
        rx.el.p("Outlet: ", m.outlets, class_name="text-sm text-slate-600"),
        rx.el.p(m.status, class_name="text-sm text-slate-500"),
        rx.el.details(
            rx.el.summary("Ubah peran atau outlet", class_name="min-h-[44px] cursor-pointer py-2 text-sm text-blue-700"),
            rx.el.form(_role_select(m.role), _outlet_boxes("ubah-" + m.id + "-", m.outlet_ids),
                       rx.el.button("Simpan", type="submit", class_name=BTN_PRIMARY + " min-h-[44px]"),
                       on_submit=lambda form: A.change_member(m.id, form), class_name="grid gap-2"),
        ),
        rx.el.details(  # asked first (issue 63.4): one stray tap signed a cashier out mid-shift
            rx.el.summary(rx.cond(m.joined, "Keluarkan dari tim", "Tarik undangan"),
                          class_name=BTN_OUTLINE + " mt-2 inline-flex min-h-[44px] cursor-pointer items-center"),
            rx.el.p(rx.cond(m.joined, "Keluarkan " + m.email + "? Akses mereka ke akun ini langsung berakhir.",
                            "Tarik undangan untuk " + m.email + "? Tautannya tidak berlaku lagi."), class_name="mt-2 text-sm"),
            rx.el.button(rx.cond(m.joined, "Ya, keluarkan", "Ya, tarik undangan"), type="button", on_click=A.remove_member(m.id),
                         class_name=BTN_PRIMARY + " mt-2 min-h-[44px]"),
        ),
        class_name="py-3",
        data_testid="member",
    )  # fmt: skip


def team_section() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Tim", class_name="text-lg font-bold"),
        rx.el.p("Undang manajer dan kasir untuk outlet tertentu. Mereka masuk dengan kode yang dikirim ke email "
                "masing-masing dan hanya melihat yang perlu untuk perannya; pencairan dan rekening hanya untuk Anda.",
                class_name="mt-1 text-sm text-slate-600"),
        rx.cond(A.team, rx.el.ul(rx.foreach(A.team, _member), class_name="mt-2 divide-y divide-slate-100"),
                rx.el.p("Belum ada anggota tim.", class_name="mt-2 text-sm text-slate-500")),
        rx.el.form(
            rx.el.h3("Undang anggota tim", class_name="font-semibold"),
            rx.el.label(rx.el.span("Usaha", class_name="text-sm text-slate-700"),
                        rx.el.select(rx.foreach(A.businesses, lambda b: rx.el.option(b[1], value=b[0])), name="usaha",
                                     class_name=INPUT + " min-h-[44px]"), class_name="flex flex-col gap-1"),
            rx.el.label(rx.el.span("Email", class_name="text-sm text-slate-700"),
                        rx.el.input(name="email", type="email", class_name=INPUT + " min-h-[44px]"), class_name="flex flex-col gap-1"),
            _role_select(),
            _outlet_boxes("undang-"),
            rx.el.button("Kirim undangan", type="submit", class_name=BTN_PRIMARY + " min-h-[44px]"),
            on_submit=A.invite_member, reset_on_submit=True, class_name="mt-4 grid gap-2 border-t border-slate-100 pt-3",
        ),
        id="tim",
        class_name=f"{CARD} scroll-mt-32 p-5",
    )  # fmt: skip


def team_page() -> rx.Component:
    return account_page(routes.ACCOUNT_TEAM, "Outlet dan tim", A.loaded, outlets_section(), team_section(),
                        rx.cond(A.activity, activity_section()))  # fmt: skip


PAGE = AccountPage(routes.ACCOUNT_TEAM, "Outlet dan tim", "Tim", team_page, A)
