"""Invoices: a number per confirmed order, sequential per year without gaps, and the PDF.

The number is taken in the confirming transaction from `invoice_counters` (one row a year,
updated under its row lock): a confirmation that rolls back gives its number back, two
at once never share one. The PDF is drawn from the order alone, with its dates fixed, so
the same invoice number always renders the same document.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from sqlmodel import Session

from terminal_shop import routes
from terminal_shop.formats import WIB, rupiah, wib
from terminal_shop.infra.db import next_in_series, read_session
from terminal_shop.infra.models import table_of
from terminal_shop.infra.pdf import table_pdf
from terminal_shop.infra.pdf_text import latin
from terminal_shop.infra.settings import get_settings
from terminal_shop.infra.signing import sign, verify
from terminal_shop.services.orders import transfer_codes
from terminal_shop.services.orders.tables import InvoiceCounter, Order
from terminal_shop.services.orders.terms import PaymentMethod
from terminal_shop.services.orders.views import order_number

STAMP_DUTY_ABOVE = 5_000_000  # UU 10/2020: a receipt of more than this carries Rp 10.000 meterai
STAMP_DUTY = 10_000


if TYPE_CHECKING:
    from terminal_shop.infra.pdf_table import TablePdf


def allocate(s: Session, when: datetime) -> str:
    """The next number of `when`'s year (WIB), in the caller's transaction."""
    year = when.astimezone(WIB).year
    return f"INV/{year}/{next_in_series(s, table_of(InvoiceCounter), year):06d}"


def _totals(pdf: TablePdf, order: Order, widths: tuple[int, ...]) -> None:
    """Shipping, the kode unik, PPN for a PKP, and the total, right-aligned under the lines."""
    s = get_settings()
    label = sum(widths[:3])
    pdf.row(
        [("Ongkos kirim", label, "R"), (rupiah(order.shipping_fee) if order.shipping_fee else "Gratis", widths[3], "R")]
    )
    if order.unique_code:  # the kode unik is a discount: the total is what was transferred
        pdf.row([(transfer_codes.DISCOUNT_LINE, label, "R"), ("-" + rupiah(order.unique_code), widths[3], "R")])
    if s.seller_is_pkp:
        pdf.tax_rows(order.total, label, widths[3])
    pdf.row([("Total", label, "R"), (rupiah(order.total), widths[3], "R")], bold=True)


def render(order: Order, serials: Sequence[str] = ()) -> bytes:
    """The PDF of a confirmed order's invoice. With the units' serial numbers (once packed) it
    is the invoice's revision 1: the same number and amounts, the SNs added, dated at packing
    (docs/decisions.md, Devices)."""
    if not order.invoice_number or not order.invoiced_at:
        raise ValueError("the order has no invoice yet")
    pdf = table_pdf()
    pdf.set_creation_date(order.invoiced_at)
    pdf.set_title(latin(f"Invoice {order.invoice_number}"))
    pdf.set_author(latin(get_settings().brand_name))
    pdf.add_page()
    _heading(pdf, order, bool(serials))
    _lines(pdf, order, serials)
    _paid(pdf, order)
    return bytes(pdf.output())


def _heading(pdf: TablePdf, order: Order, revised: bool) -> None:
    """The seller, the invoice's number (and revision), the date and the buyer."""
    s = get_settings()
    pdf.set_font("Helvetica", "B", 18)
    pdf.cell(0, 10, latin(s.brand_name), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 9)
    pdf.multi_cell(0, 5, latin(f"{s.seller_address}\nNPWP {s.seller_npwp}\n{s.support_email}"))
    pdf.ln(4)
    pdf.set_font("Helvetica", "B", 14)
    pdf.cell(0, 8, latin(f"INVOICE {order.invoice_number}"), new_x="LMARGIN", new_y="NEXT")
    if revised and order.packed_at:
        pdf.set_font("Helvetica", "", 9)
        said = f"Revisi 1: nomor seri ditambahkan {wib(order.packed_at, with_time=False)}"
        pdf.cell(0, 5, latin(said), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    pdf.multi_cell(
        0,
        6,
        latin(
            f"Tanggal: {wib(order.invoiced_at, with_time=False)}    Pesanan: {order_number(order.id)}\n"
            f"Kepada: {order.buyer_name}\n{order.buyer_phone} | {order.buyer_email}\n{order.shipping_address}"
            + _tax_buyer(order)
        ),
    )
    pdf.ln(3)


def _tax_buyer(order: Order) -> str:
    """A PKP buyer's identity for its faktur pajak (issue 61.1), and the faktur's NSFP once recorded."""
    if not order.tax_id:
        return ""
    nsfp = f"\nFaktur pajak NSFP {order.nsfp}" if order.nsfp else "\nFaktur pajak: menunggu nomor dari Coretax"
    return (f"\nPembeli PKP: {order.tax_name}, NPWP/NIK {order.tax_id}, NITKU {order.tax_nitku}\n"
            f"Alamat sesuai NPWP: {order.tax_address}{nsfp}")  # fmt: skip


WIDTHS = (86, 20, 40, 44)  # the items table's columns, in mm: the product left, figures right


def _cells(texts: Sequence[str]) -> list[tuple[str, float, str]]:
    return [(text, w, "L" if i == 0 else "R") for i, (text, w) in enumerate(zip(texts, WIDTHS, strict=True))]


def _lines(pdf: TablePdf, order: Order, serials: Sequence[str]) -> None:
    """The items, the units' serial numbers, the totals."""
    pdf.row(_cells(("Produk", "Jumlah", "Harga satuan", "Subtotal")), bold=True)
    for item in order.items:
        qty, unit = int(item["qty"]), int(item["unit_price"])
        pdf.row(_cells((item["name"], str(qty), rupiah(unit), rupiah(qty * unit))))
    certified = [f"{item['name']}: {item['sdppi']}" for item in order.items if item.get("sdppi")]
    if serials or certified:
        pdf.set_font("Helvetica", "", 9)
        if serials:
            pdf.multi_cell(0, 5, latin(f"Nomor seri (SN): {', '.join(serials)}"), new_x="LMARGIN", new_y="NEXT")
        if certified:
            pdf.multi_cell(0, 5, latin(f"Sertifikat SDPPI: {'; '.join(certified)}"), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 10)
    _totals(pdf, order, WIDTHS)


def _paid(pdf: TablePdf, order: Order) -> None:
    """How and when it was paid, LUNAS, and the stamp duty's place above its threshold."""
    pdf.ln(4)
    pdf.set_font("Helvetica", "", 10)
    paid = f"Dibayar dengan {PaymentMethod.label_of(order.payment_method)}, dikonfirmasi {wib(order.invoiced_at)}."
    pdf.multi_cell(0, 6, latin(paid))
    pdf.set_font("Helvetica", "B", 28)
    pdf.set_text_color(5, 150, 105)
    pdf.cell(0, 16, "LUNAS", align="R", new_x="LMARGIN", new_y="NEXT")
    pdf.set_text_color(0, 0, 0)
    if order.total > STAMP_DUTY_ABOVE:
        pdf.set_font("Helvetica", "", 9)
        duty = (
            f"Penerimaan di atas {rupiah(STAMP_DUTY_ABOVE)}: dokumen ini dikenai Bea Meterai "
            f"{rupiah(STAMP_DUTY)} (UU 10/2020). Tempat e-Meterai:"
        )
        pdf.multi_cell(0, 5, latin(duty))
        pdf.cell(40, 24, "", border=1, new_x="LMARGIN", new_y="NEXT")


LINK_SECONDS = 3600


def link(order_id: object) -> str:
    """The invoice's download address for whoever holds it (the order page, the admin), valid
    LINK_SECONDS: the pages make a new one each time they are shown (issue 35.9: a link
    copied from a page or a log gave the buyer's name, phone and address for ever)."""
    expires = int(time.time()) + LINK_SECONDS
    return f"{routes.invoice(order_id)}?t={sign('order-invoice', order_id, expires)}&e={expires}"


def for_link(order_id: str, token: str, expires: str) -> Order | None:
    """The invoiced order behind a live download link, or None: a link that is not ours or
    has expired, or an order restricted on its buyer's request."""
    try:
        oid = uuid.UUID(order_id)
    except ValueError:
        return None
    if not expires.isdigit() or int(expires) < time.time() or not verify(token, "order-invoice", oid, int(expires)):
        return None
    with read_session() as s:
        order = s.get(Order, oid)
    if order is None or not order.invoice_number or order.restricted_at is not None:
        return None
    return order


def file_name(order: Order) -> str:
    return (order.invoice_number or "invoice").replace("/", "-") + ".pdf"
