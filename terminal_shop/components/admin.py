"""The back office's frame and the widgets both admin areas share."""

from __future__ import annotations

import reflex as rx

from terminal_shop import routes
from terminal_shop.components.layout import skip_link
from terminal_shop.components.ui import CARD, INPUT, icon, native_form, nav_link
from terminal_shop.infra.settings import get_settings
from terminal_shop.state.admin import AdminState
from terminal_shop.vocabulary import Period, SortField

BTN_DANGER = (
    "inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-4 py-2.5 text-sm font-semibold "
    "text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-50"
)
BTN_SMALL = (
    "inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium "
    "text-slate-700 hover:bg-slate-50"
)
ICON_LINK = "rounded p-1.5 text-slate-600 hover:bg-slate-100"
TH = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-500"
TD = "px-3 py-2.5 text-sm text-slate-800"
# Badge tones of vocabulary.py, as whole class names so Tailwind keeps them.
TONES = {
    "amber": "bg-amber-100 text-amber-800",
    "blue": "bg-blue-100 text-blue-800",
    "emerald": "bg-emerald-100 text-emerald-800",
    "red": "bg-red-100 text-red-800",
}
_BADGE = "rounded-full px-2.5 py-0.5 text-xs font-semibold "


def badge(b) -> rx.Component:
    return rx.el.span(
        b.label,
        class_name=rx.match(
            b.tone, *[(t, _BADGE + c) for t, c in TONES.items()], _BADGE + "bg-slate-100 text-slate-700"
        ),
    )


def admin_layout(*children) -> rx.Component:
    brand = get_settings().brand_name
    link = "rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-white/10"
    return rx.el.div(
        skip_link(),
        rx.el.header(
            rx.el.div(
                rx.el.div(
                    rx.el.span(f"{brand} Admin", class_name="font-bold text-white"),
                    rx.el.nav(
                        nav_link("Dashboard", href=routes.ADMIN_MERCHANTS, class_name=link),
                        nav_link("Orders", href=routes.ADMIN_ORDERS, class_name=link),
                        nav_link("Ringkasan", href=routes.ADMIN_OVERVIEW, class_name=link),
                        class_name="-mx-3 flex flex-wrap gap-1 sm:mx-0",
                    ),
                    class_name="flex flex-wrap items-center gap-x-6 gap-y-1",
                ),
                rx.el.div(
                    rx.el.span(
                        AdminState.admin_email,
                        class_name="hidden text-sm text-slate-300 sm:inline",
                        data_testid="admin-email",
                    ),
                    native_form(  # a plain POST: the server revokes the session and drops its cookie
                        rx.el.button(
                            icon("log-out", "h-4 w-4"),
                            "Logout",
                            type="submit",
                            class_name="inline-flex items-center gap-1.5 rounded-md bg-white/10 px-3 py-2 text-sm font-medium text-white hover:bg-white/20",
                        ),
                        action=routes.API_ADMIN_LOGOUT,
                        method="post",
                    ),
                    class_name="flex items-center gap-3",
                ),
                class_name="mx-auto flex min-h-14 max-w-7xl items-center justify-between gap-3 px-4 py-2",
            ),
            class_name="bg-slate-900",
        ),
        rx.cond(
            AdminState.admin_email != "",
            rx.el.main(*children, id="main", tab_index=-1, class_name="mx-auto max-w-7xl px-4 py-8 outline-none"),
            rx.el.p("Memeriksa sesi...", class_name="py-24 text-center text-slate-500"),
        ),
        class_name="min-h-screen bg-slate-50 text-slate-900",
    )


def when_loaded(view, *children) -> rx.Component:
    """A detail page's content once its view has arrived."""
    return rx.cond(
        view, rx.fragment(*children), rx.el.p("Memuat data...", class_name="py-24 text-center text-slate-500")
    )


def stat_cards(cards: list[tuple[str, rx.Var, str]]) -> rx.Component:
    """(label, count, text colour) per card."""
    return rx.el.div(
        *[
            rx.el.div(
                rx.el.p(label, class_name="text-sm text-slate-500"),
                rx.el.p(value, class_name=f"mt-1 text-3xl font-bold {color}", data_testid=f"stat-{label}"),
                class_name=f"{CARD} p-5",
            )
            for label, value, color in cards
        ],
        class_name="grid grid-cols-2 gap-4 lg:grid-cols-4",
    )


def filter_select(label: str, value, on_change, options: dict[str, str], all_text: str = "") -> rx.Component:
    return rx.el.select(
        rx.el.option(all_text or f"Semua {label}", value=""),
        *[rx.el.option(text, value=key) for key, text in options.items()],
        value=value,
        on_change=on_change,
        aria_label=label,
        class_name="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm",
    )


def date_range(state) -> rx.Component:
    """The custom range's two WIB days, applied together."""

    def day(name: str, label: str, value) -> rx.Component:
        return rx.el.label(
            label,
            rx.el.input(
                type="date", name=name, default_value=value, key=value, class_name=INPUT + " mt-0 w-auto py-1.5"
            ),
            class_name="flex items-center gap-2 text-sm text-slate-600",
        )

    return rx.el.form(
        day("dari", "Dari", state.start),
        day("sampai", "Sampai", state.end),
        rx.el.button("Terapkan", type="submit", class_name=BTN_SMALL),
        on_submit=state.apply_dates,
        class_name="flex flex-wrap items-center gap-2",
        data_testid="date-range",
    )


def toolbar(state, placeholder: str, *filters) -> rx.Component:
    search = rx.el.form(
        rx.el.input(
            name="q",
            type="search",
            # Not bound to the state while typing: a list that finishes loading must not
            # wipe what the admin is typing. It takes the URL's search when that changes.
            default_value=state.search,
            key=state.search,
            placeholder=placeholder,
            aria_label="Cari",
            class_name=INPUT + " mt-0 min-w-0 flex-1 sm:min-w-[16rem]",
        ),
        rx.el.button(icon("search", "h-4 w-4"), "Cari", type="submit", class_name=BTN_SMALL),
        on_submit=state.run_search,
        class_name="flex w-full items-center gap-2 sm:w-auto",
    )
    return rx.el.div(
        rx.el.div(
            search,
            *filters,
            filter_select("periode", state.period, state.set_period, Period.labels(), all_text="Semua tanggal"),
            rx.el.button(
                icon("refresh-cw", "h-4 w-4"), "Refresh", type="button", on_click=state.refresh, class_name=BTN_SMALL
            ),
            rx.el.button(
                icon("download", "h-4 w-4"), "Export CSV", type="button", on_click=state.export, class_name=BTN_SMALL
            ),
            class_name="flex flex-wrap items-center gap-3",
        ),
        rx.cond(state.period == Period.CUSTOM, date_range(state)),
        class_name="mt-6 flex flex-col gap-3",
    )


def pager(state) -> rx.Component:
    return rx.el.div(
        rx.el.p(
            "Halaman ",
            state.page,
            " dari ",
            state.pages_text,
            " (",
            state.total_text,
            " total)",
            class_name="text-sm text-slate-600",
            data_testid="pager",
        ),
        rx.cond(
            (state.page > 1) | state.has_next,
            rx.el.div(
                rx.el.button(
                    "Previous",
                    type="button",
                    disabled=state.page <= 1,
                    on_click=state.go_page(state.page - 1),
                    class_name=BTN_SMALL + " disabled:opacity-50",
                ),
                rx.el.button(
                    "Next",
                    type="button",
                    disabled=~state.has_next,
                    on_click=state.go_page(state.page + 1),
                    class_name=BTN_SMALL + " disabled:opacity-50",
                ),
                class_name="flex gap-2",
            ),
        ),
        class_name="mt-4 flex flex-wrap items-center justify-between gap-2",
    )


def _header(state, column: str | tuple[str, SortField]) -> rx.Component:
    """A column header; a sortable one is a button and says how the list is sorted (aria-sort)."""
    if isinstance(column, str):
        return rx.el.th(column, scope="col", class_name=TH)
    label, field = column
    on = state.sort == field.value
    return rx.el.th(
        rx.el.button(
            label,
            rx.cond(
                on,
                rx.cond(state.descending, icon("arrow-down", "h-3.5 w-3.5"), icon("arrow-up", "h-3.5 w-3.5")),
                icon("arrow-up-down", "h-3.5 w-3.5 opacity-40"),
            ),
            type="button",
            on_click=state.sort_by(field.value),
            class_name="inline-flex items-center gap-1 uppercase tracking-wide hover:text-slate-900",
            data_testid=f"sort-{field.value}",
        ),
        scope="col",
        aria_sort=rx.cond(on, rx.cond(state.descending, "descending", "ascending"), "none"),
        class_name=TH,
    )


def _empty(state) -> rx.Component:
    """No rows: which filters are on, and a way to clear them."""
    return rx.el.div(
        rx.el.p("Tidak ada data", class_name="font-medium text-slate-700"),
        rx.cond(
            state.filters_on.length() > 0,
            rx.el.div(
                rx.el.p("Filter aktif: ", state.filters_on.join(" · "), class_name="mt-1 text-sm text-slate-500"),
                rx.el.button(
                    icon("x", "h-4 w-4"),
                    "Hapus semua filter",
                    type="button",
                    on_click=state.clear_filters,
                    class_name=BTN_SMALL + " mt-3",
                ),
            ),
        ),
        class_name="py-10 text-center text-sm",
        data_testid="empty",
    )


def table(state, headers: list[str | tuple[str, SortField]], row) -> rx.Component:
    """The list's rows in their own scrolling box; busy (and dimmed) while a query loads."""
    loading = ~rx.State.is_hydrated
    return rx.el.div(
        rx.el.table(
            rx.el.thead(rx.el.tr(*[_header(state, h) for h in headers]), class_name="bg-slate-50"),
            rx.el.tbody(rx.foreach(state.rows, row), class_name="divide-y divide-slate-100"),
            class_name=rx.cond(loading, "min-w-full opacity-50 transition-opacity", "min-w-full"),
        ),
        rx.cond(
            loading,
            rx.el.p(
                icon("loader-circle", "h-4 w-4 animate-spin"),
                "Memuat data...",
                role="status",
                class_name="flex items-center justify-center gap-2 py-4 text-sm text-slate-500",
            ),
            rx.cond(state.rows.length() == 0, _empty(state)),
        ),
        aria_busy=rx.cond(loading, "true", "false"),
        tab_index=0,  # a box that scrolls on its own: reachable by keyboard to scroll it
        role="region",
        aria_label="Daftar",
        class_name=f"{CARD} mt-4 overflow-x-auto",
        data_testid="list",
    )


def detail_item(label: str, value) -> rx.Component:
    return rx.el.div(
        rx.el.dt(label, class_name="text-xs text-slate-500"),
        rx.el.dd(value, class_name="text-sm font-medium break-words"),
    )


def history(rows) -> rx.Component:
    return rx.el.section(
        rx.el.h2("Riwayat", class_name="text-lg font-bold"),
        rx.cond(
            rows.length() == 0,
            rx.el.p("Belum ada perubahan oleh admin.", class_name="mt-2 text-sm text-slate-500"),
            rx.el.ul(
                rx.foreach(
                    rows,
                    lambda h: rx.el.li(
                        rx.el.span(h.at, class_name="text-slate-500"),
                        " · ",
                        h.who,
                        " · ",
                        h.change,
                        rx.cond(h.detail != "", rx.el.span(" · ", h.detail)),
                        class_name="py-1.5 text-sm",
                    ),
                ),
                class_name="mt-2 divide-y divide-slate-100",
                data_testid="history",
            ),
        ),
        class_name=f"{CARD} p-5",
    )


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
