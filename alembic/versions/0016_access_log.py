"""the access log: who opened, downloaded or replaced personal files, or exported a list

Revision ID: f5c1a8e09d42
Revises: e3b9c4d21f07
"""

import sqlalchemy as sa
from alembic import op

revision = "f5c1a8e09d42"
down_revision = "e3b9c4d21f07"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "access_log",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("admin_email", sa.String(length=254), nullable=False),
        sa.Column("action", sa.String(length=20), nullable=False),
        sa.Column("entity_type", sa.String(length=20), nullable=False),
        sa.Column("entity_id", sa.String(length=64), nullable=False),
        sa.Column("item", sa.String(length=500), nullable=False),
    )
    op.create_index("ix_access_entity", "access_log", ["entity_type", "entity_id", "at"])


def downgrade() -> None:
    op.drop_table("access_log")
