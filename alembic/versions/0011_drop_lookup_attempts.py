"""lookups are counted by the rate limiter (infra/rate_limits.py), not in a table

Revision ID: 7e2d5b8c1f46
Revises: 4c7a91d2e0b3
"""

import sqlalchemy as sa
from alembic import op

revision = "7e2d5b8c1f46"
down_revision = "4c7a91d2e0b3"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_table("lookup_attempts")


def downgrade() -> None:
    op.create_table(
        "lookup_attempts",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("client", sa.String(length=64), nullable=False, index=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, index=True),
    )
