"""The buyer's order page, the applicant's registration page, and /dashboard's two lookups."""

from __future__ import annotations

import asyncio
import uuid

import reflex as rx

from terminal_shop import routes
from terminal_shop.reflex_compat import request_header
from terminal_shop.services.customers import signin
from terminal_shop.services.devices import linking, owned
from terminal_shop.services.orders import order_status
from terminal_shop.services.orders.order_status import OrderStatusView
from terminal_shop.services.orders.terms import OrderStatus
from terminal_shop.services.privacy import requests
from terminal_shop.services.privacy.terms import DataRequestKind
from terminal_shop.services.registrations import registration_status
from terminal_shop.services.registrations.registration_status import RegistrationStatusView


class OrderStatusState(rx.State):
    """One order behind a signed link; `missing` when the link is not one of ours. Its devices
    (after packing) and whether it waits for a merchant registration."""

    view: OrderStatusView | None = None
    missing: bool = False
    qr_open: bool = False
    devices: list[owned.DeviceView] = []
    needs_registration: bool = False
    register_link: str = ""  # the wizard prefilled from this order

    @rx.event
    def set_qr_open(self, open_: bool):
        self.qr_open = bool(open_)

    @rx.event
    async def load(self):
        order_id = self.router.page.params.get("id", "")
        token = self.router.url.query_parameters.get("t", "")
        self.view = await asyncio.to_thread(order_status.load, order_id, token)
        self.missing = self.view is None
        self.devices, self.needs_registration = [], False
        if self.view is not None and self.view.status != OrderStatus.CANCELLED:  # the link was verified
            found = await asyncio.to_thread(owned.order_devices, uuid.UUID(order_id))
            invite = not found.linked and not self.view.service_case  # a bill's merchant is registered
            self.devices, self.needs_registration = found.devices, invite
            self.register_link = linking.register_path(order_id) if invite else ""


class TrackingState(rx.State):
    error: str = ""
    busy: bool = False

    @rx.event
    async def to_account(self):
        """Signed in, the lookup is the account (issue 37): the header's Status and Tracking
        lead there; a guest keeps the lookups."""
        token_hash = request_header(self, signin.SESSION_HASH_HEADER)
        if token_hash and await asyncio.to_thread(signin.session_customer, token_hash) is not None:
            return rx.redirect(routes.ACCOUNT, replace=True)
        return None

    @rx.event
    async def track(self, form: dict):
        self.busy, self.error = True, ""
        yield
        number, email = str(form.get("number", ""))[:20], str(form.get("email", ""))[:254]
        client = self.router.session.client_ip  # behind a proxy: TRUSTED_PROXY_HOPS
        try:
            path = await asyncio.to_thread(order_status.track, number, email, client)
        except order_status.LookupRefused as exc:
            self.busy, self.error = False, exc.text
            return
        self.busy = False
        yield rx.redirect(path)


class RegistrationStatusState(rx.State):
    view: RegistrationStatusView | None = None
    missing: bool = False
    # /dashboard's "Status Pendaftaran": the same answer whatever was typed
    answer: str = ""
    error: str = ""
    # The applicant's request for their data or its erasure (services/privacy/requests.py)
    request_answer: str = ""
    request_error: str = ""
    devices: list[owned.DeviceView] = []  # an approved merchant's units, from the shelf to "Aktif"

    @rx.event
    async def ask(self, kind: str):
        chosen = DataRequestKind.parse(kind)
        if chosen is None:
            return
        link = self.router.page.params.get("id", ""), self.router.url.query_parameters.get("t", "")
        try:
            answer = await asyncio.to_thread(requests.ask_by_link, *link, chosen, self.router.session.client_ip)
            self.request_answer, self.request_error = answer, ""
        except requests.RequestError as exc:
            self.request_answer, self.request_error = "", exc.text

    @rx.event
    async def load(self):
        self.request_answer = self.request_error = ""
        registration_id = self.router.page.params.get("id", "")
        token = self.router.url.query_parameters.get("t", "")
        self.view = await asyncio.to_thread(registration_status.load, registration_id, token)
        self.missing = self.view is None
        self.devices = []
        if self.view is not None:  # the link was verified: this registration's devices
            self.devices = await asyncio.to_thread(owned.of_merchant, uuid.UUID(registration_id))

    @rx.event
    async def request_link(self, form: dict):
        email, phone = str(form.get("reg_email", ""))[:254], str(form.get("reg_phone", ""))[:32]
        try:
            self.answer = await asyncio.to_thread(
                registration_status.request_link, email, phone, self.router.session.client_ip
            )
            self.error = ""
        except order_status.LookupRefused as exc:
            self.answer, self.error = "", exc.text
