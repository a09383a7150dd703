"""a rejected registration remembers what to correct and the secret of its correction link

Revision ID: 3a9c7e5b1d28
Revises: 8f2b5c1d9e64
"""

import sqlalchemy as sa
from alembic import op

revision = "3a9c7e5b1d28"
down_revision = "8f2b5c1d9e64"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs (no table rebuild), so SQLite keeps the tally triggers of 0002.
    op.add_column("merchant_registrations", sa.Column("fix_items", sa.JSON(), nullable=True))
    op.add_column("merchant_registrations", sa.Column("fix_nonce", sa.String(length=64), nullable=True))
    op.add_column("merchant_registrations", sa.Column("fix_expires_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    for column in ("fix_expires_at", "fix_nonce", "fix_items"):
        op.drop_column("merchant_registrations", column)
