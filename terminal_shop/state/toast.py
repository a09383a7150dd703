"""Toasts as cached events.

Building a toast goes through Reflex's Var machinery (about a millisecond of the event
loop each), and the site shows the same few texts over and over: add-to-cart sent one
per click. An EventSpec is immutable, so one built once can be returned to everyone.
"""

from __future__ import annotations

import logging
from functools import lru_cache

import reflex as rx

from terminal_shop.infra.settings import get_settings
from terminal_shop.reflex_compat import EventSpec


@lru_cache(maxsize=512)
def success(title: str, description: str | None = None) -> EventSpec:
    return rx.toast.success(title, description=description) if description else rx.toast.success(title)


@lru_cache(maxsize=512)
def error(title: str, description: str | None = None) -> EventSpec:
    return rx.toast.error(title, description=description) if description else rx.toast.error(title)


def backend_error(exception: Exception) -> EventSpec:
    """What a visitor sees when a handler fails unexpectedly (bad arguments, a bug, an
    outage): the site's own words and how to reach a person. The details go to the log."""
    logging.getLogger("terminal_shop").error(
        "handler failed", exc_info=(type(exception), exception, exception.__traceback__)
    )
    support = get_settings().support_email
    return error("Terjadi kesalahan", f"Silakan coba lagi. Jika masih terjadi, hubungi kami di {support}.")
