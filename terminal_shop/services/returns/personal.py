"""An order's returns as erasure takes them (services/privacy/erasure.py): what the buyer wrote
and the account a refund went to blanked, the photos deleted once the erasure commits. The
return stays: its units, steps, amount and credit note are the company's books (kept for tax
law: docs/decisions.md, Returns)."""

from __future__ import annotations

import uuid

from sqlmodel import Session, col, select

from terminal_shop.infra.models import Held, blank_where
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.returns.events import ReturnEvent
from terminal_shop.services.returns.tables import OrderReturn


def erase_of_order(s: Session, order_id: uuid.UUID) -> Held:
    rows = list(s.exec(select(OrderReturn).where(col(OrderReturn.order_id) == order_id)))
    if not rows:
        return Held()
    bucket = get_settings().bucket_order_payments
    files = tuple((bucket, key) for r in rows for key in r.photo_keys)
    blank_where(s, OrderReturn, lambda t: t.c.order_id == order_id)
    for r in rows:
        s.refresh(r)
        r.photo_keys = []
        s.add(r)
    return Held(records=tuple((ReturnEvent.entity_type, str(r.id)) for r in rows), files=files)
