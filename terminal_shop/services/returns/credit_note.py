"""The credit note of a refunded return (issue 61.3): its own yearly number series (NK/2026/000001,
taken in the refund's transaction: no gap), naming the invoice it corrects, the units and the
amount returned with the PPN within it; downloaded by the order page's holder and the staff
through a link signed for an hour."""

from __future__ import annotations

import time
import uuid

from terminal_shop import routes
from terminal_shop.formats import rupiah, wib
from terminal_shop.infra.db import read_session
from terminal_shop.infra.pdf import table_pdf
from terminal_shop.infra.pdf_text import latin
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.signing import sign, verify
from terminal_shop.services.orders import owners as orders
from terminal_shop.services.orders.views import order_number
from terminal_shop.services.returns.naming import named_units
from terminal_shop.services.returns.tables import OrderReturn
from terminal_shop.services.returns.terms import ReturnReason
from terminal_shop.services.validation import parse_id

LINK_SECONDS = 3600


def link(return_id: uuid.UUID) -> str:
    expires = int(time.time()) + LINK_SECONDS
    path = routes.API_CREDIT_NOTE.format(return_id=return_id)
    return f"{path}?t={sign('credit-note', return_id, expires)}&e={expires}"


def file_name(number: str) -> str:
    return f"nota-kredit-{number.replace('/', '-')}.pdf"


def for_link(return_id: str, token: str, expires: str) -> tuple[str, bytes] | None:
    """(file name, PDF) behind a live link; None for a link not ours, expired, or no note yet."""
    rid = parse_id(return_id)
    if rid is None or not expires.isdigit() or int(expires) < time.time():
        return None
    if not verify(token, "credit-note", rid, int(expires)):
        return None
    with read_session() as s:
        row = s.get(OrderReturn, rid)
        order = orders.record(s, row.order_id) if row is not None else None
        if row is None or order is None or not row.credit_note or order.restricted_at is not None:
            return None
        lines = named_units(s, row.serials)
        return file_name(row.credit_note), _pdf(
            row, order.invoice_number or order_number(order.id), order.buyer_name, lines
        )


def _pdf(row: OrderReturn, invoice_number: str, buyer: str, lines: list[str]) -> bytes:
    cfg = get_settings()
    pdf = table_pdf()
    pdf.set_title(latin(f"Nota kredit {row.credit_note}"))
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 14)
    pdf.cell(0, 8, latin(f"NOTA KREDIT {row.credit_note}"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 9)
    pdf.multi_cell(0, 5, latin(f"{cfg.brand_name}, {cfg.seller_address}, NPWP {cfg.seller_npwp}\nKepada: {buyer}\n"
                               f"Mengoreksi invoice {invoice_number} · retur {row.number} ({ReturnReason.label_of(row.reason)})\n"
                               f"Tanggal: {wib(row.changed_at)}"), new_x="LMARGIN", new_y="NEXT")  # fmt: skip
    pdf.ln(3)
    pdf.row([("Unit dikembalikan", 190, "L")], bold=True)
    for line in lines:
        pdf.row([(line, 190, "L")])
    pdf.ln(2)
    pdf.row([("Dikembalikan (termasuk PPN)", 148, "R"), (rupiah(row.amount), 42, "R")])
    pdf.tax_rows(row.amount, 148, 42)
    pdf.ln(3)
    pdf.set_font("Helvetica", "", 8)
    pdf.multi_cell(0, 4, latin(f"Dana ditransfer ke {row.bank} a.n. {row.account_holder}, referensi {row.refund_reference}."),
                   new_x="LMARGIN", new_y="NEXT")  # fmt: skip
    return bytes(pdf.output())
