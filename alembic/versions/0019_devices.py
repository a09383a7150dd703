"""devices: every unit known by its serial number (issue 36)

Revision ID: e4b8d2f61a09
Revises: d7a3c1e5f802
"""

import sqlalchemy as sa
from alembic import op

revision = "e4b8d2f61a09"
down_revision = "d7a3c1e5f802"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "devices",
        sa.Column("id", sa.Uuid(), primary_key=True),
        sa.Column("serial", sa.String(length=30), nullable=False, unique=True),
        sa.Column("model", sa.String(length=20), nullable=False),
        sa.Column("imei", sa.String(length=15), nullable=True, unique=True),
        sa.Column("iccid", sa.String(length=22), nullable=True, unique=True),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("received_by", sa.String(length=254), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("order_id", sa.Uuid(), nullable=True, index=True),
        sa.Column("merchant_id", sa.Uuid(), nullable=True, index=True),
        sa.Column("tid", sa.String(length=16), nullable=True, index=True),
        sa.Column("mid", sa.String(length=20), nullable=True, index=True),
        sa.Column("activated_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_devices_stock", "devices", ["model", "status"])
    op.create_index("ix_devices_received", "devices", ["received_at", "id"])


def downgrade() -> None:
    op.drop_table("devices")
