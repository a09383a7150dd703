"""What a buyer may see of their own order, and how they find it again.

An order's page is reached by a signed link (the success page shows it; e-mails will
carry it), or by the order number plus the buyer's e-mail on /dashboard. A wrong e-mail
and an unknown number get the same answer, and lookups are limited per client address so
order numbers cannot be enumerated.
"""

from __future__ import annotations

import hmac
import re
import uuid
from dataclasses import dataclass

from sqlmodel import Session, col, select

from terminal_shop import couriers, routes, rules
from terminal_shop.formats import rupiah, wib
from terminal_shop.infra import rate_limits
from terminal_shop.infra.db import read_session
from terminal_shop.infra.rate_limits import Action
from terminal_shop.infra.signing import sign, verify
from terminal_shop.refusals import Refused
from terminal_shop.services.audit import trail
from terminal_shop.services.orders.invoice import link as invoice_link
from terminal_shop.services.orders.payment_qr import qr_view
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import Fulfilment, LookupRefusal, OrderStatus, PaymentMethod, buyer_status
from terminal_shop.services.orders.views import PaymentQr, TransferAmount, order_number
from terminal_shop.services.validation import clean, parse_id
from terminal_shop.views import LineView


def status_token(order_id: uuid.UUID | str) -> str:
    return sign("order-status", uuid.UUID(str(order_id)))


def verified(order_id: str, token: str) -> uuid.UUID | None:
    """The order's id when `token` is its status link's (whoever holds the link acts as its buyer)."""
    oid = parse_id(order_id)
    return oid if oid is not None and verify(clean(token), "order-status", oid) else None


def status_path(order_id: uuid.UUID | str) -> str:
    """The order's own page, for whoever holds this link (the buyer)."""
    return f"{routes.with_id(routes.ORDER_STATUS, order_id)}?t={status_token(order_id)}"


@dataclass(frozen=True)
class Step:
    label: str
    state: str  # "done", "current" or "todo"
    detail: str = ""


@dataclass(frozen=True)
class OrderStatusView:
    number: str
    status: str  # the stored value, for the page to branch on
    status_label: str  # as the buyer reads it
    steps: tuple[Step, ...]
    lines: tuple[LineView, ...]
    total: str
    method: str  # the stored value
    method_label: str
    created_at: str
    waiting: bool
    rejection_reason: str = ""
    payment_qr: PaymentQr | None = None
    # After confirmation: the parcel and the invoice ('' until there is one).
    courier: str = ""
    resi: str = ""
    tracking_page: str = ""
    invoice_number: str = ""
    invoice_link: str = ""
    transfer: TransferAmount = TransferAmount()  # while a BCA order waits: the exact amount
    code_discount: str = ""  # "-Rp 290": the kode unik taken off, so the lines add up to the total
    service_case: str = ""  # a service bill's case number: nothing ships, the page leads back to the case
    case_link: str = ""
    faktur: str = ""  # a PKP buyer's faktur pajak: its NSFP once recorded, or that it waits (issue 61.1)


def transfer_amount(order: Order) -> TransferAmount:
    """The exact amount a waiting BCA order asks for; empty for anything else."""
    waiting = order.status == OrderStatus.PAID_REVIEW and order.payment_method == PaymentMethod.TRANSFER_BCA
    return TransferAmount.of(order.total, order.unique_code) if waiting else TransferAmount()


def _rejection_reason(s: Session, order_id: uuid.UUID) -> str:
    rejected = trail.entries(s, "order", str(order_id), action="reject", newest_first=True)
    return (rejected[0].detail or "") if rejected else ""


def load(order_id: str, token: str) -> OrderStatusView | None:
    """The order behind a signed link, or None for a link that is not ours (any id, any token)."""
    if (oid := parse_id(order_id)) is None:
        return None
    if not verify(clean(token), "order-status", oid):
        return None
    with read_session() as s:
        order = s.get(Order, oid)
        if order is None:
            return None
        reason = _rejection_reason(s, oid) if order.status == OrderStatus.CANCELLED else ""
    status = OrderStatus.parse(order.status) or OrderStatus.PAID_REVIEW
    received = Step("Pesanan diterima", "done", wib(order.created_at))
    if status is OrderStatus.CONFIRMED:  # confirmed when invoiced (updated_at moves on with the parcel)
        outcome = Step("Pembayaran dikonfirmasi", "done", wib(order.invoiced_at or order.updated_at))
    elif status is OrderStatus.CANCELLED:
        outcome = Step("Pembayaran ditolak", "done", " · ".join(filter(None, [wib(order.updated_at), reason])))
    else:
        outcome = Step(
            "Dikonfirmasi atau ditolak",
            "todo",
            rules.PAYMENT_PROMISE,
        )
    checking = Step("Menunggu verifikasi pembayaran", "current" if status is OrderStatus.PAID_REVIEW else "done",
                    wib(order.created_at))  # the proof came with the order  # fmt: skip
    waiting = status is OrderStatus.PAID_REVIEW
    courier = couriers.courier(order.courier or "")
    shipping = _shipping_steps(order, courier) if status is OrderStatus.CONFIRMED and not order.service_case else ()
    return OrderStatusView(
        number=order_number(order.id),
        status=status.value,
        status_label=buyer_status(order.status, order.fulfilment),
        steps=(received, checking, outcome, *shipping),
        courier=courier.name if courier else "",
        resi=order.resi or "",
        tracking_page=courier.tracking_page if courier else "",
        invoice_number=order.invoice_number or "",
        invoice_link=invoice_link(order.id) if order.invoice_number else "",
        lines=tuple(LineView.of(i["sku"], i["name"], i["qty"], i["unit_price"]) for i in order.items),
        total=rupiah(order.total),
        code_discount=f"-{rupiah(order.unique_code)}" if order.unique_code else "",
        method=order.payment_method,
        method_label=PaymentMethod.label_of(order.payment_method),
        created_at=wib(order.created_at),
        service_case=order.service_case or "",
        case_link=routes.service_case(order.service_case) if order.service_case else "",
        faktur=(
            f"Faktur pajak NSFP {order.nsfp}"
            if order.nsfp
            else "Faktur pajak: dibuat setelah pembayaran dikonfirmasi, nomornya muncul di sini"
        )
        if order.tax_id
        else "",  # fmt: skip
        waiting=waiting,
        rejection_reason=reason,
        payment_qr=qr_view(order.qris_payload) if waiting and order.qris_payload else None,
        transfer=transfer_amount(order),
    )


def _shipping_steps(order: Order, courier: couriers.Courier | None) -> tuple[Step, ...]:
    """Packed, shipped (with courier and resi), delivered: the stages reached are done (with
    their WIB time where known), the next one is current."""
    shipped = f"{courier.name if courier else ''} · resi {order.resi}" if order.resi else ""
    stages = (
        (Fulfilment.PACKED, order.packed_at, ""),
        (Fulfilment.SHIPPED, order.shipped_at, shipped),
        (Fulfilment.DELIVERED, order.delivered_at, ""),
    )
    order_of = [stage for stage, _, _ in stages]
    current = Fulfilment.parse(order.fulfilment) or Fulfilment.NOT_STARTED
    reached = order_of.index(current) if current in order_of else -1
    steps = []
    for i, (stage, at, detail) in enumerate(stages):
        if i <= reached:
            steps.append(Step(stage.label, "done", " · ".join(filter(None, [wib(at) if at else "", detail]))))
        else:
            steps.append(Step(stage.label, "current" if i == reached + 1 else "todo"))
    return tuple(steps)


class LookupRefused(Refused):
    code: LookupRefusal


def throttle_lookup(client: str, number: str = "") -> None:
    """Counts a lookup before it is answered, and refuses it past the limits
    (infra/rate_limits.py): per client address, and per order number (whoever asks)."""
    try:
        rate_limits.hit_all((Action.LOOKUP, client), *([(Action.LOOKUP_NUMBER, number)] if number else []))
    except rate_limits.TooMany as exc:
        raise LookupRefused(LookupRefusal.TOO_MANY, minutes=exc.minutes) from None


def track(number: str, email: str, client: str) -> str:
    """The status page of the order with this number and buyer e-mail, or LookupRefused."""
    number, email = clean(number).replace("-", "").lower(), clean(email).lower()
    if not re.fullmatch(r"[0-9a-f]{8}", number) or not email:
        raise LookupRefused(LookupRefusal.ORDER_FIELDS)
    throttle_lookup(client, number)
    with read_session() as s:
        low, high = uuid.UUID(number + "0" * 24), uuid.UUID(number + "f" * 24)
        candidates = s.exec(select(Order.id, Order.buyer_email).where(col(Order.id).between(low, high))).all()
    for order_id, buyer_email in candidates:
        if hmac.compare_digest(buyer_email.strip().lower().encode(), email.encode()):
            return status_path(order_id)
    raise LookupRefused(LookupRefusal.NOT_FOUND)
