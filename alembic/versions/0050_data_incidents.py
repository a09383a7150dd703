"""data_incidents (issue 61.5): a breach of personal data, its people, its 3x24-hour deadline.

Revision ID: f5b9d3e7a024
Revises: e4a8c2d6f913
"""

import sqlalchemy as sa
from alembic import op

revision = "f5b9d3e7a024"
down_revision = "e4a8c2d6f913"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "data_incidents",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("what", sa.String(length=2000), nullable=False),
        sa.Column("steps", sa.String(length=2000), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("scope", sa.String(length=20), nullable=False),
        sa.Column("touched_from", sa.DateTime(timezone=True), nullable=False),
        sa.Column("touched_until", sa.DateTime(timezone=True), nullable=False),
        sa.Column("affected", sa.JSON(), nullable=False),
        sa.Column("discovered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("recorded_by", sa.String(length=254), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("notified_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("closed_by", sa.String(length=254), nullable=True),
        sa.Column("outcome", sa.String(length=2000), nullable=True),
    )
    op.create_index("ix_data_incidents_due_at", "data_incidents", ["due_at"])
    op.create_index("ix_data_incidents_closed_at", "data_incidents", ["closed_at"])


def downgrade() -> None:
    op.drop_table("data_incidents")
