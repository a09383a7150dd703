"""customer_sessions.ended_note (issue 63.4): why a session was ended for its person, said on
their next page ("Anda tidak lagi di tim Warung Bu Sri" after the owner removed them).

Revision ID: f2b5d9e7c482
Revises: e1a4c8d6b371
"""

import sqlalchemy as sa
from alembic import op

revision = "f2b5d9e7c482"
down_revision = "e1a4c8d6b371"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("customer_sessions") as batch:
        batch.add_column(sa.Column("ended_note", sa.String(length=200), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("customer_sessions") as batch:
        batch.drop_column("ended_note")
