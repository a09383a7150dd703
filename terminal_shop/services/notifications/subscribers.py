"""The e-mails events cause: one outbox row per event, in the event's transaction.

A new channel (WhatsApp) is a module like this one, listed in services/events/bus.py's
SUBSCRIBERS; the places that change statuses do not change.
"""

from __future__ import annotations

import uuid

from sqlmodel import Session

from terminal_shop import catalogue, couriers, routes
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.devices import owned
from terminal_shop.services.devices.events import DeviceActivated, DeviceStatusChanged
from terminal_shop.services.devices.tables import Device
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.events.bus import subscribe
from terminal_shop.services.notifications import emails, order_mails, outbox
from terminal_shop.services.orders import invoice
from terminal_shop.services.orders.events import (
    OrderCancelled,
    OrderConfirmed,
    OrderDelivered,
    OrderEvent,
    OrderPlaced,
    OrderShipped,
)
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.privacy.events import DataRequestAsked
from terminal_shop.services.privacy.tables import DataRequest
from terminal_shop.services.privacy.terms import DataRequestKind
from terminal_shop.services.registrations import fix_link
from terminal_shop.services.registrations.events import (
    RegistrationApproved,
    RegistrationCorrected,
    RegistrationEvent,
    RegistrationRejected,
    RegistrationSubmitted,
)
from terminal_shop.services.registrations.registration_status import status_link
from terminal_shop.services.registrations.tables import MerchantRegistration
from terminal_shop.services.team import admin_accounts
from terminal_shop.services.team.permissions import Permission


def _order(s: Session, event: OrderEvent) -> Order:
    order = s.get(Order, uuid.UUID(event.entity_id))
    assert order is not None, event  # published in the transaction that holds the order
    return order


def _queue(s: Session, event: OrderEvent, step: str, mail: outbox.Mail) -> None:
    outbox.enqueue(s, f"order:{event.entity_id}:{step}", "order", event.entity_id, mail)


@subscribe(OrderPlaced)
def _received(s: Session, event: OrderPlaced) -> None:
    _queue(s, event, "received", order_mails.order_received(_order(s, event)))


@subscribe(OrderConfirmed)
def _confirmed(s: Session, event: OrderConfirmed) -> None:
    order = _order(s, event)
    _queue(s, event, "confirmed", order_mails.order_confirmed(order, invoice.render(order), invoice.file_name(order)))


@subscribe(OrderCancelled)
def _cancelled(s: Session, event: OrderCancelled) -> None:
    _queue(s, event, "cancelled", order_mails.order_rejected(_order(s, event), event.detail or ""))


@subscribe(OrderShipped)
def _shipped(s: Session, event: OrderShipped) -> None:
    order = _order(s, event)
    courier = couriers.courier(order.courier or "")
    assert courier is not None, order.courier  # fulfilment.ship checked it
    _queue(s, event, "shipped", order_mails.order_shipped(order, courier, owned.serials_of(s, order.id)))


@subscribe(OrderDelivered)
def _delivered(s: Session, event: OrderDelivered) -> None:
    _queue(s, event, "delivered", order_mails.order_delivered(_order(s, event)))


def _registration(s: Session, event: RegistrationEvent) -> MerchantRegistration:
    row = s.get(MerchantRegistration, uuid.UUID(event.entity_id))
    assert row is not None, event
    return row


def _tell_applicant(s: Session, event: RegistrationEvent, step: str, mail: outbox.Mail) -> None:
    """One message per event: a registration may be received, rejected, corrected again."""
    key = f"registration:{event.entity_id}:{step}:{utcnow().isoformat()}"
    outbox.enqueue(s, key, "merchant", event.entity_id, mail)


def _sign_in_link() -> str:
    """Where an applicant or merchant follows their registration and devices (issue 50.1)."""
    return get_settings().public_url + routes.SIGN_IN


@subscribe(RegistrationSubmitted, RegistrationCorrected)
def _registration_received(s: Session, event: RegistrationEvent) -> None:
    row = _registration(s, event)
    _tell_applicant(s, event, "received", emails.registration_received(row, status_link(row.id)))


@subscribe(RegistrationApproved)
def _registration_approved(s: Session, event: RegistrationApproved) -> None:
    _tell_applicant(s, event, "approved", emails.registration_approved(_registration(s, event), _sign_in_link()))


@subscribe(RegistrationRejected)
def _registration_rejected(s: Session, event: RegistrationRejected) -> None:
    row = _registration(s, event)
    mail = emails.registration_rejected(row, event.detail or "", fix_link.link(row))
    _tell_applicant(s, event, "rejected", mail)


@subscribe(DataRequestAsked)
def _data_request(s: Session, event: DataRequestAsked) -> None:
    """The admins who may answer it are told (owners, invited ones included)."""
    request = s.get(DataRequest, event.request_id)
    kind = DataRequestKind.parse(event.detail)
    assert request is not None and kind is not None, event
    page = routes.ADMIN_MERCHANT if event.entity_type == "merchant" else routes.ADMIN_ORDER
    link = get_settings().public_url + routes.with_id(page, event.entity_id)
    for admin in admin_accounts.emails_of(Permission.PERSONAL_DATA):
        told = emails.data_request(admin, kind.label, link, request.due_at)
        outbox.enqueue(s, f"data-request:{request.id}:{admin}", event.entity_type, event.entity_id, told)


@subscribe(DeviceActivated)
def _device_active(s: Session, event: DeviceActivated) -> None:
    device = s.get(Device, uuid.UUID(event.entity_id))
    assert device is not None and device.merchant_id is not None, event  # activation.py checked both
    merchant = s.get(MerchantRegistration, device.merchant_id)
    assert merchant is not None, device.merchant_id
    product = catalogue.product(device.model)
    mail = emails.device_activated(
        merchant, product.name if product else device.model, device.serial, event.detail or "", _sign_in_link()
    )
    outbox.enqueue(s, f"device:{device.id}:active:{device.tid}", "merchant", str(merchant.id), mail)


@subscribe(DeviceStatusChanged)
def _device_status(s: Session, event: DeviceStatusChanged) -> None:
    """The merchant hears of every later change to their terminal (not of its return to stock:
    it is nobody's then)."""
    device = s.get(Device, uuid.UUID(event.entity_id))
    if device is None or device.merchant_id is None or event.new_status == DeviceStatus.IN_STOCK.value:
        return
    merchant = s.get(MerchantRegistration, device.merchant_id)
    if merchant is None or merchant.purged_at is not None:
        return
    product = catalogue.product(device.model)
    status = DeviceStatus.label_of(event.new_status or "")
    mail = emails.device_status(
        merchant, product.name if product else device.model, device.serial, status, event.detail or "-"
    )
    outbox.enqueue(s, f"device:{device.id}:status:{utcnow().isoformat()}", "merchant", str(merchant.id), mail)
