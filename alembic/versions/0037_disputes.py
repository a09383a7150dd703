"""disputes and dispute_evidence (issue 47.4: chargebacks the acquirer opens, updates and closes,
answered by the merchant with evidence before their deadline)

Revision ID: e7a1c5d9b204
Revises: d4f0b8e2a763
"""

import sqlalchemy as sa
from alembic import op

revision = "e7a1c5d9b204"
down_revision = "d4f0b8e2a763"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "disputes",
        sa.Column("id", sa.Uuid(), primary_key=True),
        sa.Column("acquirer", sa.String(length=20), nullable=False),
        sa.Column("dispute_id", sa.String(length=64), nullable=False),
        sa.Column("txn_id", sa.String(length=64), nullable=False),
        sa.Column("tid", sa.String(length=16), nullable=False),
        sa.Column("mid", sa.String(length=20), nullable=False),
        sa.Column("merchant_id", sa.Uuid(), nullable=True),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("reason_code", sa.String(length=20), nullable=False),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.Column("deadline", sa.Date(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decision", sa.String(length=20), nullable=False),
        sa.Column("note", sa.String(length=1000), nullable=False),
        sa.Column("answered_by", sa.String(length=254), nullable=True),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("forwarded_by", sa.String(length=254), nullable=True),
        sa.Column("forwarded_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("acquirer", "dispute_id", name="uq_disputes_acquirer_dispute"),
    )
    op.create_index("ix_disputes_status_deadline", "disputes", ["status", "deadline"])
    op.create_index("ix_disputes_merchant_id", "disputes", ["merchant_id"])
    op.create_table(
        "dispute_evidence",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("dispute_id", sa.Uuid(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("file_key", sa.String(length=200), nullable=False),
        sa.Column("content_type", sa.String(length=40), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("uploaded_by", sa.String(length=254), nullable=False),
        sa.Column("uploaded_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_dispute_evidence_dispute_id", "dispute_evidence", ["dispute_id"])


def downgrade() -> None:
    op.drop_index("ix_dispute_evidence_dispute_id", table_name="dispute_evidence")
    op.drop_table("dispute_evidence")
    op.drop_index("ix_disputes_merchant_id", table_name="disputes")
    op.drop_index("ix_disputes_status_deadline", table_name="disputes")
    op.drop_table("disputes")
