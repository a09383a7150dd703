"""pending_work: what an event asks for that nobody need wait for, done after its commit
(services/events/later.py; issue 51.6: a new proof's perceptual hash)

Revision ID: b8d2f4a6c913
Revises: a4c7e1b9d352
"""

import sqlalchemy as sa
from alembic import op

revision = "b8d2f4a6c913"
down_revision = "a4c7e1b9d352"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pending_work",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("job", sa.String(length=120), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=True),
        sa.Column("entity_id", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("done_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=True),
    )
    op.create_index("ix_pending_work_due", "pending_work", ["done_at", "next_attempt_at"])


def downgrade() -> None:
    op.drop_index("ix_pending_work_due", table_name="pending_work")
    op.drop_table("pending_work")
