"""fulfilment after confirmation (packed, shipped with courier and resi, delivered) and
invoice numbers, sequential per year without gaps (invoice_counters)

Revision ID: c41e7d9a0b26
Revises: 9b3f6a1d2c58
"""

import sqlalchemy as sa
from alembic import op

revision = "c41e7d9a0b26"
down_revision = "9b3f6a1d2c58"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs and unique indexes: no table rebuild, so SQLite keeps 0002's triggers.
    when = sa.DateTime(timezone=True)
    op.add_column("orders", sa.Column("fulfilment", sa.String(length=20), nullable=False, server_default=""))
    op.add_column("orders", sa.Column("courier", sa.String(length=20), nullable=True))
    op.add_column("orders", sa.Column("resi", sa.String(length=30), nullable=True))
    for column in ("packed_at", "shipped_at", "delivered_at"):
        op.add_column("orders", sa.Column(column, when, nullable=True))
    op.add_column("orders", sa.Column("invoice_number", sa.String(length=20), nullable=True))
    op.add_column("orders", sa.Column("invoiced_at", when, nullable=True))
    op.create_index("ix_orders_resi", "orders", ["resi"], unique=True)
    op.create_index("ix_orders_invoice_number", "orders", ["invoice_number"], unique=True)
    # Orders confirmed before this release were shipped outside the site: counted as delivered,
    # so the new "perlu dikemas" list holds only what really waits (docs/decisions.md).
    op.execute("UPDATE orders SET fulfilment = 'delivered' WHERE status = 'confirmed'")
    op.create_index("ix_orders_fulfilment_created_id", "orders", ["status", "fulfilment", "created_at", "id"])
    # The confirmation e-mail carries the invoice.
    op.add_column("outbox", sa.Column("attachment_pdf", sa.Text(), nullable=True))
    op.add_column("outbox", sa.Column("attachment_pdf_name", sa.String(length=60), nullable=True))
    op.create_table(
        "invoice_counters",
        sa.Column("year", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("last", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("invoice_counters")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("attachment_pdf_name")
        batch.drop_column("attachment_pdf")
    op.drop_index("ix_orders_fulfilment_created_id", table_name="orders")
    op.drop_index("ix_orders_invoice_number", table_name="orders")
    op.drop_index("ix_orders_resi", table_name="orders")
    with op.batch_alter_table("orders") as batch:
        for column in ("invoiced_at", "invoice_number", "delivered_at", "shipped_at", "packed_at", "resi", "courier", "fulfilment"):
            batch.drop_column(column)
