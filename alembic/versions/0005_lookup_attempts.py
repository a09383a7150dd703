"""order lookups per client address, for the throttling of /dashboard's order tracking

Revision ID: 6e1a8b2d4c57
Revises: 2c7d4e9a1f03
"""

import sqlalchemy as sa
from alembic import op

revision = "6e1a8b2d4c57"
down_revision = "2c7d4e9a1f03"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lookup_attempts",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_lookup_attempts_client", "lookup_attempts", ["client"])
    op.create_index("ix_lookup_attempts_created_at", "lookup_attempts", ["created_at"])


def downgrade() -> None:
    op.drop_table("lookup_attempts")
