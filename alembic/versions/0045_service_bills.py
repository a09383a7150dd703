"""orders.service_case and service_fee (issue 63.1): a service case's bill is an order made from
the case, one not refused per case and fee.

Revision ID: a7c3e9f1b205
Revises: f2b5d9e7c482
"""

import sqlalchemy as sa
from alembic import op

revision = "a7c3e9f1b205"
down_revision = "f2b5d9e7c482"
branch_labels = None
depends_on = None

LIVE = sa.text("status <> 'cancelled'")


def upgrade() -> None:
    with op.batch_alter_table("orders") as batch:
        batch.add_column(sa.Column("service_case", sa.String(length=20), nullable=True))
        batch.add_column(sa.Column("service_fee", sa.String(length=30), nullable=True))
    op.create_index("uq_orders_live_bill", "orders", ["service_case", "service_fee"], unique=True,
                    postgresql_where=LIVE, sqlite_where=LIVE)  # fmt: skip


def downgrade() -> None:
    op.drop_index("uq_orders_live_bill", table_name="orders")
    with op.batch_alter_table("orders") as batch:
        batch.drop_column("service_fee")
        batch.drop_column("service_case")
