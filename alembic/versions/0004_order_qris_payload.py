"""orders keep the dynamic QRIS payload the buyer was shown (amount, bill number, CRC)

Revision ID: 2c7d4e9a1f03
Revises: 9b3e6f1c2a40
"""

import sqlalchemy as sa
from alembic import op

revision = "2c7d4e9a1f03"
down_revision = "9b3e6f1c2a40"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN (no table rebuild), so SQLite keeps the tally triggers of 0002.
    op.add_column("orders", sa.Column("qris_payload", sa.Text(), nullable=True))


def downgrade() -> None:
    op.drop_column("orders", "qris_payload")
