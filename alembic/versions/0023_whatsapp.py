"""WhatsApp: consent per number, inbound messages, the buyer's consent on the order, the
provider's id and delivery status on outbox rows (issue 38)

Revision ID: c5e2a8d4f137
Revises: b7d1e9f3c024
"""

import sqlalchemy as sa
from alembic import op

revision = "c5e2a8d4f137"
down_revision = "b7d1e9f3c024"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "whatsapp_contacts",
        sa.Column("phone", sa.String(length=20), primary_key=True),
        sa.Column("opted_in_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("opt_in_text", sa.String(length=300), nullable=True),
        sa.Column("opted_out_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("opt_out_text", sa.String(length=300), nullable=True),
        sa.Column("last_inbound_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "whatsapp_inbound",
        sa.Column("id", sa.Uuid(), primary_key=True),
        sa.Column("wa_message_id", sa.String(length=200), nullable=False, unique=True),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("phone", sa.String(length=20), nullable=False, index=True),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("text", sa.Text(), nullable=True),
        sa.Column("media_id", sa.String(length=200), nullable=True),
        sa.Column("entity_type", sa.String(length=20), nullable=True),
        sa.Column("entity_id", sa.String(length=64), nullable=True),
        sa.Column("outcome", sa.String(length=300), nullable=True),
        sa.Column("stored_key", sa.String(length=500), nullable=True),
    )
    op.create_index("ix_whatsapp_inbound_entity", "whatsapp_inbound", ["entity_type", "entity_id", "received_at"])
    with op.batch_alter_table("orders") as batch:
        batch.add_column(sa.Column("whatsapp_consent_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("whatsapp_consent_text", sa.String(length=300), nullable=True))
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("provider_id", sa.String(length=200), nullable=True))
        batch.add_column(sa.Column("delivery", sa.String(length=20), nullable=True))
        batch.create_unique_constraint("uq_outbox_provider_id", ["provider_id"])


def downgrade() -> None:
    with op.batch_alter_table("outbox") as batch:
        batch.drop_constraint("uq_outbox_provider_id", type_="unique")
        batch.drop_column("delivery")
        batch.drop_column("provider_id")
    with op.batch_alter_table("orders") as batch:
        batch.drop_column("whatsapp_consent_text")
        batch.drop_column("whatsapp_consent_at")
    op.drop_table("whatsapp_inbound")
    op.drop_table("whatsapp_contacts")
