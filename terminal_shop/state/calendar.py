"""Dates a person can plan by, computed when the page is shown (pages are prerendered)."""

from __future__ import annotations

import reflex as rx

from terminal_shop.services import working_days


def settlement_day_text() -> str:
    """When today's transactions reach the merchant's account, in words."""
    return working_days.spoken(working_days.settlement_day(working_days.today_wib()))


class WorkingDayState(rx.State):
    settlement_day: str = ""  # when today's transactions reach the merchant's account (H+1): stock.load_product_page
    verify_by: str = ""  # the last day a registration sent today is verified

    @rx.event
    def load_verify_by(self):
        self.verify_by = working_days.spoken(working_days.review_due(working_days.today_wib()))
