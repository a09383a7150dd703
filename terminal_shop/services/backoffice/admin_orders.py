"""The admin's order page: the order with what other areas know of it (its history, who
looked at its proof, its mails, retention and requests, the merchant it is for). The list
and its export are the orders area's (services/orders/order_list.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from terminal_shop import routes
from terminal_shop.formats import rupiah, wib
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.audit import access_log
from terminal_shop.services.audit.terms import AccessAction
from terminal_shop.services.backoffice import audit
from terminal_shop.services.notifications import mail_log
from terminal_shop.services.orders import admin_fields
from terminal_shop.services.orders.checkout import find
from terminal_shop.services.orders.terms import OrderStatus, PaymentMethod
from terminal_shop.services.orders.views import OrderView, order_number
from terminal_shop.services.privacy import copies, requests, retention
from terminal_shop.services.registrations.views import business_names
from terminal_shop.views import Badge, LineView

PROOF_ITEM = "Bukti pembayaran"  # what the access log names


@dataclass(frozen=True)
class OrderDetail:
    view: OrderView
    proof_url: str  # a short-lived signed link, '' when no proof is stored
    proof_is_pdf: bool


def detail(order_id: str, viewer: str = "", reads_restricted: bool = False) -> OrderDetail | None:
    """`viewer`: the admin opening the page, whose look at the proof is logged. An order
    restricted on the buyer's request shows its proof only to a role that `reads_restricted`."""
    order = find(order_id)
    if order is None:
        return None
    proof_url = ""
    open_record = order.restricted_at is None or reads_restricted  # restricted: status, items and dates only
    readable = order.payment_proof_path and open_record
    if viewer and readable:
        with write_session() as s:  # the look is logged: the view is this use case's one write
            access_log.record_in(s, viewer, AccessAction.VIEWED, "order", str(order.id), PROOF_ITEM)
    if readable and order.payment_proof_path:
        proof_url = get_storage().signed_url(get_settings().bucket_order_payments, order.payment_proof_path)
    view = OrderView(
        id=str(order.id),
        number=order_number(order.id),
        buyer_name=order.buyer_name if open_record else copies.RESTRICTED,
        buyer_phone=order.buyer_phone if open_record else copies.RESTRICTED,
        buyer_email=order.buyer_email if open_record else copies.RESTRICTED,
        shipping_address=order.shipping_address if open_record else copies.RESTRICTED,
        note=(order.note or "") if open_record else copies.RESTRICTED,
        subtotal=rupiah(order.subtotal),
        shipping_fee=rupiah(order.shipping_fee),
        total=rupiah(order.total),
        method=PaymentMethod.label_of(order.payment_method),
        status=order.status,
        badge=Badge.of(OrderStatus, order.status),
        created_at=wib(order.created_at),
        updated_at=wib(order.updated_at),
        lines=tuple(LineView.of(i["sku"], i["name"], i["qty"], i["unit_price"]) for i in order.items),
        history=audit.history("order", str(order.id)),
        access=access_log.history("order", str(order.id)),
        qris=admin_fields.qris_shown(order.qris_payload),
        mails=copies.shown_mails(mail_log.for_entity("order", str(order.id)), open_record),
        **admin_fields.fulfilment(order),
        **admin_fields.payment(order),
        **_merchant(order.merchant_id),
        retention=retention.purge_note("order", order),
        requests=requests.open_requests("order", str(order.id)),
        erased=order.purged_at is not None,
        restricted=requests.restriction_note("order", order),
    )
    return OrderDetail(view, proof_url, (order.payment_proof_path or "").lower().endswith(".pdf"))


def _merchant(merchant_id: object) -> dict[str, Any]:
    """Who the order is for: its linked registration's business, with a link to its page."""
    if merchant_id is None:
        return {}
    with read_session() as s:
        names = business_names(s, [merchant_id])  # type: ignore[list-item]
    return {
        "merchant": names[0] if names else "(dihapus)",
        "merchant_link": routes.with_id(routes.ADMIN_MERCHANT, str(merchant_id)),
    }
