"""payout_account_changes (issue 61.4): a merchant's request for a new payout account, confirmed
by a code, approved by staff with 2FA, used after a waiting period.

Revision ID: e4a8c2d6f913
Revises: d1f6b2c4e538
"""

import sqlalchemy as sa
from alembic import op

revision = "e4a8c2d6f913"
down_revision = "d1f6b2c4e538"
branch_labels = None
depends_on = None

OPEN = sa.text("step IN ('kode', 'periksa', 'disetujui')")


def upgrade() -> None:
    op.create_table(
        "payout_account_changes",
        sa.Column("id", sa.Uuid(), primary_key=True),
        sa.Column("merchant_id", sa.Uuid(), nullable=False),
        sa.Column("step", sa.String(length=20), nullable=False),
        sa.Column("nama_bank", sa.String(length=60), nullable=False),
        sa.Column("nama_rekening", sa.String(length=200), nullable=False),
        sa.Column("nomor_rekening", sa.String(length=40), nullable=False),
        sa.Column("proof_key", sa.String(length=500), nullable=True),
        sa.Column("old_account", sa.String(length=80), nullable=False),
        sa.Column("requested_by", sa.String(length=254), nullable=False),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=True),
        sa.Column("code_expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("code_tries", sa.Integer(), nullable=False),
        sa.Column("confirmed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("reviewed_by", sa.String(length=254), nullable=True),
        sa.Column("reviewed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("note", sa.String(length=1000), nullable=True),
        sa.Column("effective_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_payout_account_changes_merchant_id", "payout_account_changes", ["merchant_id"])
    op.create_index("ix_payout_account_changes_step", "payout_account_changes", ["step"])
    op.create_index("uq_payout_account_change_open", "payout_account_changes", ["merchant_id"], unique=True,
                    postgresql_where=OPEN, sqlite_where=OPEN)  # fmt: skip


def downgrade() -> None:
    op.drop_table("payout_account_changes")
