"""What a service bill's order pages say of its case (issue 63.1): the way back to it."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop.components.ui import BTN_PRIMARY, icon


def case_link(number: Any, link: Any) -> rx.Component:
    """Paid: the case (on /akun/servis) shows the bill's state and what happens next."""
    return rx.el.div(
        rx.el.p("Tagihan servis ", rx.el.strong(number), ". Status tagihan dan langkah berikutnya ada di kasusnya.",
                class_name="text-sm text-slate-700"),
        rx.el.a(icon("wrench", "h-4 w-4"), "Kembali ke kasus servis", href=link,
                class_name=BTN_PRIMARY + " mt-2 inline-flex min-h-11 items-center gap-2", data_testid="case-link"),
        class_name="mt-4 w-full rounded-xl border border-blue-200 bg-blue-50 p-4",
    )  # fmt: skip
