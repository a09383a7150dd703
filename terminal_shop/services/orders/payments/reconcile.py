"""Imported statement lines matched to the orders waiting for their payment, and the
confirmations they prove.

A bank line (BCA's or another bank's) is a booked credit of exactly a waiting BCA order's
total (kode unik taken off: transfer_codes.py), received on the day the order was placed
or within the 7 days after: one such order is "cocok", several are "ambigu" (the admin
picks), none is "tidak dikenal". A QRIS line names its order by the bill number in the
dynamic QR (the order number) and must be exactly its total. Every line is stored under
its identity (statement.py), so a file imported twice adds nothing, and a line pays at
most one order (statement_lines.order_id is unique): nothing is confirmed twice. A line
that arrives for an order already confirmed by hand or cancelled is taken for that order
at import (its amount stayed held till then: transfer_codes.settle).
The rows the import screen shows (what each line is) are matching.py's; "Cocokkan manual" is
manual_match.py. A confirmation follows the manual one's rules (transitions.confirm), with the line
checked and taken inside the same transaction.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, TypeVar

from sqlalchemy import Connection, and_, delete, exists, func, update
from sqlmodel import Session, col, select

from terminal_shop import rules
from terminal_shop.formats import WIB, rupiah
from terminal_shop.infra import preferences
from terminal_shop.infra.db import insert_new, read_session, write_session
from terminal_shop.infra.models import table_of, utcnow
from terminal_shop.refusals import Refused
from terminal_shop.services.orders import transfer_codes, transitions
from terminal_shop.services.orders.payments.statement import Columns, Line, Statement, read, read_qris
from terminal_shop.services.orders.payments.tables import StatementImport, StatementLine
from terminal_shop.services.orders.payments.terms import MatchRefusal, StatementSource
from terminal_shop.services.orders.tables import Order, TransferCode
from terminal_shop.services.orders.terms import OrderStatus, PaymentMethod

WINDOW = transfer_codes.MATCH_WINDOW
CHUNK = 5000  # ids or amounts in one IN list (SQLite allows 32,766 parameters)
QRIS_COLUMNS = "qris_report_columns"
BANK_SOURCES = (StatementSource.BCA.value, StatementSource.BANK.value)


class ReconcileError(Refused):
    code: MatchRefusal


@dataclass(frozen=True)
class Imported:
    import_id: int  # its record (tables.StatementImport): what the page keeps
    line_ids: tuple[int, ...]
    new: int  # lines this file added; the rest were imported before
    source: StatementSource


T = TypeVar("T")


def chunks(items: list[T], size: int = CHUNK) -> Iterator[list[T]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def window(booked_on: date) -> tuple[datetime, datetime]:
    """The order times a line booked on that WIB day may pay: from 7 days before the day
    began until it ended."""
    start = datetime.combine(booked_on, time(), WIB)
    return (start - WINDOW).astimezone(UTC), (start + timedelta(days=1)).astimezone(UTC)


# ----- import -----


def import_bank(data: bytes, admin_email: str) -> Imported:
    """A bank statement file (KlikBCA's CSV or the plain one). Raises StatementError."""
    return _store(read(data), admin_email)


def import_qris(data: bytes, admin_email: str, columns: Columns | None = None) -> Imported:
    """A QRIS report with the admins' column names (remembered once they worked).
    Raises StatementError (ColumnsMissing: the admin names the columns)."""
    columns = columns or qris_columns()
    imported = _store(read_qris(data, columns), admin_email)
    save_qris_columns(columns)
    return imported


def qris_columns() -> Columns:
    kept = preferences.remembered(QRIS_COLUMNS)
    return Columns(**{k: str(v) for k, v in kept.items() if k in Columns.__dataclass_fields__})


def save_qris_columns(columns: Columns) -> None:
    preferences.remember(QRIS_COLUMNS, {"date": columns.date, "amount": columns.amount, "reference": columns.reference})


def _row(statement: Statement, ln: Line, admin_email: str, now: datetime) -> dict[str, Any]:
    matchable = ln.whole_rupiah
    lo, hi = window(ln.booked_on) if matchable is not None and ln.booked_on is not None else (None, None)
    return {
        "identity": ln.identity,
        "source": statement.source.value,
        "booked_on": ln.booked_on,
        "description": ln.description,
        "reference": ln.reference or None,
        "amount_cents": ln.amount_cents,
        "pending": ln.pending,
        "amount": matchable,
        "window_from": lo,
        "window_to": hi,
        "imported_at": now,
        "imported_by": admin_email,
    }


def _store(statement: Statement, admin_email: str) -> Imported:
    """Adds the lines not stored yet (RETURNING their ids: SQLAlchemy batches such an INSERT
    into a few statements), then looks up the ids of the lines stored before."""
    now = utcnow()
    rows = [_row(statement, ln, admin_email, now) for ln in statement.lines]
    table = table_of(StatementLine)
    ids: dict[str, int] = {}
    with write_session() as s:
        if rows:
            added = insert_new(s, table, ["identity"]).returning(table.c.identity, table.c.id)
            ids.update(s.connection().execute(added, rows).all())
        known = [r["identity"] for r in rows if r["identity"] not in ids]
        new = len(ids)
        _take_for_settled(s, [(ids[r["identity"]], r) for r in rows if r["identity"] in ids])
        for chunk in chunks(known):
            found = s.exec(
                select(StatementLine.identity, StatementLine.id).where(col(StatementLine.identity).in_(chunk))
            ).all()
            ids.update((identity, line_id) for identity, line_id in found if line_id is not None)
        record = StatementImport(imported_by=admin_email[:254], line_ids=[ids[r["identity"]] for r in rows])
        s.add(record)
        s.flush()
    return Imported(record.id or 0, tuple(record.line_ids), new, statement.source)


def lines_of(import_id: int) -> list[int]:
    """The line ids of one import, in its file's order (empty for an unknown import)."""
    with read_session() as s:
        record = s.get(StatementImport, int(import_id)) if import_id else None
    return list(record.line_ids) if record else []


def purge_imports() -> int:
    """Drops imports older than rules.STATEMENT_IMPORTS_KEPT (the area's hourly round)."""
    with write_session() as s:
        gone = s.execute(delete(table_of(StatementImport)).where(
            col(StatementImport.imported_at) < utcnow() - rules.STATEMENT_IMPORTS_KEPT))  # fmt: skip
    return int(gone.rowcount)  # type: ignore[attr-defined]


def _take_for_settled(s: Session, added: list[tuple[int, dict[str, Any]]]) -> None:
    """A new bank line that pays an order already confirmed by hand, or cancelled, becomes that
    order's line ("dipakai": for a cancelled one, money to return) and frees its amount
    (transfer_codes.settle kept it held), so it can never match a later order."""
    bank = [(i, r) for i, r in added if r["amount"] is not None and r["source"] in BANK_SOURCES]
    for chunk in chunks(sorted({r["amount"] for _, r in bank})):
        held = s.exec(
            select(TransferCode.amount, Order.id, Order.created_at)
            .join(Order, col(Order.id) == TransferCode.order_id)
            .where(col(TransferCode.amount).in_(chunk), col(TransferCode.settled_at).is_not(None))
        ).all()
        paid = set(
            s.exec(select(StatementLine.order_id).where(col(StatementLine.order_id).in_([o for _, o, _ in held])))
        )
        freed = []
        for amount, order_id, placed in held:
            if order_id in paid:
                continue  # confirmed by its own line already
            for line_id, r in bank:
                if (
                    r["amount"] == amount
                    and r["window_from"] <= placed < r["window_to"]
                    and take_line(s, line_id, order_id)
                ):
                    freed.append(order_id)
                    break
        transfer_codes.release(s, freed)


def take_line(s: Session, line_id: int, order_id: uuid.UUID) -> bool:
    taken = s.exec(
        update(StatementLine)
        .where(col(StatementLine.id) == line_id, col(StatementLine.order_id).is_(None))
        .values(order_id=order_id)
    )
    return taken.rowcount == 1


# ----- confirmation -----


def evidence(line: StatementLine) -> str:
    """What the order and the audit log keep of the line that paid it."""
    when = line.booked_on.strftime("%d/%m") if line.booked_on else ""
    return f"Cocok dengan {StatementSource.label_of(line.source)} {when} {line.description} {rupiah(line.amount or 0)}"


def confirm_line(line_id: int, order_id: str, admin_email: str) -> None:
    """Confirms the order with the line as its proof, in one transaction. Raises
    ReconcileError (the line does not pay that order, or paid another) or
    transitions.TransitionError (the order no longer waits)."""

    def paid_by(s: Session, order: Order) -> str:
        line = s.get(StatementLine, int(line_id))
        if line is None or line.amount is None or line.amount != order.total:
            raise ReconcileError(MatchRefusal.AMOUNT)
        if line.source in BANK_SOURCES:
            fits = (
                order.payment_method == PaymentMethod.TRANSFER_BCA
                and line.window_from is not None
                and line.window_to is not None
                and line.window_from <= order.created_at < line.window_to
            )
        else:
            fits = order.payment_method == PaymentMethod.QRIS and line.reference == order.number
        if not fits:
            raise ReconcileError(MatchRefusal.NOT_THIS_ORDER)
        if line.id is None or not take_line(s, line.id, order.id):
            raise ReconcileError(MatchRefusal.USED)
        return evidence(line)

    transitions.confirm(order_id, admin_email, paid_by=paid_by)


# ----- the overview -----


def waiting_with_line(conn: Connection | Session) -> int:
    """Waiting orders an open imported line pays (by amount and date, or by bill number)."""
    line = table_of(StatementLine).c
    orders = table_of(Order).c
    bank = exists().where(
        line.order_id.is_(None),
        line.source.in_(BANK_SOURCES),
        line.amount == orders.total,
        line.window_from <= orders.created_at,
        line.window_to > orders.created_at,
    )
    qris = exists().where(
        line.order_id.is_(None),
        line.source == StatementSource.QRIS.value,
        line.reference == orders.number,
        line.amount == orders.total,
    )
    waiting = orders.status == OrderStatus.PAID_REVIEW.value
    by_bank = and_(waiting, orders.payment_method == PaymentMethod.TRANSFER_BCA.value, bank)
    by_qris = and_(waiting, orders.payment_method == PaymentMethod.QRIS.value, qris)
    # Two counts added, not one over `by_bank | by_qris`: PostgreSQL turns an EXISTS into a
    # join only when it stands alone, and the OR made it test every waiting order in turn
    # (236 ms over 300,000 waiting orders; docs/benchmarks.md section 3). An order is paid one
    # way, so the two never count the same order.
    counted = [select(func.count()).select_from(table_of(Order)).where(c).scalar_subquery() for c in (by_bank, by_qris)]
    return int(conn.execute(select(counted[0] + counted[1])).scalar_one())
