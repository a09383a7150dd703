"""outlets, device_outlets and account_activity (issue 49.1, 49.4: the owner's outlets, where
each device stands, and the account's own log)

Revision ID: c8e2a6b4f159
Revises: b7d1f5a3e948
"""

import sqlalchemy as sa
from alembic import op

revision = "c8e2a6b4f159"
down_revision = "b7d1f5a3e948"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "outlets",
        sa.Column("id", sa.Uuid(), primary_key=True),
        sa.Column("merchant_id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("address", sa.String(length=300), nullable=False),
        sa.Column("kecamatan", sa.String(length=120), nullable=False),
        sa.Column("kota", sa.String(length=120), nullable=False),
        sa.Column("created_by", sa.String(length=254), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("merchant_id", "name", name="uq_outlets_merchant_name"),
    )
    op.create_index("ix_outlets_merchant_id", "outlets", ["merchant_id"])
    op.create_table(
        "device_outlets",
        sa.Column("device_id", sa.Uuid(), primary_key=True),
        sa.Column("outlet_id", sa.Uuid(), nullable=False),
        sa.Column("assigned_by", sa.String(length=254), nullable=False),
        sa.Column("assigned_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_device_outlets_outlet_id", "device_outlets", ["outlet_id"])
    op.create_table(
        "account_activity",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("merchant_id", sa.Uuid(), nullable=False),
        sa.Column("actor", sa.String(length=254), nullable=False),
        sa.Column("what", sa.String(length=300), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_account_activity_merchant_at", "account_activity", ["merchant_id", "at"])


def downgrade() -> None:
    op.drop_index("ix_account_activity_merchant_at", table_name="account_activity")
    op.drop_table("account_activity")
    op.drop_index("ix_device_outlets_outlet_id", table_name="device_outlets")
    op.drop_table("device_outlets")
    op.drop_index("ix_outlets_merchant_id", table_name="outlets")
    op.drop_table("outlets")
