"""transactions.changed_at: when a transaction arrived or last changed, indexed, so one query per
worker tells which merchants' open dashboards must read their figures again (issue 37)

Revision ID: b7d1f3a9c524
Revises: a4c8e2f6b931
"""

import sqlalchemy as sa
from alembic import op

revision = "b7d1f3a9c524"
down_revision = "a4c8e2f6b931"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("transactions") as batch:
        batch.add_column(sa.Column("changed_at", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE transactions SET changed_at = received_at")
    with op.batch_alter_table("transactions") as batch:
        batch.alter_column("changed_at", existing_type=sa.DateTime(timezone=True), nullable=False)
    op.create_index("ix_transactions_changed_at", "transactions", ["changed_at"])


def downgrade() -> None:
    op.drop_index("ix_transactions_changed_at", table_name="transactions")
    with op.batch_alter_table("transactions") as batch:
        batch.drop_column("changed_at")
