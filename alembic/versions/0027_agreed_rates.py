"""MDR rates a merchant agreed, per channel from a day on (issue 37 point 4)

Revision ID: a4c8e2f6b931
Revises: f2b9d4e7a318
"""

import sqlalchemy as sa
from alembic import op

revision = "a4c8e2f6b931"
down_revision = "f2b9d4e7a318"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "agreed_rates",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("merchant_id", sa.Uuid(), nullable=False),
        sa.Column("channel", sa.String(length=20), nullable=False),
        sa.Column("percent", sa.String(length=8), nullable=False),
        sa.Column("flat", sa.BigInteger(), nullable=False),
        sa.Column("since", sa.Date(), nullable=False),
        sa.Column("set_by", sa.String(length=254), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_agreed_rates_merchant_id", "agreed_rates", ["merchant_id"])


def downgrade() -> None:
    op.drop_index("ix_agreed_rates_merchant_id", table_name="agreed_rates")
    op.drop_table("agreed_rates")
