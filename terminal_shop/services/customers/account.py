"""Everything a signed-in person owns, in one place: the orders placed with their verified
e-mail, the registrations sent with it, and the devices of both. Nothing is found by
anything else a stranger could type: only the address the code was sent to."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from terminal_shop import catalogue
from terminal_shop.formats import rupiah, wib
from terminal_shop.services.devices.owned import DeviceView, of_merchant, of_order
from terminal_shop.services.orders import owners as order_owners
from terminal_shop.services.orders.order_status import status_path
from terminal_shop.services.orders.terms import Fulfilment, buyer_status
from terminal_shop.services.orders.views import order_number
from terminal_shop.services.registrations import owners as registration_owners
from terminal_shop.services.registrations.registration_status import status_link
from terminal_shop.services.registrations.terms import RegistrationStatus
from terminal_shop.services.returns import window
from terminal_shop.services.validation import parse_id

LIMIT = 50  # the newest; an account with more is a reseller, who asks us for a report


@dataclass(frozen=True)
class OrderLine:
    id: str
    number: str
    placed: str  # WIB
    status: str  # as the buyer reads it
    total: str
    link: str  # the order's own page (its signed link)
    again: bool = True  # "Pesan lagi": not for a service bill (issue 63.1)
    returnable: bool = False  # delivered, within the returns' window: "Ajukan retur" on its page (issue 61.3)


@dataclass(frozen=True)
class RegistrationLine:
    id: str
    business: str
    sent: str  # WIB
    status: str
    link: str  # the registration's own page (its signed link)


@dataclass(frozen=True)
class Account:
    email: str
    orders: list[OrderLine]
    registrations: list[RegistrationLine]
    devices: list[DeviceView]
    merchants: list[uuid.UUID]  # the approved registrations: whose transactions the dashboard shows


REGISTRATION_WORDS = {
    RegistrationStatus.PENDING.value: "Sedang diverifikasi",
    RegistrationStatus.APPROVED.value: "Disetujui",
    RegistrationStatus.REJECTED.value: "Perlu diperbaiki",
}


def of(email: str) -> Account:
    address = email.strip().lower()
    orders, registrations = order_owners.of_address(address, LIMIT), registration_owners.of_address(address, LIMIT)
    devices: dict[str, DeviceView] = {}
    for r in registrations:
        if r.approved:
            devices |= {d.id: d for d in of_merchant(r.id)}
    for o in orders:
        if o.fulfilment:  # packed at least: its units are known
            devices |= {d.id: d for d in of_order(o.id) if d.id not in devices}
    return Account(
        email=address,
        orders=[
            OrderLine(
                str(o.id),
                order_number(o.id),
                wib(o.placed_at),
                buyer_status(o.status, o.fulfilment),
                rupiah(o.total),
                status_path(o.id),
                not o.service_case,
                o.fulfilment == Fulfilment.DELIVERED.value and window.is_open(o.delivered_at),
            )
            for o in orders
        ],  # fmt: skip
        registrations=[
            RegistrationLine(
                str(r.id), r.business, wib(r.sent_at), REGISTRATION_WORDS.get(r.status, r.status), status_link(r.id)
            )
            for r in registrations
        ],  # fmt: skip
        devices=list(devices.values()),
        merchants=[r.id for r in registrations if r.approved],
    )


def devices_of(merchant_ids: list[uuid.UUID]) -> list[DeviceView]:
    """The devices of these merchants (a team member's, filtered to their outlets by the caller)."""
    return [d for m in merchant_ids for d in of_merchant(m)]


def merchants_of(email: str) -> list[uuid.UUID]:
    """The approved registrations sent with this verified address: whose transactions it sees."""
    return registration_owners.approved_of(email)


def lines_of(email: str, order_id: str) -> list[tuple[str, int]] | None:
    """An order's (sku, qty) lines for "Pesan lagi", only when the order is this address's;
    products no longer sold are left out."""
    key = parse_id(order_id)
    items = order_owners.items_of(email, key) if key is not None else None
    if items is None:
        return None
    return [(i["sku"], int(i["qty"])) for i in items if catalogue.product(i["sku"]) is not None]


def records_of(email: str) -> list[tuple[str, str]]:
    """The (entity type, id) of what the address owns, as `of` lists it (its ids only, no devices)."""
    address = email.strip().lower()
    orders, merchants = order_owners.of_address(address, LIMIT), registration_owners.of_address(address, LIMIT)
    return [("order", str(o.id)) for o in orders] + [("merchant", str(m.id)) for m in merchants]
