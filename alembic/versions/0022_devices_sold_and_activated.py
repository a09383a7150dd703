"""devices sold and activated: an order's merchant, a unit's packing, activation and warranty (issue 36)

Revision ID: b7d1e9f3c024
Revises: a2e6c4b8d913
"""

import sqlalchemy as sa
from alembic import op

revision = "b7d1e9f3c024"
down_revision = "a2e6c4b8d913"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("orders") as batch:
        batch.add_column(sa.Column("merchant_id", sa.Uuid(), nullable=True))
        batch.create_index("ix_orders_merchant_id", ["merchant_id"])
    with op.batch_alter_table("devices") as batch:
        batch.add_column(sa.Column("nmid", sa.String(length=20), nullable=True))
        batch.add_column(sa.Column("acquirer", sa.String(length=40), nullable=True))
        batch.add_column(sa.Column("activated_by", sa.String(length=254), nullable=True))
        batch.add_column(sa.Column("packed_by", sa.String(length=254), nullable=True))
        batch.add_column(sa.Column("warranty_until", sa.Date(), nullable=True))
    op.create_index("ix_devices_serial_prefix", "devices", ["serial"], postgresql_ops={"serial": "text_pattern_ops"})
    op.create_index(
        "ux_devices_active_tid",
        "devices",
        ["tid"],
        unique=True,
        postgresql_where=sa.text("status = 'aktif'"),
        sqlite_where=sa.text("status = 'aktif'"),
    )


def downgrade() -> None:
    op.drop_index("ux_devices_active_tid", table_name="devices")
    op.drop_index("ix_devices_serial_prefix", table_name="devices")
    with op.batch_alter_table("devices") as batch:
        for name in ("warranty_until", "packed_by", "activated_by", "acquirer", "nmid"):
            batch.drop_column(name)
    with op.batch_alter_table("orders") as batch:
        batch.drop_index("ix_orders_merchant_id")
        batch.drop_column("merchant_id")
