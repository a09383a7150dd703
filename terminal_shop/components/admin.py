"""The back office's frame and the widgets both admin areas share."""

from __future__ import annotations

import reflex as rx

from terminal_shop import admin_pages, routes
from terminal_shop.components.layout import skip_link
from terminal_shop.components.ui import CARD, badge, icon, native_form, nav_link
from terminal_shop.infra.settings import get_settings
from terminal_shop.reflex_compat import toasts_end_with_their_page
from terminal_shop.services.team.permissions import Permission
from terminal_shop.state.admin import AdminState

BTN_DANGER = (
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-red-600 px-4 py-2.5 text-sm font-semibold "
    "text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-50"
)
BTN_SMALL = (
    "inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium sm:min-h-0 "
    "text-slate-700 hover:bg-slate-50"
)
ICON_LINK = "inline-flex h-11 w-11 items-center justify-center rounded text-slate-600 hover:bg-slate-100 md:h-8 md:w-8"
TH = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-500"
TD = "px-3 py-2.5 text-sm text-slate-800"


def when_allowed(needed: Permission, component: rx.Component, otherwise: rx.Component | None = None) -> rx.Component:
    """`component` for a role granted `needed`; the server checks again on every action."""
    return rx.cond(AdminState.permissions.contains(needed.value), component, otherwise or rx.fragment())


def _account_links(link: str) -> list[rx.Component]:
    return [
        nav_link("Sesi aktif", href=routes.ADMIN_SESSIONS, class_name=link),
        nav_link("2FA", href=routes.ADMIN_2FA_SETUP, class_name=link),
        nav_link("Ganti password", href=routes.ADMIN_PASSWORD, class_name=link),
        native_form(  # a plain POST: the server revokes the session and drops its cookie
            rx.el.button(
                icon("log-out", "h-4 w-4"), "Logout", type="submit",
                class_name="inline-flex min-h-11 w-full shrink-0 items-center gap-1.5 rounded-md bg-white/10 px-3 text-sm font-medium text-white hover:bg-white/20 md:min-h-9 md:w-auto",
            ),
            action=routes.API_ADMIN_LOGOUT,
            method="post",
        ),
    ]  # fmt: skip


def _areas(link: str) -> list[rx.Component]:
    """The header's areas (admin_pages.py: each page's menu word), each shown to the roles its
    on-load handler lets in."""
    return [_allowed(p.needs, nav_link(p.menu, href=p.route, class_name=link)) for p in admin_pages.menu()]


def _allowed(needed: Permission | None, component: rx.Component) -> rx.Component:
    return when_allowed(needed, component) if needed else component


def _phone_menu() -> rx.Component:
    """Below `md` the header is one 56-px row: the brand and "Menu", which opens the areas and
    the account's links (issue 50.8: the header took a third of a phone's first screen)."""
    link = "flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-slate-100 hover:bg-white/10"
    return rx.el.details(
        rx.el.summary(icon("menu", "h-5 w-5"), "Menu",
                      class_name="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md px-3 text-sm font-medium text-white hover:bg-white/10"),
        rx.el.div(
            rx.el.nav(*_areas(link), aria_label="Menu admin", class_name="flex flex-col"),
            rx.el.p(AdminState.admin_email, class_name="mt-2 border-t border-white/10 px-3 pt-2 text-xs text-slate-400"),
            rx.el.div(*_account_links(link), class_name="flex flex-col"),
            class_name="absolute right-0 top-12 z-50 w-64 rounded-xl bg-slate-900 p-2 shadow-xl ring-1 ring-white/10",
        ),
        class_name="relative md:hidden",
        data_admin_menu="",
    )  # fmt: skip


def admin_layout(*children) -> rx.Component:
    brand = get_settings().brand_name
    link = (
        "inline-flex min-h-9 shrink-0 items-center rounded-md px-3 text-sm font-medium text-slate-200 hover:bg-white/10"
    )
    return rx.el.div(
        skip_link(),
        rx.el.header(
            rx.el.div(
                rx.el.span(f"{brand} Admin", class_name="font-bold text-white"),
                rx.el.nav(*_areas(link), aria_label="Menu admin", class_name="hidden flex-1 flex-wrap gap-1 md:flex"),
                rx.el.div(
                    rx.el.span(AdminState.admin_email, class_name="hidden text-sm text-slate-300 lg:inline", data_testid="admin-email"),
                    *_account_links(link),
                    class_name="hidden items-center gap-x-3 md:flex",
                ),
                _phone_menu(),
                class_name="mx-auto flex min-h-14 max-w-7xl items-center justify-between gap-3 px-4 py-2",
            ),
            class_name="bg-slate-900",
        ),
        rx.cond(
            AdminState.admin_email != "",
            rx.el.main(*children, id="main", tab_index=-1, class_name="mx-auto max-w-7xl px-4 py-6 outline-none md:py-8"),
            rx.el.p("Memeriksa sesi...", class_name="py-24 text-center text-slate-500"),
        ),
        toasts_end_with_their_page(),
        class_name="min-h-screen bg-slate-50 text-slate-900",
    )  # fmt: skip


def scroll_table(headers: tuple[str, ...], rows, row, label: str, table_class: str = "min-w-full") -> rx.Component:
    """A table that scrolls sideways on a phone: `row` lays out each item of the list var
    `rows`; the box is reachable by keyboard to scroll it and named `label`."""
    return rx.el.div(
        rx.el.table(
            rx.el.thead(rx.el.tr(*[rx.el.th(h, scope="col", class_name=TH) for h in headers])),
            rx.el.tbody(rx.foreach(rows, row)),
            class_name=table_class,
        ),
        class_name="overflow-x-auto",
        tab_index=0,
        aria_label=label,
    )


def when_loaded(view, *children) -> rx.Component:
    """A detail page's content once its view has arrived."""
    return rx.cond(
        view, rx.fragment(*children), rx.el.p("Memuat data...", class_name="py-24 text-center text-slate-500")
    )


def detail_item(label: str, value) -> rx.Component:
    return rx.el.div(
        rx.el.dt(label, class_name="text-xs text-slate-500"),
        rx.el.dd(value, class_name="text-sm font-medium break-words"),
    )


def _entries(title: str, rows, empty: str, line, testid: str, **list_props) -> rx.Component:
    """A record's page section listing entries newest first, or saying there are none."""
    return rx.el.section(
        rx.el.h2(title, class_name="text-lg font-bold"),
        rx.cond(
            rows.length() == 0,
            rx.el.p(empty, class_name="mt-2 text-sm text-slate-500"),
            rx.el.ul(
                rx.foreach(rows, lambda r: rx.el.li(*line(r), class_name="py-1.5 text-sm")),
                data_testid=testid,
                **list_props,
            ),
        ),
        class_name=f"{CARD} p-5",
    )


def history(rows) -> rx.Component:
    def line(h):
        detail = rx.cond(h.detail != "", rx.el.span(" · ", h.detail))
        return rx.el.span(h.at, class_name="text-slate-500"), " · ", h.who, " · ", h.change, detail

    return _entries(
        "Riwayat", rows, "Belum ada perubahan oleh admin.", line, "history", class_name="mt-2 divide-y divide-slate-100"
    )


def access_list(rows) -> rx.Component:
    """Who looked at this record's personal files (services/audit/access_log.py)."""

    def line(a):
        return a.action, " oleh ", a.who, " pada ", a.at, rx.el.span(" · ", a.item, class_name="text-slate-500")

    scrolls = {"tab_index": 0, "aria_label": "Akses data pribadi"}  # a box that scrolls: reachable by keyboard
    return _entries(
        "Akses data pribadi", rows, "Belum pernah dibuka.", line, "access-log",
        class_name="mt-2 max-h-64 divide-y divide-slate-100 overflow-y-auto", **scrolls,
    )  # fmt: skip


def mail_list(mails, resend) -> rx.Component:
    """The e-mails sent about this record, with their delivery and a way to send one again."""
    return rx.el.section(
        rx.el.h2("Email", class_name="text-lg font-bold"),
        rx.cond(
            mails.length() == 0,
            rx.el.p("Belum ada email.", class_name="mt-2 text-sm text-slate-500"),
            rx.el.ul(
                rx.foreach(
                    mails,
                    lambda m: rx.el.li(
                        rx.el.div(
                            rx.el.p(m.subject, class_name="text-sm font-medium"),
                            rx.el.p(m.at, " · ", m.recipient, class_name="text-xs text-slate-500"),
                            rx.cond(m.error != "", rx.el.p(m.error, class_name="text-xs text-red-700")),
                            class_name="min-w-0 flex-1 break-words",
                        ),
                        badge(m.badge),
                        rx.el.button("Kirim ulang", type="button", on_click=resend(m.id), class_name=BTN_SMALL),
                        class_name="flex flex-wrap items-center gap-2 py-2",
                    ),
                ),
                class_name="mt-2 divide-y divide-slate-100",
                data_testid="mails",
            ),
        ),
        class_name=f"{CARD} p-5",
    )
