"""The parts of an order's admin page beyond its own columns: its way to the buyer, how its
payment was checked, the QR the buyer was shown."""

from __future__ import annotations

from typing import Any

from terminal_shop import couriers, routes
from terminal_shop.formats import rupiah
from terminal_shop.services.orders import invoice, proof_prints, qris
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import Fulfilment
from terminal_shop.services.orders.views import LinkedOrder


def fulfilment(order: Order) -> dict[str, Any]:
    courier = couriers.courier(order.courier or "")
    return {
        "fulfilment": order.fulfilment,
        "fulfilment_label": Fulfilment.label_of(order.fulfilment),
        "courier": courier.name if courier else "",
        "resi": order.resi or "",
        "tracking_page": courier.tracking_page if courier else "",
        "invoice_number": order.invoice_number or "",
        "invoice_link": invoice.link(order.id) if order.invoice_number else "",
    }


def payment(order: Order) -> dict[str, Any]:
    twins = proof_prints.repeated_in(order.id)
    asked = order.proof_amount
    return {
        "unique_code": rupiah(order.unique_code) if order.unique_code else "",
        "payment_check": order.payment_check or "",
        "proof_twins": tuple(LinkedOrder(number, routes.with_id(routes.ADMIN_ORDER, oid)) for oid, number in twins),
        "proof_amount_warning": (
            f"Bukti dikirim saat halaman meminta {rupiah(asked)}, pesanan ini meminta {rupiah(order.total)}."
            if asked is not None and asked != order.total
            else ""
        ),
    }


def qris_shown(payload: str | None) -> str:
    if not payload:
        return ""
    shown = qris.summarise(payload)
    return f"{rupiah(shown.amount)} · tagihan {shown.bill_number} · CRC {shown.crc}"
