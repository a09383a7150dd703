"""What a service case costs the merchant (issue 48.2): a repair out of warranty (set when the
admin checks it: steps.check), or an old unit not collected within rules.SERVICE_RETURN_DAYS
of its replacement leaving (this module's round), each a line of catalogue.SERVICE_FEES; the
merchant pays it like an order, so it has the shop's invoice numbering and PDF: "Bayar tagihan"
puts the case's own bill in the cart (orders/bills.py: priced here, signed, paid once), and
the case reads the bill's state from its order (docs/decisions.md "A service bill")."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import or_
from sqlmodel import col, select

from terminal_shop import catalogue, rules
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.services.devices import units
from terminal_shop.services.events.bus import publish
from terminal_shop.services.orders import bills
from terminal_shop.services.orders.bills import BillState
from terminal_shop.services.registrations import owners as registrations
from terminal_shop.services.servicing.cases import ServiceError
from terminal_shop.services.servicing.events import ServiceCaseMoved
from terminal_shop.services.servicing.tables import ServiceCase
from terminal_shop.services.servicing.terms import CaseStep, ServiceRefusal
from terminal_shop.services.validation import parse_id


@dataclass(frozen=True)
class FeeOrder:
    line: str  # the cart's line (orders/bills.py cart_key)
    buyer: dict[str, str]  # the checkout's buyer fields, from the registration; the note names the case


def charge_unreturned(now: datetime | None = None) -> int:
    """The cases whose old unit is still not collected 14 days after the replacement left."""
    now = now or utcnow()
    due = now - timedelta(days=rules.SERVICE_RETURN_DAYS)
    charged = 0
    with write_session() as s:
        not_charged = or_(
            col(ServiceCase.fee_sku).is_(None), col(ServiceCase.fee_sku).startswith(catalogue.REPAIR_PREFIX)
        )
        rows = s.exec(
            select(ServiceCase).where(col(ServiceCase.step) == CaseStep.SENT.value, col(ServiceCase.sent_at) < due,
                                      not_charged).with_for_update(skip_locked=True)
        ).all()  # fmt: skip
        for case in rows:
            device = units.record(s, case.device_id)
            fee = catalogue.service_fee(device.model, unreturned=True) if device else None
            if fee is None:
                continue
            case.fee_sku = fee.sku
            s.add(case)
            publish(s, ServiceCaseMoved(entity_id=str(case.id), actor="sistem", old_status=case.step, new_status=case.step,
                                        detail=f"Unit lama belum kembali {rules.SERVICE_RETURN_DAYS} hari setelah pengganti "
                                               f"dikirim: tagihan {fee.name} {fee.price_text}. Bayar di akun Anda, atau "
                                               "serahkan unit lama ke kurir penjemput."))  # fmt: skip
            charged += 1
    return charged


def fee_order(merchant_ids: list[uuid.UUID], case_id: str) -> FeeOrder:
    """The cart for a case's bill: only the merchant's own case, with a fee not paid or waiting."""
    key = parse_id(case_id)
    with read_session() as s:
        case = s.get(ServiceCase, key) if key else None
        merchant = registrations.record(s, case.merchant_id) if case and case.merchant_id in merchant_ids else None
        if case is None or merchant is None or not case.fee_sku:
            raise ServiceError(ServiceRefusal.NO_BILL)
        if bills.state(s, case.number, case.fee_sku) is not BillState.UNPAID:
            raise ServiceError(ServiceRefusal.BILL_PAID)
        buyer = registrations.as_buyer(merchant) | {"note": f"Tagihan servis {case.number}"}
    return FeeOrder(bills.cart_key(case.number, case.fee_sku), buyer)


def still_due(case_number: str, fee_sku: str) -> bool:
    """Whether a bill in a cart is the one its case asks for now (a repair fee an unreturned
    unit's charge replaced is not)."""
    with read_session() as s:
        return s.exec(select(ServiceCase.id).where(col(ServiceCase.number) == case_number,
                                                   col(ServiceCase.fee_sku) == fee_sku)).first() is not None  # fmt: skip
