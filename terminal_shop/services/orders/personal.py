"""An order's personal data as the privacy area erases, restricts and copies it: the orders
area's door for it (issue 51.1). Every function works in the caller's transaction; the
rules (when, why, what else goes with it) are privacy's (services/privacy/)."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, func, select

from terminal_shop.infra.models import blank_personal, column_values, personal_texts, utcnow
from terminal_shop.infra.settings import get_settings
from terminal_shop.services.orders.tables import Order, ProofPrint, TransferCode
from terminal_shop.services.orders.views import OrderFacts

ENTITY = "order"
FILES_ARE = "file"  # what the erasure's audit line counts


def record(s: Session, order_id: uuid.UUID, lock: bool = False) -> OrderFacts | None:
    return s.get(Order, order_id, with_for_update=lock)


def bucket() -> str:
    return get_settings().bucket_order_payments


def files(s: Session, order_id: uuid.UUID) -> list[tuple[str, str]]:
    """(name, storage key) of the order's files: its proof of payment."""
    row = s.get(Order, order_id)
    return [("bukti", row.payment_proof_path)] if row is not None and row.payment_proof_path else []


def contact(row: OrderFacts) -> tuple[str, str]:
    return row.buyer_email, row.buyer_phone


def fields(s: Session, order_id: uuid.UUID) -> dict[str, Any]:
    """Every column of the order, for the data subject's copy."""
    row = s.get(Order, order_id)
    return column_values(row) if row is not None else {}


def personal_values(s: Session, order_id: uuid.UUID) -> list[str]:
    """What the personal columns hold: the words that name the buyer anywhere else."""
    return personal_texts(s.get_one(Order, order_id))


def blank(s: Session, order_id: uuid.UUID) -> None:
    """Every column the table marks personal gets its erased value; the proof's fingerprints go."""
    row = s.get_one(Order, order_id)
    blank_personal(row)
    s.add(row)
    s.exec(sa.delete(ProofPrint).where(col(ProofPrint.order_id) == order_id))


def restrict(s: Session, order_id: uuid.UUID) -> None:
    s.exec(
        sa.update(Order)
        .where(col(Order.id) == order_id, col(Order.restricted_at).is_(None))
        .values(restricted_at=utcnow())
    )


def address_in_use(s: Session, address: str, other_than: uuid.UUID) -> bool:
    """Another live order was placed with this e-mail."""
    live = (func.lower(Order.buyer_email) == address, col(Order.purged_at).is_(None), col(Order.id) != other_than)
    return s.exec(select(Order.id).where(*live)).first() is not None


def phones_like(s: Session, pattern: str, other_than: uuid.UUID) -> list[str]:
    """The phones of other live orders matching a LIKE pattern (typed phones vary in spelling)."""
    live = (col(Order.buyer_phone).like(pattern), col(Order.purged_at).is_(None), col(Order.id) != other_than)
    return list(s.exec(select(Order.buyer_phone).where(*live)))


def placed_before(limit: datetime) -> Any:
    """A select of the ids of orders placed before `limit` and not erased yet (retention)."""
    return select(Order.id).where(col(Order.created_at) <= limit, col(Order.purged_at).is_(None))


def forget_abandoned(s: Session, limit: datetime, batch: int, dry_run: bool) -> list[str]:
    """Amounts held for checkouts that never became orders and ran out before `limit`."""
    stale = (col(TransferCode.order_id).is_(None), col(TransferCode.expires_at) <= limit)
    found = [str(a) for a in s.exec(select(TransferCode.amount).where(*stale).limit(batch))]
    if found and not dry_run:
        s.exec(sa.delete(TransferCode).where(*stale))
    return found


def created_between(s: Session, start: datetime, end: datetime) -> list[uuid.UUID]:
    """The live orders placed in [start, end): the people a data incident over them touched."""
    o = Order
    window = (col(o.created_at) >= start, col(o.created_at) < end, col(o.purged_at).is_(None))
    return list(s.exec(select(o.id).where(*window)))
