"""Where keyboard and screen-reader users land after a refused submit."""

from __future__ import annotations

import json
from collections.abc import Iterable

import reflex as rx


def first_error(fields: Iterable[str], errors: dict[str, str]):
    """Focus on the first field (in the form's order) that has an error: its label and
    message (aria-describedby) are read, and the page scrolls to it. The toast that goes
    with it is the one announcement of the refusal."""
    first = next((f for f in fields if f in errors), None)
    if first is None:
        return rx.call_script("void 0")
    return rx.call_script(f"document.getElementById({json.dumps(first)})?.focus()")


def once_shown(element_id: str, focus: bool = True):
    """Into view (and focused) as soon as the element is drawn: an event that also fills the
    page runs this before React has drawn what it filled, so it looks again each frame for a
    second (issue 50.8: a confirmed order opens on its SN field)."""
    key = json.dumps(element_id)
    act = "e.focus({preventScroll: true}); " if focus else ""
    return rx.call_script(
        "(function look(n) { const e = document.getElementById(" + key + "); "
        "if (e) { e.scrollIntoView({block: 'center'}); " + act + "} "
        "else if (n > 0) requestAnimationFrame(() => look(n - 1)); })(60)"
    )
