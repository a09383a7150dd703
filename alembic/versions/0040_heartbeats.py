"""device_heartbeats (issue 48.3: each unit's latest heartbeat, the fleet view and the
merchant's offline alert)

Revision ID: b7d1f5a3e948
Revises: a5c9e3f1d826
"""

import sqlalchemy as sa
from alembic import op

revision = "b7d1f5a3e948"
down_revision = "a5c9e3f1d826"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "device_heartbeats",
        sa.Column("device_id", sa.Uuid(), primary_key=True),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("app_version", sa.String(length=20), nullable=False),
        sa.Column("app_key", sa.String(length=40), nullable=False),
        sa.Column("firmware", sa.String(length=40), nullable=False),
        sa.Column("battery", sa.Integer(), nullable=True),
        sa.Column("signal", sa.Integer(), nullable=True),
        sa.Column("paper", sa.String(length=10), nullable=False),
        sa.Column("alerted_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("active", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_device_heartbeats_active", "device_heartbeats", ["active"])
    op.create_index("ix_device_heartbeats_seen", "device_heartbeats", ["seen_at"])
    op.create_index("ix_device_heartbeats_app_key", "device_heartbeats", ["app_key"])
    op.create_index("ix_device_heartbeats_paper", "device_heartbeats", ["paper"])


def downgrade() -> None:
    for name in ("active", "paper", "app_key", "seen"):
        op.drop_index(f"ix_device_heartbeats_{name}", table_name="device_heartbeats")
    op.drop_table("device_heartbeats")
