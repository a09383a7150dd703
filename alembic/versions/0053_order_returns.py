"""order_returns and credit_note_counters (issue 61.3): a buyer's return of delivered units,
what staff did with it, and the credit notes' own number series.

Revision ID: c8e2a6b0d357
Revises: b7d1f5a9c246
"""

import sqlalchemy as sa
from alembic import op

revision = "c8e2a6b0d357"
down_revision = "b7d1f5a9c246"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "order_returns",
        sa.Column("id", sa.Uuid(), primary_key=True),
        sa.Column("number", sa.String(length=20), nullable=False, unique=True),
        sa.Column("order_id", sa.Uuid(), nullable=False),
        sa.Column("step", sa.String(length=20), nullable=False),
        sa.Column("reason", sa.String(length=20), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("serials", sa.JSON(), nullable=False),
        sa.Column("photo_keys", sa.JSON(), nullable=False),
        sa.Column("resolution", sa.String(length=10), nullable=False),
        sa.Column("bank", sa.String(length=60), nullable=False),
        sa.Column("account_number", sa.String(length=20), nullable=False),
        sa.Column("account_holder", sa.String(length=100), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("refused_reason", sa.String(length=500), nullable=False),
        sa.Column("pickup_courier", sa.String(length=20), nullable=False),
        sa.Column("pickup_resi", sa.String(length=30), nullable=False),
        sa.Column("received", sa.JSON(), nullable=False),
        sa.Column("refund_reference", sa.String(length=60), nullable=False),
        sa.Column("exchange_serials", sa.JSON(), nullable=False),
        sa.Column("exchange_resi", sa.String(length=30), nullable=False),
        sa.Column("credit_note", sa.String(length=30), nullable=True, unique=True),
        sa.Column("asked_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_order_returns_order_id", "order_returns", ["order_id"])
    op.create_table(
        "credit_note_counters",
        sa.Column("year", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("last", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("credit_note_counters")
    op.drop_index("ix_order_returns_order_id", "order_returns")
    op.drop_table("order_returns")
