"""ledger_entries and ledger_closings (issue 59: the merchant's money as one ledger); each stored
transaction, refund, void and payout adjustment becomes its entries once, on the payout it was
in (a refund or void after its payout: the day it was taken on; a chargeback or correction: its
adjustment's day); each payout sent or received is closed. The payout figure columns, the
adjustments table and refunds.taken_on go: the ledger replaces them. transactions.held marks a
sale kept out of every payout (an unknown TID). Each acquirer gets its payout schedule's hour and
day count, today's rule (by 17.00 WIB, working days).

Revision ID: e1a4c8d6b371
Revises: d9f3b7c5a260
"""

from datetime import UTC, date, datetime
from decimal import ROUND_HALF_UP, Decimal

import sqlalchemy as sa
from alembic import op

revision = "e1a4c8d6b371"
down_revision = "d9f3b7c5a260"
branch_labels = None
depends_on = None

FIGURES = ("count", "gross", "mdr", "refunds", "chargebacks", "adjustments", "net", "computed_at")


def _kept_fee(fee: int, amount: int, refunded: int) -> int:
    """transactions/money.after_refund's rule, as it stood at this revision."""
    if amount <= 0 or refunded >= amount:
        return 0
    return int((Decimal(fee) * (amount - refunded) / amount).quantize(Decimal("1"), rounding=ROUND_HALF_UP))


def _day(value: object) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value)[:10])


def upgrade() -> None:
    op.create_table(
        "ledger_entries",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True, autoincrement=True),
        sa.Column("acquirer", sa.String(length=20), nullable=False),
        sa.Column("mid", sa.String(length=20), nullable=False),
        sa.Column("merchant_id", sa.Uuid(), nullable=True),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("txn_id", sa.String(length=64), nullable=False),
        sa.Column("source", sa.String(length=160), nullable=False),
        sa.Column("occurred_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("due_on", sa.Date(), nullable=False),
        sa.Column("payout_on", sa.Date(), nullable=True),
        sa.Column("note", sa.String(length=200), nullable=False),
        sa.Column("posted_by", sa.String(length=254), nullable=False),
        sa.Column("posted_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("source"),
    )
    op.create_index("ix_ledger_payout", "ledger_entries", ["acquirer", "mid", "payout_on"])
    op.create_index("ix_ledger_merchant_payout", "ledger_entries", ["merchant_id", "payout_on"])
    op.create_index("ix_ledger_txn", "ledger_entries", ["acquirer", "txn_id"])
    op.create_table(
        "ledger_closings",
        sa.Column("acquirer", sa.String(length=20), primary_key=True),
        sa.Column("mid", sa.String(length=20), primary_key=True),
        sa.Column("payout_on", sa.Date(), primary_key=True),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("acquirers") as batch:  # each acquirer's payout schedule (59.5): today's rule
        batch.add_column(sa.Column("arrives_minutes", sa.Integer(), nullable=False, server_default=str(17 * 60)))
        batch.add_column(sa.Column("calendar_days", sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table("transactions") as batch:
        batch.add_column(sa.Column("held", sa.String(length=20), nullable=False, server_default=""))
        batch.drop_index("ix_transactions_merchant_settle_on")
    op.execute("UPDATE transactions SET held = 'tid' WHERE device_id IS NULL")
    _backfill()
    op.drop_index("ix_payout_adjustments_mid_day", table_name="payout_adjustments")
    op.drop_table("payout_adjustments")
    with op.batch_alter_table("refunds") as batch:
        batch.drop_column("taken_on")
    with op.batch_alter_table("payouts") as batch:
        for name in FIGURES:
            batch.drop_column(name)


def _backfill() -> None:
    """Sales and their MDR in two statements (every row); refunds, voids and adjustments, which
    are few, one by one with the rule they were made by."""
    now = datetime.now(UTC)
    on = "CASE WHEN device_id IS NULL THEN NULL ELSE settle_on END"
    common = ("acquirer, mid, merchant_id, kind, amount, txn_id, source, occurred_at, due_on, payout_on, note, "
              "posted_by, posted_at")  # fmt: skip
    op.get_bind().execute(sa.text(
        f"INSERT INTO ledger_entries ({common}) SELECT acquirer, mid, merchant_id, 'sale', amount, txn_id, "
        f"acquirer || '\\:' || txn_id || '\\:sale', occurred_at, settle_on, {on}, '', '', :now FROM transactions"
    ), {"now": now})  # fmt: skip
    op.get_bind().execute(sa.text(
        f"INSERT INTO ledger_entries ({common}) SELECT acquirer, mid, merchant_id, 'mdr', -fee, txn_id, "
        f"acquirer || '\\:' || txn_id || '\\:mdr', occurred_at, settle_on, {on}, '', '', :now FROM transactions "
        "WHERE fee <> 0"
    ), {"now": now})  # fmt: skip
    bind = op.get_bind()
    rows: list[dict[str, object]] = []
    taken = {src: _day(d) for src, d in bind.execute(sa.text("SELECT source, applies_on FROM payout_adjustments"))}
    changed = bind.execute(sa.text(
        "SELECT acquirer, txn_id, mid, merchant_id, amount, fee, status, settle_on, device_id FROM transactions "
        "WHERE status <> 'approved' OR refunded > 0"
    )).all()  # fmt: skip
    for acquirer, txn_id, mid, merchant, amount, fee, status, settle_on, device in changed:
        base = {"acquirer": acquirer, "mid": mid, "merchant_id": merchant, "txn_id": txn_id, "note": "",
                "posted_by": "", "posted_at": now}  # fmt: skip
        held = device is None
        refunded = 0
        refunds = bind.execute(sa.text(
            "SELECT refund_id, amount, occurred_at, taken_on FROM refunds WHERE acquirer = :a AND txn_id = :t "
            "ORDER BY occurred_at, id"), {"a": acquirer, "t": txn_id}).all()  # fmt: skip
        for refund_id, part, at, taken_on in refunds:
            before = _kept_fee(fee, amount, refunded)
            refunded += part
            day = _day(taken_on) if taken_on else _day(settle_on)
            source = f"{acquirer}:{txn_id}:refund:{refund_id}"
            rows.append({**base, "kind": "refund", "amount": -part, "source": source, "occurred_at": at,
                         "due_on": day, "payout_on": None if held else day})  # fmt: skip
            if before - _kept_fee(fee, amount, refunded):
                rows.append({**base, "kind": "mdr_kembali", "amount": before - _kept_fee(fee, amount, refunded),
                             "source": source + ":mdr", "occurred_at": at, "due_on": day, "payout_on": None if held else day})  # fmt: skip
        if status == "void":
            source = f"{acquirer}:{txn_id}:void"
            day = taken.get(f"{source}:", _day(settle_on))
            at = bind.execute(sa.text("SELECT changed_at FROM transactions WHERE acquirer = :a AND txn_id = :t"),
                              {"a": acquirer, "t": txn_id}).scalar()  # fmt: skip
            kept = _kept_fee(fee, amount, refunded)
            rows.append({**base, "kind": "void", "amount": -(amount - refunded), "source": source, "occurred_at": at,
                         "due_on": day, "payout_on": None if held else day})  # fmt: skip
            if kept:
                rows.append({**base, "kind": "mdr_kembali", "amount": kept, "source": source + ":mdr", "occurred_at": at,
                             "due_on": day, "payout_on": None if held else day})  # fmt: skip
    adjustments = bind.execute(sa.text(
        "SELECT a.acquirer, a.mid, a.merchant_id, a.kind, a.amount, a.source, a.reason, a.applies_on, a.created_at, "
        "d.txn_id FROM payout_adjustments a LEFT JOIN disputes d ON 'dispute:' || d.acquirer || ':' || d.dispute_id = a.source "
        "WHERE a.kind <> 'refund'"
    )).all()  # fmt: skip
    for acquirer, mid, merchant, kind, amount, source, reason, day, at, txn_id in adjustments:
        rows.append({"acquirer": acquirer, "mid": mid, "merchant_id": merchant, "txn_id": txn_id or "",
                     "kind": "chargeback" if kind == "chargeback" else "koreksi", "amount": amount, "source": source,
                     "occurred_at": at, "due_on": _day(day), "payout_on": _day(day), "note": (reason or "")[:200],
                     "posted_by": "", "posted_at": now})  # fmt: skip
    if rows:
        table = sa.table("ledger_entries", *(sa.column(c) for c in rows[0]))
        for i in range(0, len(rows), 1000):
            bind.execute(table.insert(), rows[i : i + 1000])
    bind.execute(sa.text(
        "INSERT INTO ledger_closings (acquirer, mid, payout_on, closed_at) SELECT acquirer, mid, settle_on, "
        "COALESCE(sent_at, received_at, computed_at) FROM payouts WHERE status <> 'dijadwalkan'"
    ))  # fmt: skip


def downgrade() -> None:
    with op.batch_alter_table("payouts") as batch:
        for name in ("count", "gross", "mdr", "refunds", "chargebacks", "adjustments", "net"):
            batch.add_column(sa.Column(name, sa.BigInteger() if name != "count" else sa.Integer(), nullable=False,
                                       server_default="0"))  # fmt: skip
        batch.add_column(sa.Column("computed_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("refunds") as batch:
        batch.add_column(sa.Column("taken_on", sa.Date(), nullable=True))
    op.create_table(
        "payout_adjustments",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("acquirer", sa.String(length=20), nullable=False),
        sa.Column("mid", sa.String(length=20), nullable=False),
        sa.Column("merchant_id", sa.Uuid(), nullable=True),
        sa.Column("applies_on", sa.Date(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.Column("source", sa.String(length=120), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_payout_adjustments_mid_day", "payout_adjustments", ["acquirer", "mid", "applies_on"])
    with op.batch_alter_table("transactions") as batch:
        batch.create_index("ix_transactions_merchant_settle_on", ["merchant_id", "settle_on"])
        batch.drop_column("held")
    with op.batch_alter_table("acquirers") as batch:
        batch.drop_column("calendar_days")
        batch.drop_column("arrives_minutes")
    op.drop_table("ledger_closings")
    op.drop_index("ix_ledger_txn", table_name="ledger_entries")
    op.drop_index("ix_ledger_merchant_payout", table_name="ledger_entries")
    op.drop_index("ix_ledger_payout", table_name="ledger_entries")
    op.drop_table("ledger_entries")
