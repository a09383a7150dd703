"""fee_invoices and fee_invoice_counters (issue 61.2): a merchant's monthly MDR invoice, numbered
in its own series without gaps.

Revision ID: a6c0e4f8b135
Revises: f5b9d3e7a024
"""

import sqlalchemy as sa
from alembic import op

revision = "a6c0e4f8b135"
down_revision = "f5b9d3e7a024"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "fee_invoices",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("number", sa.String(length=30), nullable=False, unique=True),
        sa.Column("merchant_id", sa.Uuid(), nullable=False),
        sa.Column("month", sa.String(length=7), nullable=False),
        sa.Column("lines", sa.JSON(), nullable=False),
        sa.Column("total", sa.BigInteger(), nullable=False),
        sa.Column("issued_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("merchant_id", "month", name="uq_fee_invoice_month"),
    )
    op.create_index("ix_fee_invoices_merchant_id", "fee_invoices", ["merchant_id"])
    op.create_table(
        "fee_invoice_counters",
        sa.Column("year", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("last", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("fee_invoice_counters")
    op.drop_table("fee_invoices")
