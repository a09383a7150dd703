"""whatsapp_inbound.reply_to: the message of ours a person's message answers (Meta's
context.id), so a slip without an order number is attached only to an order the number
itself wrote about (issue 46.10); audit_events (action, created_at): each site worker finds the
erasures since its last look in one index lookup, to empty the tab states that hold them (46.12)

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
    op.create_index("ix_audit_action_created", "audit_events", ["action", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_audit_action_created", table_name="audit_events")
    with op.batch_alter_table("whatsapp_inbound") as batch:
        batch.drop_column("reply_to")
