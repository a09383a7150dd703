"""'Pesan kertas' (issue 48.4): the cart a merchant's device card fills, the roll its printer
takes and the business's address from the approved registration, for one of the signed-in
person's own devices only."""

from __future__ import annotations

from dataclasses import dataclass

from terminal_shop import catalogue
from terminal_shop.infra.db import read_session
from terminal_shop.services.customers.account import merchants_of
from terminal_shop.services.devices import units
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.validation import parse_id


@dataclass(frozen=True)
class PaperOrder:
    sku: str
    buyer: dict[str, str]  # the checkout's buyer fields, from the registration


def paper_order(email: str, device_id: str) -> PaperOrder | None:
    key = parse_id(device_id)
    mine = merchants_of(email)
    with read_session() as s:
        device = units.record(s, key) if key else None
        if device is None or device.merchant_id not in mine:
            return None
        roll = catalogue.paper_for(device.model)
        merchant = registrations.record(s, device.merchant_id) if device.merchant_id else None
        if roll is None or merchant is None:
            return None
        buyer = registrations.as_buyer(merchant)
    return PaperOrder(roll.sku, buyer)
