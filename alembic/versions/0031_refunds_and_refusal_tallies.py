"""refunds: each refund of a kept transaction (partial ones add up to at most its amount), and
transactions.refunded, their sum; refused_deliveries become counts per acquirer, reason and
hour with the latest example, so forged posts add to a count instead of rows (issue 46.4, 46.6)

Revision ID: e8a2c5f1d374
Revises: d4f1b7e3a962
"""

from collections import Counter
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "e8a2c5f1d374"
down_revision = "d4f1b7e3a962"
branch_labels = None
depends_on = None


def _hour(at: datetime | str) -> datetime:
    when = datetime.fromisoformat(at) if isinstance(at, str) else at  # SQLite hands back text
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).replace(minute=0, second=0, microsecond=0)


def upgrade() -> None:
    op.create_table(
        "refunds",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("acquirer", sa.String(length=20), nullable=False),
        sa.Column("txn_id", sa.String(length=64), nullable=False),
        sa.Column("refund_id", sa.String(length=64), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("occurred_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("acquirer", "txn_id", "refund_id", name="uq_refunds_refund"),
    )
    with op.batch_alter_table("transactions") as batch:
        batch.add_column(sa.Column("refunded", sa.BigInteger(), nullable=False, server_default="0"))
    op.execute("UPDATE transactions SET refunded = amount WHERE status = 'refund'")  # a refund was always whole
    op.execute(
        "INSERT INTO refunds (acquirer, txn_id, refund_id, amount, occurred_at, received_at) "
        "SELECT acquirer, txn_id, '', amount, occurred_at, changed_at FROM transactions WHERE status = 'refund'"
    )

    conn = op.get_bind()
    old = conn.execute(sa.text("SELECT acquirer, reason, received_at FROM refused_deliveries")).all()
    tallies = Counter((a, r, _hour(at)) for a, r, at in old)
    op.drop_table("refused_deliveries")
    table = op.create_table(
        "refused_deliveries",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("acquirer", sa.String(length=20), nullable=False),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.Column("hour", sa.DateTime(timezone=True), nullable=False, index=True),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("last_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("example", sa.String(length=200), nullable=False),
        sa.UniqueConstraint("acquirer", "reason", "hour", name="uq_refused_deliveries_tally"),
    )
    if tallies:
        op.bulk_insert(table, [{"acquirer": a, "reason": r, "hour": h, "count": n, "last_at": h, "example": ""}
                               for (a, r, h), n in tallies.items()])  # fmt: skip


def downgrade() -> None:
    op.drop_table("refused_deliveries")
    op.create_table(
        "refused_deliveries",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("acquirer", sa.String(length=20), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False, index=True),
        sa.Column("reason", sa.String(length=200), nullable=False),
    )
    with op.batch_alter_table("transactions") as batch:
        batch.drop_column("refunded")
    op.drop_table("refunds")
