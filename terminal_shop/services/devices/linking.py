"""An order meets the merchant registration its devices will work for.

At once when the buyer's e-mail and HP are those of a pending or approved registration
(either comes first: the order's placement and the registration's submission both look),
otherwise by an admin's hand. Each link and unlink is an event (audited); the order's
devices that are not active yet follow the order to its merchant.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

import sqlalchemy as sa
from sqlmodel import Session, col

from terminal_shop import routes
from terminal_shop.formats import wib
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.signing import verify
from terminal_shop.refusals import Refused
from terminal_shop.services.devices.events import OrderLinked
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.devices.terms import DeviceStatus, LinkRefusal
from terminal_shop.services.events.bus import publish
from terminal_shop.services.orders import owners as orders
from terminal_shop.services.orders.order_status import status_token
from terminal_shop.services.orders.views import OrderFacts, order_number
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.registrations.terms import RegistrationStatus
from terminal_shop.services.registrations.views import RegistrationFacts
from terminal_shop.services.validation import normalise_mobile

LINKABLE = (RegistrationStatus.PENDING.value, RegistrationStatus.APPROVED.value)


class LinkError(Refused):
    code: LinkRefusal


def _same_person(order: OrderFacts, merchant: RegistrationFacts) -> bool:
    return (
        order.buyer_email.strip().lower() == merchant.email.strip().lower()
        and normalise_mobile(order.buyer_phone) == merchant.nomor_hp
    )


def _set(s: Session, order: OrderFacts, merchant_id: uuid.UUID | None, actor: str, why: str) -> None:
    """`why` goes to the audit log: no name in it (an erased merchant's name must not stay there)."""
    orders.set_merchant(s, order.id, merchant_id)
    s.exec(
        sa.update(Device)
        .where(col(Device.order_id) == order.id, col(Device.status) != DeviceStatus.ACTIVE.value)
        .values(merchant_id=merchant_id, updated_at=utcnow())
    )
    publish(s, OrderLinked(entity_id=str(order.id), actor=actor, new_status="tertaut" if merchant_id else "dilepas",
                           detail=f"{why} (pendaftaran {merchant_id})" if merchant_id else why))  # fmt: skip


def link_new_order(s: Session, order: OrderFacts) -> None:
    """At placement: the registration with the buyer's e-mail and HP, newest first."""
    candidates = registrations.of_address_in(s, order.buyer_email, LINKABLE)
    merchant = next((m for m in candidates if _same_person(order, m)), None)
    if merchant is not None:
        _set(s, order, merchant.id, "sistem", "e-mail dan HP sama dengan pendaftaran merchant")


def link_orders_of(s: Session, merchant: RegistrationFacts) -> None:
    """At submission: the person's earlier orders not linked yet (cancelled ones left alone)."""
    for order in orders.unlinked_of_address(s, merchant.email):
        if _same_person(order, merchant):
            _set(s, order, merchant.id, "sistem", "e-mail dan HP sama dengan pendaftaran merchant")


def link(order_id: str, merchant_id: str, admin_email: str) -> None:
    """By hand: the admin ties an order to a registration (one that is not rejected)."""
    with write_session() as s:
        order = orders.record(s, uuid.UUID(str(order_id)))
        if order is None:
            raise LinkError(LinkRefusal.UNKNOWN_ORDER)
        try:
            merchant = registrations.record(s, uuid.UUID(str(merchant_id).strip()))
        except ValueError:
            merchant = None
        if merchant is None or merchant.purged_at is not None:
            raise LinkError(LinkRefusal.UNKNOWN_MERCHANT)
        if merchant.status not in LINKABLE:
            raise LinkError(LinkRefusal.REJECTED)
        _set(s, order, merchant.id, admin_email, "ditautkan oleh admin")


def unlink(order_id: str, admin_email: str) -> None:
    with write_session() as s:
        order = orders.record(s, uuid.UUID(str(order_id)))
        if order is None:
            raise LinkError(LinkRefusal.UNKNOWN_ORDER)
        if order.merchant_id is not None:
            _set(s, order, None, admin_email, "tautan dilepas")


def register_path(order_id: uuid.UUID | str) -> str:
    """The registration wizard for this order's buyer, prefilled from the order (the order's
    own signed token proves the holder may read it)."""
    return f"{routes.REGISTER}?pesanan={order_id}&t={status_token(order_id)}"


@dataclass(frozen=True)
class OrderPrefill:
    """What the wizard opened from an order knows: the buyer's name, HP and e-mail for empty
    fields, and the order it activates with its delivery address to offer (issue 50.10)."""

    fields: dict[str, str]
    number: str = ""
    address: str = ""


def registration_prefill(order_id: str, token: str) -> OrderPrefill:
    """Nothing for a link that is not the order's own (its signed token)."""
    try:
        oid = uuid.UUID(order_id)
    except ValueError:
        return OrderPrefill({})
    if not verify(token, "order-status", oid):
        return OrderPrefill({})
    with read_session() as s:
        order = orders.record(s, oid)
    if order is None or order.purged_at is not None or order.restricted_at is not None:
        return OrderPrefill({})
    known = {"nama_lengkap": order.buyer_name, "nomor_hp": order.buyer_phone, "email": order.buyer_email}
    return OrderPrefill(known, order_number(order.id), order.shipping_address)


def link_by_number(number: str, merchant_id: str, admin_email: str) -> None:
    """The merchant page's "Tautkan pesanan": the order by its number."""
    with read_session() as s:
        oid = orders.id_of_number(s, number)
    if oid is None:
        raise LinkError(LinkRefusal.UNKNOWN_ORDER)
    link(str(oid), merchant_id, admin_email)


@dataclass(frozen=True)
class LinkedOrder:
    id: str
    number: str
    placed: str  # WIB


def orders_of(merchant_id: uuid.UUID) -> list[LinkedOrder]:
    with read_session() as s:
        rows = orders.linked_to(s, merchant_id, 100)
    return [LinkedOrder(str(oid), number or "", wib(created)) for oid, number, created in rows]
