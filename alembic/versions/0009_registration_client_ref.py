"""a registration remembers the key of the wizard attempt that sent it

Revision ID: 9b4f2e6a1c57
Revises: 5d1e8a7c3b90
"""

import sqlalchemy as sa
from alembic import op

revision = "9b4f2e6a1c57"
down_revision = "5d1e8a7c3b90"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN and a unique index (no table rebuild: SQLite keeps 0002's triggers).
    op.add_column("merchant_registrations", sa.Column("client_ref", sa.String(length=64), nullable=True))
    op.create_index(
        "ix_merchant_registrations_client_ref", "merchant_registrations", ["client_ref"], unique=True
    )


def downgrade() -> None:
    op.drop_index("ix_merchant_registrations_client_ref", table_name="merchant_registrations")
    op.drop_column("merchant_registrations", "client_ref")
