"""The checkout's thank-you and failure pages, read from their URL."""

from __future__ import annotations

import asyncio
import uuid

import reflex as rx

from terminal_shop import routes
from terminal_shop.services.devices import linking, owned
from terminal_shop.services.orders import checkout as orders
from terminal_shop.services.orders.terms import OrderRefusal
from terminal_shop.services.orders.views import OrderSummary

FAILED_DEFAULT = OrderRefusal.UNKNOWN.label


class OrderResultState(rx.State):
    """The success and failure pages, read from the URL."""

    loading: bool = True
    summary: OrderSummary | None = None
    reason: str = ""
    needs_registration: bool = False  # no merchant registration owns the order (yet)
    register_link: str = ""  # the wizard prefilled from the order

    @rx.event
    async def load_success(self):
        self.loading = True
        order_id = self.router.url.query_parameters.get("order_id", "")
        self.summary = await asyncio.to_thread(orders.load_summary, order_id)
        if self.summary is None:
            return rx.redirect(routes.HOME, replace=True)
        found = await asyncio.to_thread(owned.order_devices, uuid.UUID(order_id))
        invite = not found.linked and not self.summary.service_case  # a bill's merchant is registered
        self.needs_registration = invite
        self.register_link = linking.register_path(order_id) if invite else ""
        self.loading = False
        return None

    @rx.event
    def load_failed(self):
        self.reason = OrderRefusal.from_link(
            self.router.url.query_parameters.get("reason", ""), OrderRefusal.UNKNOWN
        ).label
