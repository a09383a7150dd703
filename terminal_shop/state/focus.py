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
