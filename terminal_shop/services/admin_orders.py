"""The admin's view of orders: stats, list, detail, export, confirm and reject."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from sqlalchemy import update
from sqlmodel import select

from terminal_shop.db import read_rows, read_session, write_session
from terminal_shop.models import Order, utcnow
from terminal_shop.money import rupiah, wib, wib_sortable
from terminal_shop.services import audit
from terminal_shop.services.csv_export import stream
from terminal_shop.services.listing import Page, cards, clamp_page, contains, fetch_page, page_of, tallies
from terminal_shop.services.orders import PAYMENT_METHODS, STATUS_LABELS, find, order_number
from terminal_shop.settings import get_settings
from terminal_shop.storage import get_storage

PER_PAGE = 10
CSV_HEADER = ["Tanggal", "Order ID", "Nama", "Email", "Telepon", "Metode", "Status", "Total"]
MSG_REASON_REQUIRED = "Alasan penolakan harus diisi"


class TransitionError(Exception):
    """The order is no longer waiting for review (someone else acted first)."""


def stats() -> dict[str, int]:
    with read_rows() as conn:
        return cards(tallies(conn, "orders"), STATUS_LABELS)


_O = Order.__table__.c  # Core columns for list reads (see services.listing)


def _id_match(text: str):  # noqa: ANN202
    """The condition for a typed order number (8 hex digits) or full id, else None."""
    compact = text.strip().replace("-", "").lower()
    if re.fullmatch(r"[0-9a-f]{32}", compact):
        return _O.id == uuid.UUID(compact)
    if re.fullmatch(r"[0-9a-f]{8}", compact):
        # The order number is the id's first 8 hex digits: a range on the primary key.
        return _O.id.between(uuid.UUID(compact + "0" * 24), uuid.UUID(compact + "f" * 24))
    return None


def _filters(search: str, status: str, method: str, conn=None) -> list:  # noqa: ANN001
    """With `conn`, a typed order number is looked up first (the list does; the export,
    which searches without the id as the SPEC says, does not)."""
    conds = []
    if status in STATUS_LABELS:
        conds.append(_O.status == status)
    if method in PAYMENT_METHODS:
        conds.append(_O.payment_method == method)
    text = search.strip()
    if text:
        id_cond = _id_match(text) if conn is not None else None
        if id_cond is not None and conn.execute(select(_O.id).where(id_cond, *conds).limit(1)).first() is not None:
            conds.append(id_cond)  # a typed order number finds that order (indexed, instant)
        else:
            conds.append(contains(text, names=[_O.buyer_name], emails=[_O.buyer_email], phones=[_O.buyer_phone]))
    return conds


def list_page(search: str = "", status: str = "", method: str = "", page: object = 1, after: str = "", before: str = "") -> Page:
    """One page of orders with the stat cards (`after`/`before`: see listing.fetch_page)."""
    page = clamp_page(page)
    status = status if status in STATUS_LABELS else ""
    method = method if method in PAYMENT_METHODS else ""
    searching = bool(search.strip())
    with read_rows() as conn:
        conds = _filters(search, status, method, conn)
        tally = tallies(conn, "orders")
        rows, total = fetch_page(
            conn,
            select(_O.id, _O.created_at, _O.buyer_name, _O.buyer_email, _O.buyer_phone, _O.total, _O.payment_method, _O.status).where(*conds),
            Order.__table__, page, PER_PAGE, after, before, counted=searching,
        )
    if not searching:  # exact, as the SPEC asks, without counting rows
        total = sum(n for st, me, n in tally if status in ("", st) and method in ("", me))
    shown = [
        {
            "id": str(r.id),
            "number": order_number(r.id),
            "date": wib(r.created_at),
            "buyer": r.buyer_name,
            "email": r.buyer_email,
            "total": rupiah(r.total),
            "method": PAYMENT_METHODS.get(r.payment_method, r.payment_method),
            "status": r.status,
            "status_label": STATUS_LABELS.get(r.status, r.status),
        }
        for r in rows
    ]
    return page_of(rows, shown, total, page, PER_PAGE, cards(tally, STATUS_LABELS))


@dataclass(frozen=True)
class OrderDetail:
    order: Order
    proof_url: str
    proof_is_pdf: bool
    history: list[audit.HistoryLine]


def detail(order_id: str) -> OrderDetail | None:
    order = find(order_id)
    if order is None:
        return None
    proof_url = ""
    if order.payment_proof_path:
        proof_url = get_storage().signed_url(get_settings().bucket_order_payments, order.payment_proof_path)
    return OrderDetail(order, proof_url, (order.payment_proof_path or "").lower().endswith(".pdf"), audit.history("order", str(order.id)))


def _transition(order_id: str, admin_email: str, new_status: str, reason: str | None = None) -> None:
    """paid_review -> confirmed/cancelled, once: a conditional update, so two admins cannot both win."""
    oid = uuid.UUID(str(order_id))
    now = utcnow()
    with write_session() as s:
        order = s.get(Order, oid)
        if order is None or order.status != "paid_review":
            raise TransitionError("Pesanan tidak lagi menunggu review")
        values: dict[str, Any] = {"status": new_status, "updated_at": now}
        if reason is not None:
            line = f"[{wib(now)}] DITOLAK: {reason}"
            values["note"] = f"{order.note}\n{line}" if order.note else line
        result = s.exec(update(Order).where(Order.id == oid, Order.status == "paid_review").values(**values))
        if result.rowcount != 1:
            raise TransitionError("Pesanan tidak lagi menunggu review")
        audit.record(s, admin_email, "confirm" if new_status == "confirmed" else "reject", "order", str(oid), "paid_review", new_status, reason)


def confirm(order_id: str, admin_email: str) -> None:
    _transition(order_id, admin_email, "confirmed")


def reject(order_id: str, reason: str, admin_email: str) -> None:
    reason = (reason or "").strip()
    if not reason:
        raise ValueError(MSG_REASON_REQUIRED)
    _transition(order_id, admin_email, "cancelled", reason[:500])


def export_csv(search: str = "", status: str = "", method: str = "") -> Iterator[bytes]:
    """Every order matching the list's filters (search without the id, as the SPEC says)."""
    conds = _filters(search, status, method)

    def rows() -> Iterator[list[object]]:
        with read_session() as s:
            result = s.exec(
                select(Order.created_at, Order.id, Order.buyer_name, Order.buyer_email, Order.buyer_phone, Order.payment_method, Order.status, Order.total)
                .where(*conds)
                .order_by(Order.created_at.desc(), Order.id.desc())
                .execution_options(yield_per=1000)
            )
            for r in result:
                yield [wib_sortable(r.created_at), order_number(r.id), r.buyer_name, r.buyer_email, r.buyer_phone, r.payment_method, r.status, r.total]

    return stream(CSV_HEADER, rows())
