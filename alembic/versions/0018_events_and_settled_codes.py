"""domain events (every status change as published), the outbox's channel, and a kode
unik's hold that outlives its order's confirmation (settled_at)

Revision ID: d7a3c1e5f802
Revises: c5e1f9a04b26
"""

import sqlalchemy as sa
from alembic import op

revision = "d7a3c1e5f802"
down_revision = "c5e1f9a04b26"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "domain_events",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("entity_type", sa.String(length=20), nullable=False),
        sa.Column("entity_id", sa.String(length=64), nullable=False),
        sa.Column("actor", sa.String(length=254), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
    )
    op.create_index("ix_domain_events_entity", "domain_events", ["entity_type", "entity_id", "created_at"])
    op.add_column("outbox", sa.Column("channel", sa.String(length=20), nullable=False, server_default="email"))
    op.add_column("transfer_codes", sa.Column("settled_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column("transfer_codes", "settled_at")
    op.drop_column("outbox", "channel")
    op.drop_index("ix_domain_events_entity", table_name="domain_events")
    op.drop_table("domain_events")
