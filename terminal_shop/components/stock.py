"""'Stok tersedia' or 'Pre-order, dikirim dalam N hari kerja' for one model (state/stock.py):
an order is never refused for stock, the buyer is only told when it ships."""

from __future__ import annotations

from typing import Any

import reflex as rx

from terminal_shop.infra.settings import get_settings
from terminal_shop.state.stock import StockState

IN_STOCK = "Stok tersedia"


def preorder_text() -> str:
    return f"Pre-order, dikirim dalam {get_settings().preorder_working_days} hari kerja"


def stock_note(sku: str, light: bool = False) -> rx.Component:
    """Nothing until the counts arrive; the line keeps its height so nothing below jumps."""
    available: Any = StockState.available  # a Var of the dict: Reflex's .contains() and [...]
    ok_tone, wait_tone = ("text-emerald-300", "text-amber-200") if light else ("text-emerald-700", "text-amber-800")
    return rx.el.p(
        rx.cond(
            available.contains(sku),
            rx.cond(available[sku] > 0, rx.el.span(IN_STOCK, class_name=ok_tone), rx.el.span(preorder_text(), class_name=wait_tone)),
            "",
        ),
        class_name="mt-2 min-h-[1.25rem] text-sm font-semibold",
        data_testid=f"stock-{sku}",
    )  # fmt: skip


def line_stock_note(line: Any) -> rx.Component:
    """A cart or summary line's stock: enough on the shelf for its quantity, or a pre-order
    (issue 50.4: the buyer decides where the lines are, not only on the product pages)."""
    available: Any = StockState.available
    return rx.el.span(
        rx.cond(
            available.contains(line.sku),
            rx.cond(available[line.sku] >= line.qty, rx.el.span(IN_STOCK, class_name="text-emerald-700"),
                    rx.el.span(preorder_text(), class_name="text-amber-800")),
            "",
        ),
        class_name="block text-xs font-semibold",
        data_testid="line-stock",
    )  # fmt: skip
