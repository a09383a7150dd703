"""The admin lists' widgets: stat cards, filters, date range, search box, sortable table, pager."""

from __future__ import annotations

import reflex as rx

from terminal_shop.components.admin import BTN_SMALL, TD, TH, when_allowed
from terminal_shop.components.ui import CARD, INPUT, icon
from terminal_shop.services.lists.terms import Period, SortField

# A filter's select: a full cell of the phone's two-column grid, 44 px tall (toolbar)
FILTER = "min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm sm:min-h-0 sm:w-auto"


def stat_cards(cards: list[tuple[str, rx.Var, str]]) -> rx.Component:
    """(label, count, text colour) per card."""
    return rx.el.div(
        *[
            rx.el.div(
                rx.el.p(label, class_name="text-xs leading-tight [overflow-wrap:anywhere] text-slate-500 sm:text-sm"),
                rx.el.p(value, class_name=f"mt-1 text-xl font-bold sm:text-3xl {color}", data_testid=f"stat-{label}"),
                class_name=f"{CARD} p-3 sm:p-5",
            )
            for label, value, color in cards
        ],
        # four small figures in one row on a phone, so the list starts in the first screen
        class_name="grid grid-cols-4 gap-2 sm:gap-4",
    )


def filter_select(label: str, value, on_change, options: dict[str, str], all_text: str = "") -> rx.Component:
    return rx.el.select(
        rx.el.option(all_text or f"Semua {label}", value=""),
        *[rx.el.option(text, value=key) for key, text in options.items()],
        value=value,
        on_change=on_change,
        aria_label=label,
        class_name=FILTER,
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
            rx.el.div(
                *filters,
                filter_select("periode", state.period, state.set_period, Period.labels(), all_text="Semua tanggal"),
                class_name="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:flex-wrap sm:gap-3",
            ),
            rx.el.button(
                icon("refresh-cw", "h-4 w-4"), "Refresh", type="button", on_click=state.refresh, class_name=BTN_SMALL
            ),
            when_allowed(
                state._export_permission,
                rx.el.button(
                    icon("download", "h-4 w-4"),
                    "Export CSV",
                    type="button",
                    on_click=state.export,
                    class_name=BTN_SMALL,
                ),
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


def cell(label: str, *children, class_name: str = "") -> rx.Component:
    """A list's cell; on a phone's card its value stands beside `label` (site.css)."""
    return rx.el.td(*children, class_name=f"{TD} {class_name}".strip(), data_label=label)


def table(state, headers: list[str | tuple[str, SortField]], row, cards: bool = False) -> rx.Component:
    """The list's rows in their own scrolling box; busy (and dimmed) while a query loads.
    `cards`: on a phone each row is a card (site.css `cards-on-phone`; its cells carry
    `data-label`), so nothing scrolls sideways."""
    loading = ~rx.State.is_hydrated
    shape = "min-w-full cards-on-phone" if cards else "min-w-full"
    return rx.el.div(
        rx.el.table(
            rx.el.thead(rx.el.tr(*[_header(state, h) for h in headers]), class_name="bg-slate-50"),
            rx.el.tbody(rx.foreach(state.rows, row), class_name="divide-y divide-slate-100"),
            class_name=rx.cond(loading, shape + " opacity-50 transition-opacity", shape),
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
