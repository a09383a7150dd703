"""What every page of the merchant's account shares (issue 60.5): its heading, who is signed in
and as whom they work, the section links (one per declared page the role may open, the current
one marked), and signing out. Each page brings its own state's `loaded`."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop import account_pages, routes
from terminal_shop.components.layout import site_page
from terminal_shop.components.ui import BTN_OUTLINE, INPUT, container, native_form, nav_link
from terminal_shop.state.account import AccountState as A

LINK = "inline-flex min-h-[44px] shrink-0 items-center rounded-full px-3 text-sm font-medium"
LINK_HERE = f"{LINK} bg-blue-700 text-white"
LINK_AWAY = f"{LINK} text-slate-700 hover:bg-slate-100"


def working_for() -> rx.Component:
    """Who this browser works as (an address in several teams picks), and why an invitation's
    link did not join."""
    picker = rx.el.label(
        rx.el.span("Bekerja untuk", class_name="text-sm text-slate-700"),
        rx.el.select(rx.foreach(A.choices, lambda c: rx.el.option(c.label, value=c.value)), value=A.chosen,
                     on_change=A.work_as, class_name=INPUT + " min-h-[44px]", data_testid="work-as"),
        class_name="flex flex-col gap-1",
    )  # fmt: skip
    said = rx.el.p(
        "Bekerja sebagai ", rx.el.strong(A.working_as, data_testid="working-as"), class_name="text-slate-600"
    )
    return rx.fragment(
        rx.cond(A.invite_note, rx.el.p(A.invite_note, class_name="rounded-lg bg-amber-50 p-3 text-sm text-amber-900", role="alert")),
        rx.cond(A.choices, picker, rx.cond(A.working_as, said)),
    )  # fmt: skip


def section_links(here: str) -> rx.Component:
    """One link per page the role may open; on a phone a row that scrolls sideways."""
    links = [
        rx.cond(A.links.contains(p.route), nav_link(p.link, href=p.route, class_name=LINK_HERE if p.route == here else LINK_AWAY,
                                      aria_current="page" if p.route == here else None))
        for p in account_pages.pages()
    ]  # fmt: skip
    return rx.el.nav(
        *links,
        class_name="sticky top-16 z-10 -mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 bg-white/95 px-4 py-1 backdrop-blur",
        aria_label="Bagian akun",
    )


def _sign_out() -> rx.Component:
    return rx.el.div(
        native_form(rx.el.button("Keluar", type="submit", class_name=BTN_OUTLINE),
                    action=routes.API_SIGN_OUT, method="post"),
        native_form(rx.el.input(type="hidden", name="semua", value="1"),
                    rx.el.button("Keluar dari semua perangkat", type="submit", class_name=BTN_OUTLINE),
                    action=routes.API_SIGN_OUT, method="post"),
        class_name="flex flex-wrap gap-3",
    )  # fmt: skip


def account_page(
    here: str, title: Any, loaded: Any, *body: rx.Component, wide: bool = False, first_paint: bool = False
) -> rx.Component:
    """An account page: `body` once its state has loaded, "Memuat akun..." before; with
    `first_paint`, before it what the server painted into the page (web/account_first_paint.py)."""
    return site_page(
        container(
            rx.cond(
                loaded,
                rx.el.div(
                    rx.el.h1(title, class_name="text-2xl font-bold"),
                    rx.el.p("Masuk sebagai ", rx.el.strong(A.email, data_testid="account-email"), class_name="text-slate-600"),
                    working_for(),
                    section_links(here),
                    *body,
                    _sign_out(),
                    class_name=f"mx-auto flex {'max-w-5xl' if wide else 'max-w-2xl'} flex-col gap-6 py-10",
                ),
                rx.fragment(
                    *([rx.html("", id=routes.ACCOUNT_FIRST_PAINT)] if first_paint else []),  # React keeps it as painted
                    rx.el.p("Memuat akun...", class_name="akun-memuat py-24 text-center text-slate-500"),
                ),
            )
        )
    )  # fmt: skip
