"""the transactional outbox: e-mails written with the change they tell of

Revision ID: 8f2b5c1d9e64
Revises: 6e1a8b2d4c57
"""

import sqlalchemy as sa
from alembic import op

revision = "8f2b5c1d9e64"
down_revision = "6e1a8b2d4c57"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("key", sa.String(length=120), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("entity_type", sa.String(length=20), nullable=False),
        sa.Column("entity_id", sa.String(length=64), nullable=False),
        sa.Column("to_addr", sa.String(length=254), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=False),
        sa.Column("body_text", sa.Text(), nullable=False),
        sa.Column("body_html", sa.Text(), nullable=False),
        sa.Column("attachment_png", sa.Text(), nullable=True),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=True),
    )
    op.create_index("ix_outbox_due", "outbox", ["status", "next_attempt_at"])
    op.create_index("ix_outbox_entity", "outbox", ["entity_type", "entity_id", "created_at"])


def downgrade() -> None:
    op.drop_table("outbox")
