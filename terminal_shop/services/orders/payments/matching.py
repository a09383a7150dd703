"""What each imported statement line is to the orders waiting for payment ("Cocok", "Ambigu",
"Tidak dikenal", ...), and the waiting orders it may have paid: the import screen's rows."""

from __future__ import annotations

import uuid
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select

from terminal_shop import routes
from terminal_shop.formats import rupiah, rupiah_cents, wib
from terminal_shop.infra.db import read_session
from terminal_shop.infra.models import table_of
from terminal_shop.services.orders import transitions
from terminal_shop.services.orders.payments import reconcile
from terminal_shop.services.orders.payments.reconcile import BANK_SOURCES, chunks
from terminal_shop.services.orders.payments.tables import StatementLine
from terminal_shop.services.orders.payments.terms import MatchKind, StatementSource
from terminal_shop.services.orders.payments.views import CandidateView, StatementRow
from terminal_shop.services.orders.tables import Order
from terminal_shop.services.orders.terms import OrderStatus, PaymentMethod
from terminal_shop.services.orders.views import order_number
from terminal_shop.views import Badge

_O = table_of(Order).c
# A statement_lines row read through Core: StatementLine's fields, no ORM object (10,000 of them).
LineRow = Any
# A waiting order's (id, number, buyer_name, created_at, total) row.
OrderRow = Any


def review(line_ids: Iterable[int]) -> list[StatementRow]:
    """The lines in the file's order, each with what it is to the waiting orders."""
    wanted = list(dict.fromkeys(int(i) for i in line_ids))
    table = table_of(StatementLine)
    with read_session() as s:
        lines: dict[int, LineRow] = {}
        for chunk in chunks(wanted):
            lines.update((ln.id, ln) for ln in s.connection().execute(sa.select(table).where(table.c.id.in_(chunk))))
        found = [lines[i] for i in wanted if i in lines]
        candidates = _candidates(s, found)
        used = _numbers(s, [ln.order_id for ln in found if ln.order_id])
    kinds = _kinds(found, candidates)
    return [_shown(ln, kinds[ln.id], candidates.get(ln.id, []), used.get(ln.order_id, "")) for ln in found]


def _candidates(s: Session, lines: list[LineRow]) -> dict[int, list[CandidateView]]:
    """The waiting orders each open line may have paid."""
    open_ = [ln for ln in lines if ln.order_id is None and ln.amount is not None]
    bank = [ln for ln in open_ if ln.source in BANK_SOURCES]
    qris = [ln for ln in open_ if ln.source == StatementSource.QRIS and ln.reference]
    out: dict[int, list[CandidateView]] = defaultdict(list)
    if bank:
        by_total: dict[int, list[OrderRow]] = defaultdict(list)
        lo, hi = min(ln.window_from for ln in bank), max(ln.window_to for ln in bank)
        for chunk in chunks(sorted({ln.amount for ln in bank})):
            for o in s.connection().execute(
                waiting_orders(
                    PaymentMethod.TRANSFER_BCA,
                    col(Order.total).in_(chunk),
                    col(Order.created_at) >= lo,
                    col(Order.created_at) < hi,
                )
            ):
                by_total[o.total].append(o)
        for ln in bank:
            out[ln.id] = [
                candidate_view(o) for o in by_total[ln.amount] if ln.window_from <= o.created_at < ln.window_to
            ]
    if qris:
        by_number: dict[str, OrderRow] = {}
        for chunk in chunks(sorted({ln.reference for ln in qris})):
            by_number |= {
                o.number: o
                for o in s.connection().execute(waiting_orders(PaymentMethod.QRIS, col(Order.number).in_(chunk)))
            }
        for ln in qris:
            paid = by_number.get(ln.reference)
            out[ln.id] = [candidate_view(paid)] if paid is not None and paid.total == ln.amount else []
    return out


def waiting_orders(method: PaymentMethod, *conds: Any) -> sa.Select[Any]:
    return sa.select(_O.id, _O.number, _O.buyer_name, _O.created_at, _O.total).where(
        col(Order.status) == OrderStatus.PAID_REVIEW.value, col(Order.payment_method) == method.value, *conds
    )


def candidate_view(o: OrderRow) -> CandidateView:
    number = o.number or order_number(o.id)
    link = routes.with_id(routes.ADMIN_ORDER, o.id)
    return CandidateView(str(o.id), number, o.buyer_name, wib(o.created_at), rupiah(o.total), link)


def _numbers(s: Session, order_ids: list[uuid.UUID]) -> dict[uuid.UUID, str]:
    found: dict[uuid.UUID, str] = {}
    for chunk in chunks(order_ids):
        found |= {
            oid: number or order_number(oid)
            for oid, number in s.exec(select(Order.id, Order.number).where(col(Order.id).in_(chunk)))
        }
    return found


def _kinds(lines: list[LineRow], candidates: dict[int, list[CandidateView]]) -> dict[int, MatchKind]:
    """One waiting order is "cocok", unless another line of the file is the only one for that
    same order too (a transfer sent twice?): then both are "ambigu", for the admin to pick."""
    sole = Counter(c[0].order_id for c in candidates.values() if len(c) == 1)
    kinds: dict[int, MatchKind] = {}
    for ln in lines:
        mine = candidates.get(ln.id, [])
        if ln.order_id is not None:
            kinds[ln.id] = MatchKind.USED
        elif ln.pending:
            kinds[ln.id] = MatchKind.PENDING
        elif ln.amount_cents < 0:
            kinds[ln.id] = MatchKind.DEBIT
        elif len(mine) == 1 and sole[mine[0].order_id] == 1:
            kinds[ln.id] = MatchKind.MATCHED
        elif mine:
            kinds[ln.id] = MatchKind.AMBIGUOUS
        else:
            kinds[ln.id] = MatchKind.UNKNOWN
    return kinds


def _shown(ln: LineRow, kind: MatchKind, candidates: list[CandidateView], used_by: str) -> StatementRow:
    amount = rupiah_cents(ln.amount_cents)
    return StatementRow(
        line_id=ln.id,
        date=ln.booked_on.strftime("%d/%m/%Y") if ln.booked_on else "PEND",
        description=ln.description,
        amount=amount,
        kind=kind.value,
        badge=Badge(kind.label, kind.tone),
        candidates=tuple(candidates),
        used_by=used_by,
    )


def confirm_matched(line_ids: Iterable[int], admin_email: str) -> tuple[int, int]:
    """Every "cocok" line of the review confirms its order: (confirmed, refused)."""
    done = refused = 0
    for row in review(line_ids):
        if row.kind != MatchKind.MATCHED:
            continue
        try:
            reconcile.confirm_line(row.line_id, row.candidates[0].order_id, admin_email)
            done += 1
        except (reconcile.ReconcileError, transitions.TransitionError):
            refused += 1
    return done, refused
