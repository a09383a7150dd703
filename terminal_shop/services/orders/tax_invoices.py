"""The faktur pajak of PKP buyers (issue 61.1): the finance staff take a month's PKP orders into
Coretax as a CSV (every field Coretax's import asks for a sale with DPP nilai lain, transaction
code 04; the mapping is in docs/decisions.md, Shipping and invoices), then record on each order
the NSFP Coretax issued, which the buyer reads on its status page and its invoice."""

from __future__ import annotations

import uuid
from datetime import date, datetime, time, timedelta

from sqlmodel import col, select

from terminal_shop.formats import WIB
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.refusals import Refused
from terminal_shop.services.events.bus import publish
from terminal_shop.services.orders.events import OrderTaxInvoiced
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import OrderStatus
from terminal_shop.services.validation import parse_id
from terminal_shop.tax import CoretaxLine, TaxIdentity, TaxRefusal, nsfp_ok
from terminal_shop.tax import coretax_csv as coretax_layout


def record_nsfp(order_id: str, typed: str, admin_email: str) -> str:
    """The faktur's serial number for a PKP buyer's order, as Coretax gave it (17 digits)."""
    nsfp, key = nsfp_ok(str(typed)), parse_id(order_id)
    if nsfp is None:
        raise Refused(TaxRefusal.NSFP)
    with write_session() as s:
        order = s.get(Order, key, with_for_update=True) if key else None
        if order is None or not order.tax_id:
            raise Refused(TaxRefusal.NSFP)
        order.nsfp = nsfp
        s.add(order)
        publish(s, OrderTaxInvoiced(entity_id=str(order.id), actor=admin_email, detail=f"NSFP {nsfp}"))
    return nsfp


def coretax_csv(month: str) -> tuple[str, str]:
    """(file name, CSV) of the PKP buyers' confirmed orders placed in `month` ("2026-12"), WIB."""
    try:
        first = date.fromisoformat(f"{str(month)[:7]}-01")
    except ValueError:
        first = datetime.now(WIB).date().replace(day=1)
    lo = datetime.combine(first, time(0), WIB)
    hi = datetime.combine((first + timedelta(days=32)).replace(day=1), time(0), WIB)
    with read_session() as s:
        orders = s.exec(select(Order).where(col(Order.tax_id).is_not(None), col(Order.created_at) >= lo,
                                            col(Order.created_at) < hi, col(Order.status) == OrderStatus.CONFIRMED.value,
                                            col(Order.restricted_at).is_(None))
                        .order_by(col(Order.created_at))).all()  # fmt: skip
    lines = [CoretaxLine((o.invoiced_at or o.created_at).astimezone(WIB).date(),
                         TaxIdentity(o.tax_id or "", o.tax_nitku or "", o.tax_name or "", o.tax_address or ""),
                         o.buyer_email, o.invoice_number or o.number or "", o.total, o.nsfp or "") for o in orders]  # fmt: skip
    return f"coretax-{first:%Y-%m}.csv", coretax_layout(lines)


def tax_line(order_id: uuid.UUID) -> tuple[str, str]:
    """(the buyer's tax identity, the NSFP or "") as the order's pages show them; ("", "") for others."""
    with read_session() as s:
        o = s.get(Order, order_id)
    if o is None or not o.tax_id:
        return "", ""
    return f"{o.tax_name} · NPWP/NIK {o.tax_id} · NITKU {o.tax_nitku}", o.nsfp or ""
