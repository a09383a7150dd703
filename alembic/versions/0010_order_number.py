"""an order's number (the 8 hex digits people see) is stored and unique

Revision ID: 4c7a91d2e0b3
Revises: 9b4f2e6a1c57
"""

import sqlalchemy as sa
from alembic import op

revision = "4c7a91d2e0b3"
down_revision = "9b4f2e6a1c57"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN and a unique index (no table rebuild: SQLite keeps 0002's triggers).
    op.add_column("orders", sa.Column("number", sa.String(length=8), nullable=True))
    # Existing orders get their number; where two already share one, the later keeps none
    # (a NULL never conflicts) and is found by its full id.
    op.execute(
        """
        UPDATE orders SET number = upper(substr(CAST(id AS TEXT), 1, 8))
        WHERE id IN (
            SELECT id FROM (
                SELECT id, row_number() OVER (
                    PARTITION BY upper(substr(CAST(id AS TEXT), 1, 8)) ORDER BY created_at, id
                ) AS n FROM orders
            ) AS ranked WHERE n = 1
        )
        """
    )
    op.create_index("ix_orders_number", "orders", ["number"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_orders_number", table_name="orders")
    op.drop_column("orders", "number")
