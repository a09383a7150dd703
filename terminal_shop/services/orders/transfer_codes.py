"""The kode unik: a BCA order's total less 1 to 999 rupiah, so that no two transfers awaited
at once have the same amount and a statement line names its order (docs/decisions.md,
Payments). The code is taken off, never added: a buyer never pays above the shown price.

An amount is held from the confirm page (for the attempt's key) and passes to the order
made from that attempt; an attempt's hold lapses after HOLD. An order's hold outlives its
confirmation or cancellation (`settle`): a statement line that pays an order can be booked
up to MATCH_WINDOW after it was placed, and until then that amount must not be given to
another order, or the line would pay it too. A statement that brings the line of an order
confirmed by hand marks the line as that order's and frees the amount (reconcile.py). The amount is the table's primary key, so two workers can never
hold the same one: a loser of the race tries another code.
"""

from __future__ import annotations

import logging
import random
import uuid
from datetime import datetime, timedelta

from sqlalchemy import delete, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from terminal_shop import rules
from terminal_shop.infra import rate_limits
from terminal_shop.infra.db import read_session, write_session
from terminal_shop.infra.models import utcnow
from terminal_shop.infra.rate_limits import Action
from terminal_shop.services.orders.tables import TransferCode

log = logging.getLogger(__name__)

# What the buyer reads around the exact amount: the pages and the order e-mail.
EXACTLY = ("Transfer tepat ", " agar pembayaran Anda cocok otomatis dengan mutasi rekening kami.")
CODE_TAKEN_OFF = "Sudah dipotong kode unik "
DISCOUNT_LINE = "Potongan kode unik"  # its line in an order's breakdown: the status page, the invoice

CODES = range(1, 1000)
HOLD = timedelta(hours=24)
MATCH_WINDOW = rules.PAYMENT_LINE_WINDOW  # a line booked this long after an order was placed may pay it
LINE_REACH = MATCH_WINDOW + timedelta(days=1)  # ... and its booking day ends a day later
TRIES = 20


def reserve(client_ref: str, base_total: int) -> int:
    """The code this attempt transfers with for a cart of `base_total`: the one it holds, or
    a free one now held for it; 0 when every code of that total is taken (paid as it is,
    matched by hand)."""
    if not client_ref or base_total <= max(CODES):
        return 0
    for _ in range(TRIES):
        try:
            with write_session() as s:
                return _hold(s, client_ref, base_total)
        except IntegrityError:  # another worker took that amount first: pick again
            continue
    log.warning("no kode unik after %d tries for a total of %d", TRIES, base_total)
    return 0


def for_page(client_ref: str, base_total: int, client: str) -> int:
    """What the confirm page shows: the code the attempt holds, or a new hold, counted per
    client (a hold is a write: a script must not take every code of a total). Past the
    limit, 0: the plain total, and the order still gets a code when it is sent."""
    with read_session() as s:
        mine = s.exec(select(TransferCode).where(col(TransferCode.client_ref) == client_ref)).first()
    if mine is not None and mine.base_total == base_total:
        return mine.code
    try:
        rate_limits.hit(Action.TRANSFER_HOLD, client)
    except rate_limits.TooMany:
        return 0
    return reserve(client_ref, base_total)


def _hold(s: Session, client_ref: str, base_total: int) -> int:
    now = utcnow()
    mine = s.exec(select(TransferCode).where(col(TransferCode.client_ref) == client_ref)).first()
    if mine is not None and mine.order_id is None and mine.base_total == base_total:
        mine.expires_at = now + HOLD
        return mine.code
    if mine is not None and mine.order_id is None:  # the cart changed since: hold anew
        s.delete(mine)
        s.flush()
    elif mine is not None:  # already an order's
        return mine.code
    lowest, highest = base_total - max(CODES), base_total - min(CODES)
    in_range = col(TransferCode.amount).between(lowest, highest)
    lapsed = (col(TransferCode.order_id).is_(None) | col(TransferCode.settled_at).is_not(None)) & (
        col(TransferCode.expires_at) < now
    )
    s.exec(delete(TransferCode).where(in_range, lapsed))
    taken = {base_total - a for a in s.exec(select(TransferCode.amount).where(in_range))}
    free = [c for c in CODES if c not in taken]
    if not free:
        return 0
    code = random.choice(free)  # spread: workers racing for the same total rarely collide
    s.add(
        TransferCode(
            amount=base_total - code, client_ref=client_ref, base_total=base_total, code=code, expires_at=now + HOLD
        )
    )
    s.flush()
    return code


def claim(s: Session, client_ref: str, base_total: int, order_id: uuid.UUID) -> int | None:
    """In the order's own transaction: the attempt's held code becomes the order's. None when
    the attempt holds none for this total (the caller reserves one first)."""
    mine = s.exec(select(TransferCode).where(col(TransferCode.client_ref) == client_ref)).first()
    if mine is None or mine.base_total != base_total or mine.order_id not in (None, order_id):
        return None
    mine.order_id = order_id
    return mine.code


def settle(s: Session, order_id: uuid.UUID, placed_at: datetime) -> None:
    """The order no longer waits for its transfer; its amount stays held until no line of
    its window can still arrive (LINE_REACH after it was placed)."""
    s.exec(
        update(TransferCode)
        .where(col(TransferCode.order_id) == order_id)
        .values(settled_at=utcnow(), expires_at=placed_at + LINE_REACH)
    )


def release(s: Session, order_ids: list[uuid.UUID]) -> None:
    """These orders' lines have arrived: their amounts are free for others."""
    s.exec(delete(TransferCode).where(col(TransferCode.order_id).in_(order_ids)))
