"""What the back office's lists and overview show (services/backoffice/)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from terminal_shop import catalogue
from terminal_shop.formats import rupiah, wib
from terminal_shop.services.orders.terms import Fulfilment, OrderStatus, PaymentMethod
from terminal_shop.services.orders.views import order_number
from terminal_shop.services.registrations.terms import RegistrationStatus
from terminal_shop.views import Badge, DataRequestView


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


@dataclass(frozen=True)
class MerchantRow:
    """A row of the admin's registration list."""

    id: str
    date: str
    nama_usaha: str
    nama_lengkap: str
    nomor_hp: str
    email: str
    kabupaten_kota: str
    status: str
    badge: Badge


def merchant_row(r: Any) -> MerchantRow:
    return MerchantRow(
        id=str(r.id),
        date=wib(r.created_at, with_time=False),
        nama_usaha=r.nama_usaha,
        nama_lengkap=r.nama_lengkap,
        nomor_hp=r.nomor_hp,
        email=r.email,
        kabupaten_kota=r.kabupaten_kota,
        status=r.status,
        badge=Badge.of(RegistrationStatus, r.status),
    )


@dataclass(frozen=True)
class DayFigures:
    day: str  # "24/11"
    date: str  # "24/11/2026", for the table
    orders: int
    revenue: int
    revenue_text: str


@dataclass(frozen=True)
class Waiting:
    label: str
    count: int
    oldest: str  # how long the oldest has waited, "-" when none
    href: str  # the list, filtered to what waits


@dataclass(frozen=True)
class StatusCount:
    badge: Badge
    count: int


@dataclass(frozen=True)
class Overview:
    range_text: str
    days: tuple[DayFigures, ...]
    orders: str
    revenue: str
    confirmed: str
    average_confirmation: str
    waiting: tuple[Waiting, ...]
    registrations: tuple[StatusCount, ...]
    # Orders waiting for review that an imported statement line pays, and the rest.
    waiting_matched: int = 0
    waiting_unmatched: int = 0
    data_requests: tuple[DataRequestView, ...] = ()  # open, nearest deadline first
