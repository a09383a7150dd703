"""whatsapp_inbound.reply_to: the message of ours a person's message answers (Meta's
context.id), so a slip without an order number is attached only to an order the number
itself wrote about (issue 46.10)

Revision ID: f3b9d6a2c815
Revises: e8a2c5f1d374
"""

import sqlalchemy as sa
from alembic import op

revision = "f3b9d6a2c815"
down_revision = "e8a2c5f1d374"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("whatsapp_inbound") as batch:
        batch.add_column(sa.Column("reply_to", sa.String(length=200), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("whatsapp_inbound") as batch:
        batch.drop_column("reply_to")
