"""What the order screens show (the cart, the confirm page, the order's pages), as typed,
frozen objects: built by the services, held by the states."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from terminal_shop import catalogue
from terminal_shop.formats import rupiah, wib
from terminal_shop.services.notifications.views import MailView
from terminal_shop.services.orders.terms import Fulfilment, OrderStatus, PaymentMethod
from terminal_shop.views import AccessView, Badge, DataRequestView, HistoryView, LineView


def order_number(order_id: uuid.UUID | str) -> str:
    """The number people see and type: the id's first 8 characters, uppercased."""
    return str(order_id)[:8].upper()


@dataclass(frozen=True)
class LinkedOrder:
    number: str
    link: str  # its admin detail page


@dataclass(frozen=True)
class OrderView:
    """Everything the admin's order detail shows."""

    id: str
    number: str
    buyer_name: str
    buyer_phone: str
    buyer_email: str
    shipping_address: str
    note: str
    subtotal: str
    shipping_fee: str
    total: str
    method: str
    status: str
    badge: Badge
    created_at: str
    updated_at: str
    lines: tuple[LineView, ...] = ()
    history: tuple[HistoryView, ...] = ()
    access: tuple[AccessView, ...] = ()  # who looked at the proof, newest first
    retention: str = ""  # when its personal data goes (services/privacy/retention.py)
    requests: tuple[DataRequestView, ...] = ()  # the buyer's open requests
    erased: bool = False
    restricted: str = ""  # why it is restricted instead of erased, '' when it is not
    qris: str = ""  # the dynamic QR the buyer was shown: amount, bill number, CRC
    mails: tuple[MailView, ...] = ()
    # After confirmation (services/orders/fulfilment.py): where the parcel is, and the invoice.
    fulfilment: str = ""  # terms.Fulfilment value
    fulfilment_label: str = ""
    courier: str = ""
    resi: str = ""
    tracking_page: str = ""
    invoice_number: str = ""
    invoice_link: str = ""
    # How the payment was checked (services/orders/payments): the kode unik, what confirmed it, and
    # the warnings about the proof (the same image sent for other orders, another amount).
    unique_code: str = ""
    payment_check: str = ""
    proof_twins: tuple[LinkedOrder, ...] = ()
    proof_amount_warning: str = ""
    # The merchant registration the order is for (issue 50.5), '' when none is linked.
    merchant: str = ""
    merchant_link: str = ""


@dataclass(frozen=True)
class TransferAmount:
    """A BCA transfer's exact amount as the buyer is shown it, kode unik taken off
    (services/orders/transfer_codes.py)."""

    text: str = ""  # "Rp 3.498.873"
    digits: str = ""  # "3498873": what the copy button copies (banking apps take digits)
    code_text: str = ""  # "Rp 127"; '' without a kode unik

    @classmethod
    def of(cls, amount: int, code: int) -> TransferAmount:
        return cls(rupiah(amount), str(amount), rupiah(code) if code else "")


@dataclass(frozen=True)
class OrderSummary:
    """What the public success page may show: no buyer contact data."""

    number: str
    total: str
    method: str
    status: str  # as the buyer reads it (terms.BUYER_ORDER_STATUS)
    status_link: str = ""  # the order's own page (a signed link)
    transfer: TransferAmount = TransferAmount()  # a waiting BCA order's exact amount
    service_case: str = ""  # a service bill's case number ("" for a purchase), and its page
    case_link: str = ""


@dataclass(frozen=True)
class PricedCart:
    """A cart priced from the catalogue: what every checkout step shows and what the
    order is charged, from one function (services/orders/checkout_rules.py price_cart)."""

    lines: tuple[LineView, ...] = ()
    subtotal: int = 0
    shipping_fee: int = 0
    total: int = 0
    item_count: int = 0
    subtotal_text: str = ""
    shipping_text: str = ""
    total_text: str = ""
    qris_allowed: bool = True
    bill_case: str = ""  # a service case's bill (bills.py): its number and fee; "" for a purchase
    bill_fee: str = ""


@dataclass(frozen=True)
class PaymentQr:
    """One payment's dynamic QRIS as the pages show it (services.payment_qr)."""

    svg: str  # inline SVG markup made by segno from our own payload
    png_data_url: str  # for "Unduh QR"
    merchant_name: str
    amount_text: str
    bill_number: str


@dataclass(frozen=True)
class OrderRow:
    """A row of the admin's order list."""

    id: str
    number: str
    date: str
    buyer: str
    email: str
    total: str
    method: str
    status: str
    badge: Badge
    products: str  # "2× A920 Pro, 1× Soundbox"
    stage: Badge  # where a confirmed order is on its way ('' label before confirmation)


def order_row(r: Any) -> OrderRow:
    confirmed = r.status == OrderStatus.CONFIRMED
    return OrderRow(
        id=str(r.id),
        number=order_number(r.id),
        date=wib(r.created_at),
        buyer=r.buyer_name,
        email=r.buyer_email,
        total=rupiah(r.total),
        method=PaymentMethod.label_of(r.payment_method),
        status=r.status,
        badge=Badge.of(OrderStatus, r.status),
        products=catalogue.summary(r.items or []),
        stage=Badge.of(Fulfilment, r.fulfilment) if confirmed else Badge("", "slate"),
    )


class OrderFacts(Protocol):
    """What another area reads of an order it is handed (a message about it): read-only.
    The order's row satisfies it; the area's door (owners.record) hands it out."""

    @property
    def id(self) -> uuid.UUID: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def buyer_name(self) -> str: ...
    @property
    def buyer_email(self) -> str: ...
    @property
    def buyer_phone(self) -> str: ...
    @property
    def items(self) -> list[dict[str, Any]]: ...
    @property
    def total(self) -> int: ...
    @property
    def shipping_fee(self) -> int: ...
    @property
    def payment_method(self) -> str: ...
    @property
    def unique_code(self) -> int: ...
    @property
    def qris_payload(self) -> str | None: ...
    @property
    def courier(self) -> str | None: ...
    @property
    def resi(self) -> str | None: ...
    @property
    def invoice_number(self) -> str | None: ...
    @property
    def merchant_id(self) -> uuid.UUID | None: ...
    @property
    def number(self) -> str | None: ...
    @property
    def status(self) -> str: ...
    @property
    def fulfilment(self) -> str: ...
    @property
    def shipping_address(self) -> str: ...
    @property
    def packed_at(self) -> datetime | None: ...
    @property
    def shipped_at(self) -> datetime | None: ...
    @property
    def delivered_at(self) -> datetime | None: ...
    @property
    def purged_at(self) -> datetime | None: ...
    @property
    def restricted_at(self) -> datetime | None: ...
