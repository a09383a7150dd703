"""A PKP buyer's faktur pajak (issue 61.1) on this pass's real database: the tax identity checked
as typed and kept with the order, printed on its invoice, exported for Coretax (confirmed orders
of the month, code 04, the PPN within the price) and the NSFP Coretax issued recorded and shown."""

from __future__ import annotations

import csv
import io
from datetime import datetime

import pytest
from pypdf import PdfReader

from terminal_shop.formats import WIB
from terminal_shop.infra.db import read_session
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.orders import invoice, order_status, tax_invoices, transitions
from terminal_shop.services.orders.checkout_rules import validate_buyer
from terminal_shop.services.orders.tables import Order
from terminal_shop.tax import Tax, TaxRefusal

from support.factories import ADMIN, BUYER_TYPED, checkout_order
from support.files import png
from support.refusals import codes, refused

PKP = {**BUYER_TYPED, "pkp": "1", "tax_id": "0925.4294.3407.0000", "tax_nitku": "0925 4294 3407 0000 000000",
       "tax_name": "PT Maju Bersama", "tax_address": "Jl. Pemuda 1, Semarang"}  # fmt: skip


@pytest.mark.parametrize(
    "over, wrong",
    [
        ({"tax_id": "092542943407000"}, {"tax_id": TaxRefusal.TAX_ID}),  # 15 digits: the old NPWP
        ({"tax_id": "0925A294340700001"}, {"tax_id": TaxRefusal.TAX_ID}),
        ({"tax_nitku": "092542943407000000000"}, {"tax_nitku": TaxRefusal.NITKU}),
        ({"tax_name": "", "tax_address": ""}, {"tax_name": TaxRefusal.NAME, "tax_address": TaxRefusal.ADDRESS}),
    ],
)
def test_a_pkp_buyers_wrong_tax_fields_are_refused_each_in_its_words(over, wrong):
    cleaned, errors = validate_buyer({**PKP, **over})
    assert cleaned is None and codes(errors) == wrong


def test_a_buyer_who_asked_for_no_faktur_is_asked_nothing():
    cleaned, errors = validate_buyer({**BUYER_TYPED, "tax_id": "123"})
    assert errors == {} and cleaned is not None and cleaned.tax is None


def test_the_faktur_goes_from_the_order_to_coretax_and_its_nsfp_back_to_the_buyer(clean_db, tmp_path):
    made = checkout_order(get_storage(), png(tmp_path / "bukti.png").read_bytes(), buyer=PKP)
    plain = checkout_order(get_storage(), png(tmp_path / "bukti2.png").read_bytes())
    waiting = checkout_order(
        get_storage(), png(tmp_path / "bukti3.png").read_bytes(), buyer={**PKP, "buyer_email": "b@example.com"}
    )
    with read_session() as s:
        order = s.get_one(Order, made.id)
    assert (order.tax_id, order.tax_nitku, order.tax_name) == (
        "0925429434070000",
        "0925429434070000000000",
        "PT Maju Bersama",
    )
    assert plain.tax_id is None and waiting.tax_id
    transitions.confirm(str(made.id), ADMIN)
    transitions.confirm(str(plain.id), ADMIN)
    with read_session() as s:
        order = s.get_one(Order, made.id)
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(invoice.render(order))).pages)
    assert "Pembeli PKP: PT Maju Bersama, NPWP/NIK 0925429434070000, NITKU 0925429434070000000000" in text
    assert "menunggu nomor dari Coretax" in text

    name, text = tax_invoices.coretax_csv(datetime.now(WIB).strftime("%Y-%m"))
    [header, row] = list(csv.reader(io.StringIO(text)))  # the confirmed PKP order only
    assert header[:5] == ["Tanggal Faktur", "Jenis Faktur", "Kode Transaksi", "NPWP/NIK Pembeli", "NITKU Pembeli"]
    tax = Tax.of(order.total)
    assert row[2:7] == ["04", "0925429434070000", "0925429434070000000000", "PT Maju Bersama", "Jl. Pemuda 1, Semarang"]
    assert row[8] == order.invoice_number and [int(x) for x in row[9:12]] == [tax.price, tax.base, tax.ppn]
    assert name == f"coretax-{datetime.now(WIB):%Y-%m}.csv"

    with refused(TaxRefusal.NSFP):
        tax_invoices.record_nsfp(str(made.id), "0100002512345678", ADMIN)  # 16 digits
    with refused(TaxRefusal.NSFP):
        tax_invoices.record_nsfp(str(plain.id), "01000025123456789", ADMIN)  # no faktur was asked
    assert tax_invoices.record_nsfp(str(made.id), "010.000-25.12345678 9", ADMIN) == "01000025123456789"
    with read_session() as s:
        order = s.get_one(Order, made.id)
    assert order.nsfp == "01000025123456789"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(invoice.render(order))).pages)
    assert "Faktur pajak NSFP 01000025123456789" in text
    seen = order_status.load(str(made.id), order_status.status_token(made.id))  # the buyer's status page
    assert seen is not None and seen.faktur == "Faktur pajak NSFP 01000025123456789"
    other = order_status.load(str(plain.id), order_status.status_token(plain.id))
    assert other is not None and other.faktur == ""
