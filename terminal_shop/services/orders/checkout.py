"""Checkout orders: the all-or-nothing creation of an order with its proof of payment,
and what the buyer's pages read of it. The rules before an order exists are in checkout_rules.py."""

from __future__ import annotations

import logging
import secrets
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta

from sqlalchemy import Connection, func
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from terminal_shop import routes
from terminal_shop.formats import rupiah
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.metrics import Figure
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.signing import sign
from terminal_shop.infra.storage import Storage, StorageError, discard, get_storage
from terminal_shop.infra.uploads import CheckedFile, UploadRejected, safe_name
from terminal_shop.refusals import first_text
from terminal_shop.services.events.bus import publish
from terminal_shop.services.lists.listing import per_status
from terminal_shop.services.notifications import consent
from terminal_shop.services.orders import bills, buyer_limit, order_status, proof_prints, transfer_codes
from terminal_shop.services.orders.checkout_rules import Buyer, OrderError, price_cart, stored_items, validate_buyer
from terminal_shop.services.orders.events import OrderPlaced
from terminal_shop.services.orders.payment_qr import order_payload
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import Fulfilment, OrderRefusal, OrderStatus, PaymentMethod, buyer_status
from terminal_shop.services.orders.views import OrderSummary, PricedCart, order_number
from terminal_shop.services.validation import clean, client_ref_ok, new_client_ref, parse_id

log = logging.getLogger(__name__)


def success_path(order_id: object) -> str:
    """The thank-you page of a made order."""
    return f"{routes.CHECKOUT_SUCCESS}?order_id={order_id}"


def order_id_for_attempt(client_ref: str) -> uuid.UUID:
    """The id an attempt's order gets: derived from the attempt's key under SECRET_KEY, so
    a client can neither choose it nor make another attempt's (its number is the QR's
    bill number, shown before the order exists)."""
    return uuid.UUID(hex=sign("order-id", client_ref), version=4)


def new_attempt(make_ref: Callable[[], str] = new_client_ref) -> str:
    """A key for a new checkout attempt whose order number no order has yet (the number is
    8 hex digits of the id: two could meet; the column's unique index is the last word)."""
    while True:
        ref = make_ref()
        with read_session() as s:
            taken = s.exec(select(Order.id).where(col(Order.number) == order_number(order_id_for_attempt(ref)))).first()
        if taken is None:
            return ref


def order_id_for(client_ref: str) -> str | None:
    """The id of the order a checkout attempt already made, if it made one: a tab whose
    submission's answer was lost (connection cut, worker killed) learns it was received."""
    if not client_ref_ok(client_ref):
        return None
    order = _find_by_client_ref(client_ref)
    return str(order.id) if order else None


def _find_by_client_ref(client_ref: str) -> Order | None:
    with read_session() as s:
        return _made(s, client_ref)


def _made(s: Session, client_ref: str) -> Order | None:
    return s.exec(select(Order).where(col(Order.client_ref) == client_ref)).first()


def create_order(
    *,
    client_ref: str,
    buyer: dict[str, str],
    lines: list[tuple[str, int]],
    payment_method: str,
    proof_filename: str,
    proof_data: bytes | None,
    shown_amount: int = 0,
    storage: Storage | None = None,
) -> Order:
    """Creates the order and stores its proof, or neither.

    A repeated call with the same client_ref returns the first order (double click,
    retry after a dropped connection): found in the transaction that would store it, so a
    first submission asks the database once (a resend's proof is put, then removed). The
    order's id comes from the client_ref (order_id_for_attempt): the number the confirm page
    already showed in its QR. A BCA order takes the kode unik the confirm page held for the
    attempt (transfer_codes);
    `shown_amount` is what that page asked for when the proof was chosen.
    Raises OrderError or UploadRejected.
    """
    client_ref = clean(client_ref)[:64]
    if not client_ref:
        raise OrderError(OrderRefusal.GENERIC)
    buyer_ok, (cart, method) = _checked_buyer(buyer), _checked_payment(lines, payment_method)
    proof = _checked_proof(proof_data)
    code = transfer_codes.reserve(client_ref, cart.total) if method is PaymentMethod.TRANSFER_BCA else 0
    order = _new_order(order_id_for_attempt(client_ref), client_ref, buyer_ok, cart, method, code)
    order.proof_amount = shown_amount if shown_amount > 0 else None
    print_ = proof_prints.file_print(proof)  # its pHash follows after the commit
    return _store(
        order, proof, print_, safe_name(proof_filename, "bukti"), storage or get_storage(), bool(buyer_ok.whatsapp)
    )


def _checked_buyer(raw: dict[str, str]) -> Buyer:
    cleaned, errors = validate_buyer(raw)
    if cleaned is None:
        raise OrderError(OrderRefusal.INVALID, words=first_text(errors))
    return cleaned


def _checked_payment(lines: list[tuple[str, int]], payment_method: str) -> tuple[PricedCart, PaymentMethod]:
    """The cart priced from the catalogue, paid by a method allowed for its total."""
    cart = price_cart(lines)
    if not cart.lines:
        raise OrderError(OrderRefusal.EMPTY_CART)
    method = PaymentMethod.parse(payment_method)
    if method is None:
        raise OrderError(OrderRefusal.UNKNOWN_METHOD)
    if method is PaymentMethod.QRIS and not cart.qris_allowed:
        raise OrderError(OrderRefusal.QRIS_LIMIT)
    return cart, method


def _checked_proof(data: bytes | None) -> CheckedFile:
    if not data:
        raise OrderError(OrderRefusal.PROOF_MISSING)
    return proof_prints.checked(data)


def _new_order(
    order_id: uuid.UUID, client_ref: str, buyer: Buyer, cart: PricedCart, method: PaymentMethod, code: int
) -> Order:
    qris_payload = order_payload(cart.total, order_number(order_id)) if method is PaymentMethod.QRIS else None
    return Order(
        id=order_id,
        number=order_number(order_id),
        client_ref=client_ref,
        buyer_name=buyer.buyer_name,
        buyer_phone=buyer.buyer_phone,
        buyer_email=buyer.buyer_email,
        shipping_address=buyer.shipping_address,
        note=buyer.note,
        tax_id=buyer.tax.tax_id if buyer.tax else None,
        tax_nitku=buyer.tax.nitku if buyer.tax else None,
        tax_name=buyer.tax.name if buyer.tax else None,
        tax_address=buyer.tax.address if buyer.tax else None,
        items=stored_items(cart),
        subtotal=cart.subtotal,
        shipping_fee=cart.shipping_fee,
        total=cart.total - code,  # what the buyer transfers (transfer_codes)
        unique_code=code,
        payment_method=method.value,
        status=OrderStatus.PAID_REVIEW.value,
        payment_proof_url=None,  # private file: admins get signed links (docs/decisions.md)
        qris_payload=qris_payload,
        service_case=cart.bill_case or None,
        service_fee=cart.bill_fee or None,
        fulfilment=Fulfilment.NOTHING.value if cart.bill_case else Fulfilment.NOT_STARTED.value,
    )


def _store(
    order: Order, proof: CheckedFile, print_: proof_prints.Fingerprint, filename: str, storage: Storage, whatsapp: bool
) -> Order:
    """The proof first, then the order in one commit (`_place`); the proof goes again if that
    commit does not happen or finds the attempt's order made before (a resend)."""
    bucket = get_settings().bucket_order_payments
    key = f"{order.id}/{int(time.time() * 1000)}_{secrets.token_hex(4)}_{filename.rsplit('.', 1)[0]}.{proof.extension}"
    try:
        storage.put(bucket, key, proof.data, proof.content_type, print_.sha256)
    except StorageError as exc:
        raise OrderError(OrderRefusal.STORAGE) from exc
    order.payment_proof_path = key
    try:
        with write_session() as s:
            made, repeated = _look_before_placing(s, order, print_)
            if made is None:
                _place(s, order, print_, repeated, whatsapp)
    except IntegrityError:
        discard(storage, bucket, key)
        winner = _find_by_client_ref(order.client_ref or "")
        if winner is None:  # another tab paid the same bill at the same moment (uq_orders_live_bill)
            raise OrderError(OrderRefusal.BILL_TAKEN if order.service_case else OrderRefusal.GENERIC) from None
        return winner
    except BaseException:
        discard(storage, bucket, key)
        raise
    if made is not None:
        discard(storage, bucket, key)
        return made
    log.info("order %s placed: %s, %s", order_number(order.id), order.payment_method, rupiah(order.total))
    return order


def _place(s: Session, order: Order, print_: proof_prints.Fingerprint, repeated: bool, whatsapp: bool) -> None:
    """The order with its held amount, its proof's fingerprint, the buyer's WhatsApp consent
    and its messages."""
    buyer_limit.check(s, order)
    _bill_not_taken(s, order)
    if order.unique_code:
        transfer_codes.claim(s, order.client_ref or "", order.total + order.unique_code, order.id)
    # Only the later order is marked (the earlier one's page still names it): marking
    # other rows here would make checkouts sending one image wait on each other.
    order.proof_suspect = repeated or order.proof_amount not in (None, order.total)
    s.add(order)
    s.flush()  # written now: the subscribers find it in the session instead of selecting it again
    proof_prints.record(s, order.id, print_)
    if whatsapp:  # before the event: its WhatsApp message goes to a number that opted in
        consent.whatsapp_box_ticked(s, order.buyer_phone, f"checkout {order.number}")
    publish(s, OrderPlaced(entity_id=str(order.id), actor="pembeli", new_status=order.status))


def _bill_not_taken(s: Session, order: Order) -> None:
    """A service bill is paid once: a second order for it is refused while the first stands."""
    if order.service_case and order.service_fee and bills.live_order(s, order.service_case, order.service_fee):
        raise OrderError(OrderRefusal.BILL_TAKEN)


def _look_before_placing(s: Session, order: Order, print_: proof_prints.Fingerprint) -> tuple[Order | None, bool]:
    """One round trip before anything is written: the order this attempt made before (a
    resend), whether an earlier order sent this very file, and on PostgreSQL the buyer's
    e-mail and phone locked until the commit (advisory locks, always in the same order; SQLite
    has one writer at a time), so the buyer's limit counts every order that can be stored.
    The subqueries see the statement's snapshot: a twin committing meanwhile is stopped by the
    unique client_ref."""
    made = select(Order.id).where(col(Order.client_ref) == order.client_ref).scalar_subquery()
    columns = [made, proof_prints.sent_before(print_).scalar_subquery()]
    if s.get_bind().dialect.name == "postgresql":
        columns += buyer_limit.locks(order)
    made_id, repeated, *_ = s.execute(select(*columns)).one()
    return (None if made_id is None else s.get(Order, made_id)), repeated is not None


def find(order_id: str) -> Order | None:
    """The order with this id, or None for an unknown or malformed id (from a URL)."""
    if (oid := parse_id(order_id)) is None:
        return None
    with read_session() as s:
        return s.get(Order, oid)


def load_summary(order_id: str) -> OrderSummary | None:
    order = find(order_id)
    if order is None:
        return None
    return OrderSummary(
        order_number(order.id),
        rupiah(order.total),
        PaymentMethod.label_of(order.payment_method),
        buyer_status(order.status, order.fulfilment),
        order_status.status_path(order.id),
        order_status.transfer_amount(order),
        order.service_case or "",
        routes.service_case(order.service_case) if order.service_case else "",
    )


__all__ = ["OrderError", "UploadRejected", "create_order", "load_summary", "order_id_for", "success_path"]


def operator_figures(conn: Connection, now: datetime) -> Iterator[Figure]:
    """The operator's figures (/metrics): orders by status (trigger-kept tallies), the last hour's."""
    for status, n in per_status(conn, "orders").items():
        yield "orders", "Orders stored, by status", {"status": status}, n
    placed = conn.execute(select(func.count()).where(col(Order.created_at) >= now - timedelta(hours=1))).scalar_one()
    yield "orders_last_hour", "Orders placed in the last hour", {}, int(placed)


def proof_keys(ids: list[uuid.UUID]) -> set[str]:
    """The stored proofs of these orders (services/stored_files.py: what the sweeper keeps)."""
    with read_session() as s:
        return {p for p in s.exec(select(Order.payment_proof_path).where(col(Order.id).in_(ids))) if p}
