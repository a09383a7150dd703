"""payouts, payout_adjustments, payout_cases and recap_choices (issue 47.1-47.2, 47.5: what
each MID is paid for each settlement day, "Dana belum masuk?", the daily recap asked for),
and the transactions' indexes they are read by

Revision ID: c3e9a7d1f542
Revises: b8d2f4a6c913
"""

import sqlalchemy as sa
from alembic import op

revision = "c3e9a7d1f542"
down_revision = "b8d2f4a6c913"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "payouts",
        sa.Column("id", sa.Uuid(), primary_key=True),
        sa.Column("acquirer", sa.String(length=20), nullable=False),
        sa.Column("mid", sa.String(length=20), nullable=False),
        sa.Column("merchant_id", sa.Uuid(), nullable=True),
        sa.Column("settle_on", sa.Date(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("gross", sa.BigInteger(), nullable=False),
        sa.Column("mdr", sa.BigInteger(), nullable=False),
        sa.Column("refunds", sa.BigInteger(), nullable=False),
        sa.Column("chargebacks", sa.BigInteger(), nullable=False),
        sa.Column("adjustments", sa.BigInteger(), nullable=False),
        sa.Column("net", sa.BigInteger(), nullable=False),
        sa.Column("account", sa.String(length=80), nullable=False),
        sa.Column("bank_reference", sa.String(length=64), nullable=True),
        sa.Column("reported_net", sa.BigInteger(), nullable=True),
        sa.Column("computed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("acquirer", "mid", "settle_on", name="uq_payouts_mid_day"),
    )
    op.create_index("ix_payouts_merchant_day", "payouts", ["merchant_id", "settle_on"])
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
    op.create_table(
        "payout_cases",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("payout_id", sa.Uuid(), nullable=False),
        sa.Column("merchant_id", sa.Uuid(), nullable=False),
        sa.Column("opened_by", sa.String(length=254), nullable=False),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("promised_by", sa.DateTime(timezone=True), nullable=False),
        sa.Column("facts", sa.String(length=1000), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("answer", sa.String(length=1000), nullable=True),
        sa.Column("answered_by", sa.String(length=254), nullable=True),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_payout_cases_payout_id", "payout_cases", ["payout_id"])
    op.create_index("ix_payout_cases_merchant_id", "payout_cases", ["merchant_id"])
    op.create_index("ix_payout_cases_status", "payout_cases", ["status"])
    op.create_table(
        "recap_choices",
        sa.Column("merchant_id", sa.Uuid(), primary_key=True),
        sa.Column("channel", sa.String(length=20), nullable=False),
        sa.Column("changed_by", sa.String(length=254), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_recap_choices_channel", "recap_choices", ["channel"])
    op.create_index("ix_transactions_settle_on", "transactions", ["settle_on", "acquirer", "mid"])
    op.create_index("ix_transactions_merchant_settle_on", "transactions", ["merchant_id", "settle_on"])


def downgrade() -> None:
    op.drop_index("ix_transactions_merchant_settle_on", table_name="transactions")
    op.drop_index("ix_transactions_settle_on", table_name="transactions")
    op.drop_index("ix_recap_choices_channel", table_name="recap_choices")
    op.drop_table("recap_choices")
    op.drop_table("payout_cases")
    op.drop_index("ix_payout_adjustments_mid_day", table_name="payout_adjustments")
    op.drop_table("payout_adjustments")
    op.drop_index("ix_payouts_merchant_day", table_name="payouts")
    op.drop_table("payouts")
