"""outbox.request_id: the request that wrote a message, logged again when it is sent

Revision ID: 9b3f6a1d2c58
Revises: 7e2d5b8c1f46
"""

import sqlalchemy as sa
from alembic import op

revision = "9b3f6a1d2c58"
down_revision = "7e2d5b8c1f46"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("request_id", sa.String(length=32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("request_id")
