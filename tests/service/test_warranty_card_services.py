"""What the products carry (issue 61.6): each terminal's SDPPI certificate on its order's invoice,
and a unit's warranty card once its warranty runs, counted like a /garansi lookup. Real database
and storage of the test mode; the card's route as the browser calls it."""

from __future__ import annotations

import io
import uuid
from datetime import date

import pytest
from pypdf import PdfReader
from starlette.testclient import TestClient

from terminal_shop import catalogue, routes
from terminal_shop.formats import day_text
from terminal_shop.infra import rate_limits
from terminal_shop.infra.db import read_session
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.devices import owned, packing, stock, warranty_card
from terminal_shop.services.orders import fulfilment, invoice, transitions
from terminal_shop.services.orders.tables import Order
from terminal_shop.web import api

from support.factories import ADMIN, checkout_order
from support.files import png

A920 = catalogue.product("A920")


def _text(pdf: bytes) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)


def _client(address: str = "203.0.113.7") -> TestClient:
    return TestClient(api.files_app(), raise_server_exceptions=False, client=(address, 50000))


def _packed_a920(tmp_path, serial: str):
    stock.receive(serial, "A920", ADMIN)
    made = checkout_order(get_storage(), png(tmp_path / f"{uuid.uuid4().hex}.png").read_bytes(), lines=(("A920", 1),))
    transitions.confirm(str(made.id), ADMIN)
    packing.pack(str(made.id), [serial], ADMIN)
    return made


def test_the_card_comes_once_the_warranty_runs_and_names_the_unit_and_nobody(clean_db, tmp_path):
    stock.receive("A9200009", "A920", ADMIN)
    made = _packed_a920(tmp_path, "A9200001")
    assert warranty_card.card_of("A9200009") is None  # on the shelf: nobody's yet
    assert warranty_card.card_of("A9200001") is None  # packed, not received: no warranty yet
    assert owned.warranty("A9200001").card == ""
    assert warranty_card.card_of("TIDAKADA1") is None and warranty_card.card_of("") is None

    fulfilment.ship(str(made.id), "jne", "CGK1234567890", ADMIN)
    fulfilment.deliver(str(made.id), ADMIN)
    card = warranty_card.card_of("a920 0001")  # as typed from the label
    assert card is not None
    assert (card.model, card.serial, card.sdppi, card.registration) == (
        "PAX A920 Pro", "A9200001", A920.sdppi, A920.warranty_card_no,
    )  # fmt: skip
    assert card.ends == owned.warranty_end(card.starts)
    answer = owned.warranty("A9200001")
    assert answer.card == owned.card_link("A9200001") and owned.of_order(made.id)[0].card == answer.card

    got = _client().get(answer.card)
    assert got.status_code == 200 and got.headers["content-type"] == "application/pdf"
    assert 'filename="kartu-garansi-A9200001.pdf"' in got.headers["content-disposition"]
    text = _text(got.content)
    for said in ("KARTU GARANSI", "PAX A920 Pro", "A9200001", A920.sdppi, A920.warranty_card_no,
                 f"Garansi mulai {day_text(card.starts)}", f"Garansi berakhir {day_text(card.ends)}"):  # fmt: skip
        assert said in text, said
    assert made.buyer_name not in text and made.buyer_email not in text and made.buyer_phone not in text
    missing = _client().get(f"{routes.API_WARRANTY_CARD}?sn=TIDAKADA1")
    assert (missing.status_code, missing.text) == (404, warranty_card.NO_CARD)


def test_the_start_is_the_delivery_day_counted_back_from_the_end():
    for delivered in (date(2026, 11, 2), date(2026, 1, 31), date(2026, 12, 31), date(2027, 3, 31)):
        assert warranty_card.started(owned.warranty_end(delivered)) == delivered


@pytest.fixture
def site_limits():
    rate_limits.configure(factor=1)
    yield
    rate_limits.configure()


def test_cards_of_one_serial_are_limited_as_lookups_are(clean_db, tmp_path, site_limits):
    """The card says what /garansi says: guessing serial numbers through it is counted the same
    (per serial from anywhere, so a shared address is not refused for one stranger's guesses)."""
    refused = None
    for i in range(40):
        answer = _client(f"198.51.100.{i}").get(f"{routes.API_WARRANTY_CARD}?sn=A9209999")
        if answer.status_code == 429:
            refused = answer
            break
        assert answer.status_code == 404
    assert refused is not None and "Terlalu banyak" in refused.text


def test_a_terminals_certificate_is_on_its_invoice_as_it_stood_when_ordered(clean_db, tmp_path):
    made = checkout_order(get_storage(), png(tmp_path / "bukti.png").read_bytes(), lines=(("A920", 1), ("SOUNDBOX", 1)))
    assert {item["sku"]: item.get("sdppi") for item in made.items} == {
        "A920": A920.sdppi, "SOUNDBOX": catalogue.product("SOUNDBOX").sdppi,
    }  # fmt: skip
    transitions.confirm(str(made.id), ADMIN)
    with read_session() as s:
        text = _text(invoice.render(s.get(Order, made.id)))
    assert f"Sertifikat SDPPI: PAX A920 Pro: {A920.sdppi}" in text.replace("\n", " ")
