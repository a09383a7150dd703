"""transactions from the acquirers: acquirers, transactions, refused deliveries (issue 37)

Revision ID: e1a7c3f9b816
Revises: d8f3b6a1e205
"""

import sqlalchemy as sa
from alembic import op

revision = "e1a7c3f9b816"
down_revision = "d8f3b6a1e205"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "acquirers",
        sa.Column("code", sa.String(length=20), primary_key=True),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("secret_nonce", sa.String(length=64), nullable=False),
        sa.Column("cutoff_minutes", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "transactions",
        sa.Column("id", sa.Uuid(), primary_key=True),
        sa.Column("acquirer", sa.String(length=20), nullable=False),
        sa.Column("txn_id", sa.String(length=64), nullable=False),
        sa.Column("tid", sa.String(length=16), nullable=False, index=True),
        sa.Column("mid", sa.String(length=20), nullable=False),
        sa.Column("device_id", sa.Uuid(), nullable=True),
        sa.Column("merchant_id", sa.Uuid(), nullable=True),
        sa.Column("occurred_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("channel", sa.String(length=20), nullable=False),
        sa.Column("scheme", sa.String(length=40), nullable=True),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("rrn", sa.String(length=24), nullable=True),
        sa.Column("approval_code", sa.String(length=12), nullable=True),
        sa.Column("mdr", sa.BigInteger(), nullable=False),
        sa.Column("net", sa.BigInteger(), nullable=False),
        sa.Column("settle_on", sa.Date(), nullable=False),
        sa.Column("settled_on", sa.Date(), nullable=True),
        sa.UniqueConstraint("acquirer", "txn_id", name="uq_transactions_acquirer_txn"),
    )
    op.create_index("ix_transactions_merchant_time", "transactions", ["merchant_id", "occurred_at"])
    op.create_index("ix_transactions_device_time", "transactions", ["device_id", "occurred_at"])
    op.create_index("ix_transactions_unknown", "transactions", ["device_id", "received_at"])
    op.create_table(
        "refused_deliveries",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("acquirer", sa.String(length=20), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False, index=True),
        sa.Column("reason", sa.String(length=200), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("refused_deliveries")
    op.drop_table("transactions")
    op.drop_table("acquirers")
