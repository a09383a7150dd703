"""What events tell people: one Notice per event (who, what, about which record), handed to
every channel (notifications/channels.py) in the event's transaction. A new channel renders
these notices; neither this module nor the places that change statuses change.
"""

from __future__ import annotations

import hashlib
import uuid
from typing import Any

from sqlmodel import Session

from terminal_shop import catalogue, couriers, routes
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.devices import owned, units
from terminal_shop.services.devices.events import DeviceActivated, DeviceStatusChanged
from terminal_shop.services.devices.terms import DeviceStatus
from terminal_shop.services.devices.units import DeviceFacts
from terminal_shop.services.disputes import notices as dispute_notices
from terminal_shop.services.disputes.events import DisputeOpened
from terminal_shop.services.events.bus import subscribe
from terminal_shop.services.notifications.channels import Notice, tell
from terminal_shop.services.orders import owners as orders
from terminal_shop.services.orders.events import (
    OrderCancelled,
    OrderConfirmed,
    OrderDelivered,
    OrderEvent,
    OrderPlaced,
    OrderProofAdded,
    OrderShipped,
)
from terminal_shop.services.orders.views import OrderFacts
from terminal_shop.services.payouts import merchant as payout_owners
from terminal_shop.services.payouts.events import PayoutCaseAnswered, PayoutCaseOpened
from terminal_shop.services.privacy import requests
from terminal_shop.services.privacy.events import DataRequestAsked
from terminal_shop.services.privacy.terms import DataRequestKind
from terminal_shop.services.registrations import fix_link
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.registrations.events import (
    PayoutAccountChanged,
    RegistrationApproved,
    RegistrationCorrected,
    RegistrationEvent,
    RegistrationRejected,
    RegistrationSubmitted,
)
from terminal_shop.services.registrations.registration_status import status_link
from terminal_shop.services.registrations.terms import AccountChangeStep
from terminal_shop.services.registrations.views import RegistrationFacts
from terminal_shop.services.servicing import cases as service_cases
from terminal_shop.services.servicing.events import ServiceCaseMoved, ServiceCaseOpened
from terminal_shop.services.team import admin_accounts
from terminal_shop.services.team.permissions import Permission


def _order(s: Session, event: OrderEvent) -> OrderFacts:
    order = orders.record(s, uuid.UUID(event.entity_id))
    assert order is not None, event  # published in the transaction that holds the order
    return order


def _tell_buyer(s: Session, event: OrderEvent, kind: str, step: str, **values: Any) -> None:
    order = _order(s, event)
    key = f"order:{event.entity_id}:{step}"
    tell(s, Notice(kind, key, ("order", event.entity_id), order.buyer_email, order.buyer_phone, order, values))


@subscribe(OrderPlaced)
def _received(s: Session, event: OrderPlaced) -> None:
    _tell_buyer(s, event, "order_received", "received")


@subscribe(OrderConfirmed)
def _confirmed(s: Session, event: OrderConfirmed) -> None:
    _tell_buyer(s, event, "order_confirmed", "confirmed")


@subscribe(OrderCancelled)
def _cancelled(s: Session, event: OrderCancelled) -> None:
    _tell_buyer(s, event, "order_cancelled", "cancelled", reason=event.detail or "")


@subscribe(OrderShipped)
def _shipped(s: Session, event: OrderShipped) -> None:
    order = _order(s, event)
    courier = couriers.courier(order.courier or "")
    assert courier is not None, order.courier  # fulfilment.ship checked it
    _tell_buyer(s, event, "order_shipped", "shipped", courier=courier, serials=owned.serials_of(s, order.id))


@subscribe(OrderDelivered)
def _delivered(s: Session, event: OrderDelivered) -> None:
    _tell_buyer(s, event, "order_delivered", "delivered")


@subscribe(OrderProofAdded)
def _proof_added(s: Session, event: OrderProofAdded) -> None:
    _tell_buyer(s, event, "proof_received", f"proof:{utcnow().isoformat()}")  # each slip is acknowledged


def _tell_applicant(s: Session, event: RegistrationEvent, kind: str, step: str, **values: Any) -> None:
    """One message per event: a registration may be received, rejected, corrected again."""
    row = registrations.record(s, uuid.UUID(event.entity_id))
    assert row is not None, event
    key = f"registration:{event.entity_id}:{step}:{utcnow().isoformat()}"
    tell(s, Notice(kind, key, ("merchant", event.entity_id), row.email, row.nomor_hp, row, values))


def _sign_in_link() -> str:
    """Where an applicant or merchant follows their registration and devices (issue 50.1)."""
    return get_settings().public_url + routes.SIGN_IN


@subscribe(RegistrationSubmitted, RegistrationCorrected)
def _registration_received(s: Session, event: RegistrationEvent) -> None:
    link = status_link(uuid.UUID(event.entity_id))
    _tell_applicant(s, event, "registration_received", "received", status_link=link)


@subscribe(RegistrationApproved)
def _registration_approved(s: Session, event: RegistrationApproved) -> None:
    _tell_applicant(s, event, "registration_approved", "approved", sign_in=_sign_in_link())


@subscribe(RegistrationRejected)
def _registration_rejected(s: Session, event: RegistrationRejected) -> None:
    reason, link = event.detail or "", fix_link.link_of(s, uuid.UUID(event.entity_id))
    _tell_applicant(s, event, "registration_rejected", "rejected", reason=reason, fix_link=link)


@subscribe(DataRequestAsked)
def _data_request(s: Session, event: DataRequestAsked) -> None:
    """The admins who may answer it are told (owners, invited ones included)."""
    kind = DataRequestKind.parse(event.detail)
    assert event.request_id is not None and kind is not None, event
    due = requests.due_of(s, event.request_id)
    page = routes.ADMIN_MERCHANT if event.entity_type == "merchant" else routes.ADMIN_ORDER
    link = get_settings().public_url + routes.with_id(page, event.entity_id)
    for admin in admin_accounts.emails_of(Permission.PERSONAL_DATA):
        values = {"what": kind.label, "link": link, "due": due}
        key = f"data-request:{event.request_id}:{admin}"
        tell(s, Notice("data_request", key, (event.entity_type, event.entity_id), admin, None, None, values))


def _merchant_device(
    s: Session, event: DeviceActivated | DeviceStatusChanged
) -> tuple[DeviceFacts, RegistrationFacts] | None:
    device = units.record(s, uuid.UUID(event.entity_id))
    if device is None or device.merchant_id is None:
        return None
    merchant = registrations.record(s, device.merchant_id)
    return (device, merchant) if merchant is not None and merchant.purged_at is None else None


def _device_notice(kind: str, key: str, device: DeviceFacts, merchant: RegistrationFacts, **values: Any) -> Notice:
    product = catalogue.product(device.model)
    values |= {"model": product.name if product else device.model, "serial": device.serial}
    return Notice(kind, key, ("merchant", str(merchant.id)), merchant.email, merchant.nomor_hp, merchant, values)


@subscribe(DeviceActivated)
def _device_active(s: Session, event: DeviceActivated) -> None:
    found = _merchant_device(s, event)
    assert found is not None, event  # activation.py checked both
    device, merchant = found
    values = {"tid": device.tid, "mid": device.mid, "detail": event.detail or "", "sign_in": _sign_in_link()}
    tell(s, _device_notice("device_active", f"device:{device.id}:active:{device.tid}", device, merchant, **values))


@subscribe(DeviceStatusChanged)
def _device_status(s: Session, event: DeviceStatusChanged) -> None:
    """The merchant hears of every later change to their terminal (not of its return to stock:
    it is nobody's then)."""
    found = _merchant_device(s, event)
    if found is None or event.new_status == DeviceStatus.IN_STOCK.value:
        return
    device, merchant = found
    status, reason = DeviceStatus.label_of(event.new_status or ""), event.detail or "-"
    key = f"device:{device.id}:status:{utcnow().isoformat()}"
    tell(s, _device_notice("device_status", key, device, merchant, status=status, reason=reason))


@subscribe(PayoutCaseOpened)
def _payout_case(s: Session, event: PayoutCaseOpened) -> None:
    """ "Dana belum masuk?": the admins who read the transactions are told, with its facts."""
    link = get_settings().public_url + routes.ADMIN_TRANSACTIONS
    for admin in admin_accounts.emails_of(Permission.TRANSACTIONS):
        values = {"facts": event.detail or "", "link": link}
        tell(
            s,
            Notice(
                "payout_case",
                f"payout-case:{event.case_id}:{admin}",
                ("payout", event.entity_id),
                admin,
                None,
                None,
                values,
            ),
        )


@subscribe(PayoutCaseAnswered)
def _payout_case_answered(s: Session, event: PayoutCaseAnswered) -> None:
    merchant_id = payout_owners.merchant_of(s, uuid.UUID(event.entity_id))
    merchant = registrations.record(s, merchant_id) if merchant_id else None
    if merchant is None or merchant.purged_at is not None:
        return
    values = {"answer": event.detail or "", "link": get_settings().public_url + routes.ACCOUNT_PAYOUTS}
    key = f"payout-case:{event.case_id}:answered:{utcnow().isoformat()}"
    tell(
        s,
        Notice(
            "payout_case_answered",
            key,
            ("merchant", str(merchant.id)),
            merchant.email,
            merchant.nomor_hp,
            merchant,
            values,
        ),
    )


@subscribe(DisputeOpened)
def _dispute_opened(s: Session, event: DisputeOpened) -> None:
    dispute_notices.opened(s, event.entity_id)


@subscribe(ServiceCaseOpened, ServiceCaseMoved)
def _service_case(s: Session, event: ServiceCaseOpened | ServiceCaseMoved) -> None:
    """The merchant is told of their case and each step with what happens next; the admins who
    work the cases of a new one."""
    found = service_cases.told(s, event.entity_id)
    merchant = registrations.record(s, found[0]) if found else None
    if found is None or merchant is None or merchant.purged_at is not None:
        return
    _, number, device, promise = found
    opened = isinstance(event, ServiceCaseOpened)
    values = {"number": number, "device": device, "step": event.new_status or "", "next": promise if opened else event.detail or "",
              "link": get_settings().public_url + routes.ACCOUNT_SERVICE}  # fmt: skip
    # A word within one step (an invoice, the replacement received, the pickup booked): once per wording.
    within = (
        ":" + hashlib.sha256((event.detail or "").encode()).hexdigest()[:12]
        if event.old_status == event.new_status
        else ""
    )
    key = f"service:{event.entity_id}:{event.new_status}{within}"
    tell(s, Notice("service_case", key, ("merchant", str(merchant.id)), merchant.email, None, merchant, values))
    if opened:
        link = get_settings().public_url + routes.ADMIN_SERVICE
        for admin in admin_accounts.emails_of(Permission.SERVICE):
            tell(s, Notice("service_case_opened", f"{key}:{admin}", ("service_case", event.entity_id), admin, None,
                           None, {**values, "link": link, "problem": event.detail or ""}))  # fmt: skip


STOP_IT = 'Bukan Anda? Buka halaman Pencairan, pilih "Batalkan permintaan", lalu hubungi kami:'


@subscribe(PayoutAccountChanged)
def _payout_account(s: Session, event: PayoutAccountChanged) -> None:
    """The owner is told of each step of a payout account's change on every channel, at once:
    the first word is how a request they did not make is found ("Bukan Anda? Batalkan")."""
    merchant = registrations.record(s, uuid.UUID(event.entity_id))
    if merchant is None or merchant.purged_at is not None:
        return
    step = AccountChangeStep.parse(event.new_status or "")
    values = {"step": step.label if step else "", "said": event.detail or "",
              "stop": STOP_IT if step in (AccountChangeStep.CODE, AccountChangeStep.REVIEW, AccountChangeStep.WAITING) else "",
              "link": get_settings().public_url + routes.ACCOUNT_PAYOUTS}  # fmt: skip
    key = f"payout-account:{event.entity_id}:{event.new_status}:{hashlib.sha256((event.detail or '').encode()).hexdigest()[:12]}"
    tell(s, Notice("payout_account", key, ("merchant", str(merchant.id)), merchant.email, merchant.nomor_hp,
                   merchant, values))  # fmt: skip
