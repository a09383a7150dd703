"""Small building blocks every page uses: buttons, links, section headings, page frame."""

from __future__ import annotations

from functools import cache

import reflex as rx

from terminal_shop.infra.settings import PROJECT_ROOT
from terminal_shop.reflex_compat import BaseHTML, EventHandler, Img, ReactRouterLink, Var, no_args_event_spec
from terminal_shop.vocabulary import Term

BTN = "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-3 text-sm font-semibold transition focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:opacity-60 disabled:cursor-not-allowed"
BTN_PRIMARY = f"{BTN} bg-blue-700 text-white hover:bg-blue-800 focus-visible:ring-blue-600"
BTN_ACCENT = f"{BTN} bg-amber-400 text-slate-900 hover:bg-amber-300 focus-visible:ring-amber-500"
BTN_OUTLINE = f"{BTN} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:ring-slate-400"
BTN_GHOST_LIGHT = f"{BTN} border border-white/60 text-white hover:bg-white/10 focus-visible:ring-white"
INPUT = "mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
CARD = "rounded-2xl border border-slate-200 bg-white shadow-sm"
CARD_LINK = "inline-flex min-h-[44px] shrink-0 items-center text-sm font-medium text-blue-700 underline"  # beside a card's title


@cache
def _svg_markup(path: str) -> str:
    svg = " ".join((PROJECT_ROOT / "assets" / path.lstrip("/")).read_text().split())
    return svg.replace("<svg ", '<svg aria-hidden="true" style="height:100%;width:auto" ', 1)


def inline_svg(path: str, label: str, class_name: str) -> rx.Component:
    """An SVG from assets/ drawn in the page itself, for the one picture a page's first
    paint needs: it is in the prerendered HTML and paints with the text, with no request
    and no image decode (Lighthouse LCP, docs/benchmarks.md). Only for our own files."""
    return rx.el.div(rx.html(_svg_markup(path)), role="img", aria_label=label, class_name=class_name)


def nav_link(*children, href: str, class_name: str = "", **props) -> rx.Component:
    """A link to one of our own routes: client-side navigation, no Radix Themes CSS."""
    return ReactRouterLink.create(*children, to=href, class_name=class_name, **props)


def link_button(text, href: str, style: str = BTN_PRIMARY, **props) -> rx.Component:
    """A link that looks like a button."""
    return nav_link(text, href=href, class_name=style, **props)


def anchor(text, href: str, class_name: str = "", **props) -> rx.Component:
    """A plain <a>: for #anchors, mailto: and other sites."""
    return rx.el.a(text, href=href, class_name=class_name, **props)


def section_title(title: str, subtitle: str = "", light: bool = False) -> rx.Component:
    return rx.el.div(
        rx.el.h2(
            title,
            class_name="text-2xl font-bold tracking-tight sm:text-3xl " + ("text-white" if light else "text-slate-900"),
        ),
        rx.el.p(subtitle, class_name="mt-3 text-base " + ("text-blue-100" if light else "text-slate-600"))
        if subtitle
        else rx.fragment(),
        class_name="mx-auto max-w-2xl text-center",
    )


def container(*children, class_name: str = "", **props) -> rx.Component:
    return rx.el.div(*children, class_name=f"mx-auto w-full max-w-6xl px-4 sm:px-6 {class_name}", **props)


def icon(name: str, class_name: str = "h-5 w-5") -> rx.Component:
    return rx.icon(name, class_name=class_name, aria_hidden="true")


class NativeForm(BaseHTML):
    """A form the browser submits itself, with no websocket event: for the sign-in and
    sign-out POSTs to our own routes (Reflex's form always turns submit into an event)."""

    tag = "form"
    action: Var[str]
    method: Var[str]


native_form = NativeForm.create


class TrackedImg(Img):
    """An <img> that reports when it loaded or failed (the QRIS image falls back on failure)."""

    # Reflex's own way of declaring an event trigger, which mypy reads as a bad generic.
    on_load: EventHandler[no_args_event_spec]  # type: ignore[type-arg, valid-type]
    on_error: EventHandler[no_args_event_spec]  # type: ignore[type-arg, valid-type]


tracked_img = TrackedImg.create


def modal(title, *body, on_close, actions=(), width: str = "max-w-md") -> rx.Component:
    """A dialog over a dimmed page, with a title, optional actions and a close button."""
    return rx.el.div(
        rx.el.div(
            rx.el.div(
                rx.el.h2(title, class_name="text-lg font-bold"),
                rx.el.div(
                    *actions,
                    rx.el.button(
                        icon("x", "h-5 w-5"),
                        type="button",
                        aria_label="Tutup",
                        on_click=on_close,
                        data_dialog_close=True,
                        class_name="flex h-11 w-11 items-center justify-center rounded hover:bg-slate-100",
                    ),
                    class_name="flex items-center gap-2",
                ),
                class_name="flex items-center justify-between gap-4",
            ),
            *body,
            class_name=f"w-full {width} rounded-2xl bg-white p-5",
        ),
        role="dialog",
        aria_modal="true",
        aria_label=title,
        class_name="fixed inset-0 z-[70] flex items-center justify-center bg-slate-900/70 p-4",
    )


def term_options(term: type[Term], first: str = "") -> list[rx.Component]:
    """A select's options for a Term's members, their labels shown; `first`: an empty choice."""
    return ([rx.el.option(first, value="")] if first else []) + [rx.el.option(m.label, value=m.value) for m in term]


TONES = {  # a status's colour, on public and admin pages alike (views.Badge.tone, a step's tone)
    "amber": "bg-amber-100 text-amber-800",
    "blue": "bg-blue-100 text-blue-800",
    "indigo": "bg-indigo-100 text-indigo-800",
    "emerald": "bg-emerald-100 text-emerald-800",
    "red": "bg-red-100 text-red-800",
}
_BADGE = "rounded-full px-2.5 py-0.5 text-xs font-semibold "


def tone_badge(label, tone, **props) -> rx.Component:
    return rx.el.span(
        label,
        class_name=rx.match(tone, *[(t, _BADGE + c) for t, c in TONES.items()], _BADGE + "bg-slate-100 text-slate-700"),
        **props,
    )


def badge(b) -> rx.Component:
    """A views.Badge: its label in its tone."""
    return tone_badge(b.label, b.tone)
