"""Every kind of notice rendered on every channel that offers it (issue 60.3), from what each kind
declares it carries (its area's `Tell(values=...)`) and the record it is about: a real
order or merchant of the test database. A channel that offers a kind must say it whole (no
placeholder left, no Python value, every WhatsApp parameter filled), and each value a kind
carries is said on at least one channel."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

import pytest

from terminal_shop import couriers
from terminal_shop.infra.db import read_session
from terminal_shop.infra.storage import get_storage
from terminal_shop.services.devices import packing, stock
from terminal_shop.services.notifications import channels, kinds
from terminal_shop.services.notifications.channels import Notice
from terminal_shop.services.orders import fulfilment, transitions
from terminal_shop.services.orders import owners as orders
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.whatsapp.templates import TEMPLATES

from support.factories import ADMIN, checkout_order, make_merchant
from support.files import png

ABOUT_AN_ORDER = {k for k in kinds.names() if k.startswith(("order_", "proof_"))} | {"return_step"}
FOR_STAFF = {"data_request", "payout_case", "service_case_opened", "return_opened"}
# Values that are no text of their own: a courier (its name and tracking page are said), the units' serials.
SAMPLES = {"courier": couriers.courier("jne"), "serials": ["A9200001", "A9200002"],
           "due": datetime(2026, 12, 10, 3, 0, tzinfo=UTC)}  # fmt: skip


def _sample(key: str) -> object:
    return SAMPLES.get(key, f"nilai{key.replace('_', '')}")  # a word no template holds by itself


@pytest.fixture
def records(clean_db, tmp_path):
    order = checkout_order(get_storage(), png(tmp_path / "bukti.png").read_bytes(), lines=(("A920", 2),))
    transitions.confirm(str(order.id), ADMIN)  # its confirmation carries the invoice
    for sn in SAMPLES["serials"]:  # and shipped: its courier and resi are said
        stock.receive(sn, "A920", ADMIN)
    packing.pack(str(order.id), SAMPLES["serials"], ADMIN)
    fulfilment.ship(str(order.id), "jne", "CGK1234567890", ADMIN)
    merchant_id = make_merchant(tmp_path)
    with read_session() as s:
        return orders.record(s, order.id), registrations.record(s, merchant_id)


def _notice(kind: str, order, merchant) -> Notice:
    about = order if kind in ABOUT_AN_ORDER else None if kind in FOR_STAFF else merchant
    email = "staf@terminalku.example" if kind in FOR_STAFF else about.buyer_email if about is order else merchant.email
    phone = None if kind in FOR_STAFF else "081234567890"
    values = {key: _sample(key) for key in kinds.values_of(kind)}
    return Notice(kind, f"test:{kind}", ("test", "1"), email, phone, about, values)


def _said(mail) -> str:
    return "\n".join(str(part) for part in (mail.subject, mail.text, mail.html) if part)


def test_every_kind_is_rendered_whole_on_every_channel_that_offers_it(records):
    order, merchant = records
    offered = {(kind, ch.name) for ch in channels.registered() for kind in ch.offers}
    assert {kind for kind, _ in offered} == kinds.names()  # every kind reaches someone
    unsaid = {}
    with read_session() as s:
        for kind in sorted(kinds.names()):
            notice = _notice(kind, order, merchant)
            heard = ""
            for ch in channels.registered():
                if kind not in ch.offers:
                    continue
                address = ch.address(notice)
                assert address, (kind, ch.name)
                mail = ch.render(s, notice, channels.content(s, notice), address)
                assert mail is not None, f"{ch.name} offers {kind} but says nothing"
                text = _said(mail)
                assert mail.subject.strip() and mail.text.strip(), (kind, ch.name)
                assert not re.search(r"\{\{\d+\}\}|\bNone\b|\{[a-z_]+\}", text), f"{kind} on {ch.name}:\n{text}"
                if ch.name == "whatsapp":
                    sent = json.loads(mail.text)  # the template's name and parameters (mail.html: as read)
                    params = TEMPLATES[sent["template"]].params
                    assert len(sent["params"]) == len(params) and all(str(p).strip() for p in sent["params"]), kind
                heard += text
            unsaid[kind] = [k for k in kinds.values_of(kind) if isinstance(_sample(k), str) and _sample(k) not in heard]
    assert {kind: keys for kind, keys in unsaid.items() if keys} == {}, "values a kind carries that no channel says"
