"""The WhatsApp messages events cause (services/events/bus.py SUBSCRIBERS): for a number that
opted in, one outbox row (channel "whatsapp") per event beside the e-mail, in the event's
transaction. The e-mail goes whatever happens here: WhatsApp only adds a way to be told.

Off (nothing queued) until WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set.
"""

from __future__ import annotations

import json
import uuid
from datetime import timedelta

from sqlmodel import Session, col, func, select

from terminal_shop import catalogue, couriers, routes
from terminal_shop.formats import rupiah
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.devices.events import DeviceActivated
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.events.bus import Event, subscribe
from terminal_shop.services.notifications import outbox
from terminal_shop.services.notifications.outbox import Mail
from terminal_shop.services.notifications.tables import OutboxMessage
from terminal_shop.services.orders.events import (
    OrderCancelled,
    OrderConfirmed,
    OrderDelivered,
    OrderPlaced,
    OrderProofAdded,
    OrderShipped,
)
from terminal_shop.services.orders.order_status import status_path
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import PaymentMethod
from terminal_shop.services.orders.views import order_number
from terminal_shop.services.registrations import fix_link
from terminal_shop.services.registrations.events import (
    RegistrationApproved,
    RegistrationRejected,
    RegistrationSubmitted,
)
from terminal_shop.services.registrations.registration_status import status_link
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.whatsapp import consent
from terminal_shop.services.whatsapp.templates import TEMPLATES

CHANNEL = "whatsapp"
PER_NUMBER_PER_DAY = 20  # beyond this a number gets e-mail only (a loop or an abuse, never a buyer)


def _queue(s: Session, number: str | None, key: str, template: str, values: list[str], entity: tuple[str, str]) -> bool:
    """Queues the template for a number that opted in; False when it does not go."""
    if not get_settings().whatsapp_on or not consent.allowed(s, number):
        return False
    assert number is not None
    if s.exec(select(OutboxMessage.id).where(col(OutboxMessage.key) == key)).first() is not None:
        return False
    since = utcnow() - timedelta(days=1)
    sent_today = s.exec(
        select(func.count()).select_from(OutboxMessage)
        .where(col(OutboxMessage.channel) == CHANNEL, col(OutboxMessage.to_addr) == number,
               col(OutboxMessage.created_at) >= since)
    ).one()  # fmt: skip
    if sent_today >= PER_NUMBER_PER_DAY:
        return False
    t = TEMPLATES[template]
    values = [" ".join(str(v).split())[:300] or "-" for v in values]  # Meta refuses newlines and empty parameters
    message = Mail(number, template, json.dumps({"template": template, "params": values}), t.text(values))
    return outbox.enqueue(s, key, entity[0], entity[1], message, CHANNEL)


def queue_sign_in_code(s: Session, number: str, code: str, address: str) -> bool:
    """A sign-in code by WhatsApp (services/customers/signin.py), to a number that opted in;
    False when it cannot go (the code then goes nowhere: the answer to the person is the same)."""
    return _queue(
        s, number, f"wa:sign-in:{number}:{utcnow().isoformat()}", "sign_in_code", [code], ("customer", address)
    )


def _order(s: Session, event: Event) -> Order:
    order = s.get(Order, uuid.UUID(event.entity_id))
    assert order is not None, event
    return order


def _link(order: Order) -> str:
    return get_settings().public_url + status_path(order.id)


def _tell_buyer(s: Session, event: Event, step: str, template: str, values: list[str]) -> None:
    order = _order(s, event)
    _queue(
        s,
        consent.wa_number(order.buyer_phone),
        f"wa:order:{order.id}:{step}",
        template,
        values,
        ("order", str(order.id)),
    )


@subscribe(OrderPlaced)
def _placed(s: Session, event: OrderPlaced) -> None:
    order = _order(s, event)
    if order.whatsapp_consent_at is not None:
        consent.opt_in(
            s, order.buyer_phone, order.whatsapp_consent_text or consent.CONSENT_TEXT, order.whatsapp_consent_at
        )
        s.flush()
    if order.payment_method == PaymentMethod.TRANSFER_BCA:
        cfg = get_settings()
        how = f"Transfer tepat {rupiah(order.total)} ke BCA {cfg.bca_account_number} a.n. {cfg.bca_account_holder}."
    else:
        how = f"Pembayaran QRIS {rupiah(order.total)}."
    values = [order_number(order.id), how, _link(order)]  # never the typed name (templates.py)
    _tell_buyer(s, event, "received", "order_received", values)


@subscribe(OrderConfirmed)
def _confirmed(s: Session, event: OrderConfirmed) -> None:
    order = _order(s, event)
    _tell_buyer(s, event, "confirmed", "payment_confirmed", [order_number(order.id), rupiah(order.total), _link(order)])


@subscribe(OrderCancelled)
def _cancelled(s: Session, event: OrderCancelled) -> None:
    _tell_buyer(
        s, event, "cancelled", "payment_rejected", [order_number(uuid.UUID(event.entity_id)), event.detail or "-"]
    )


@subscribe(OrderShipped)
def _shipped(s: Session, event: OrderShipped) -> None:
    order = _order(s, event)
    courier = couriers.courier(order.courier or "")
    name, page = (courier.name, courier.tracking_page or "-") if courier else (order.courier or "-", "-")
    _tell_buyer(s, event, "shipped", "order_shipped", [order_number(order.id), name, order.resi or "-", page])


@subscribe(OrderDelivered)
def _delivered(s: Session, event: OrderDelivered) -> None:
    _tell_buyer(s, event, "delivered", "order_delivered", [order_number(uuid.UUID(event.entity_id))])


@subscribe(OrderProofAdded)
def _proof_added(s: Session, event: OrderProofAdded) -> None:
    step = f"proof:{utcnow().isoformat()}"  # each slip is acknowledged
    _tell_buyer(s, event, step, "proof_received", [order_number(uuid.UUID(event.entity_id))])


def _sign_in_link() -> str:
    return get_settings().public_url + routes.SIGN_IN


def _tell_applicant(s: Session, row: MerchantRegistration, step: str, template: str, values: list[str]) -> None:
    key = f"wa:merchant:{row.id}:{step}:{utcnow().isoformat()}"
    _queue(s, consent.wa_number(row.nomor_hp), key, template, values, ("merchant", str(row.id)))


def _registration(s: Session, event: Event) -> MerchantRegistration:
    row = s.get(MerchantRegistration, uuid.UUID(event.entity_id))
    assert row is not None, event
    return row


@subscribe(RegistrationSubmitted)
def _registration_received(s: Session, event: RegistrationSubmitted) -> None:
    row = _registration(s, event)
    _tell_applicant(s, row, "received", "registration_received", [status_link(row.id)])


@subscribe(RegistrationApproved)
def _registration_approved(s: Session, event: RegistrationApproved) -> None:
    row = _registration(s, event)
    _tell_applicant(s, row, "approved", "registration_approved", [_sign_in_link()])


@subscribe(RegistrationRejected)
def _registration_rejected(s: Session, event: RegistrationRejected) -> None:
    row = _registration(s, event)
    _tell_applicant(s, row, "rejected", "registration_rejected", [event.detail or "-", fix_link.link(row)])


@subscribe(DeviceActivated)
def _device_active(s: Session, event: DeviceActivated) -> None:
    device = s.get(Device, uuid.UUID(event.entity_id))
    assert device is not None and device.merchant_id is not None, event
    row = s.get(MerchantRegistration, device.merchant_id)
    assert row is not None, device.merchant_id
    product = catalogue.product(device.model)
    values = [product.name if product else device.model, device.serial, device.tid or "-", device.mid or "-",
              _sign_in_link()]  # fmt: skip
    key = f"wa:device:{device.id}:active:{device.tid}"
    _queue(s, consent.wa_number(row.nomor_hp), key, "device_active", values, ("merchant", str(row.id)))
