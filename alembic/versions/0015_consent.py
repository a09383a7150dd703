"""consent on record: when, from where and to which privacy text a registration agreed

Revision ID: e3b9c4d21f07
Revises: d7a2f5c81e34
"""

import sqlalchemy as sa
from alembic import op

revision = "e3b9c4d21f07"
down_revision = "d7a2f5c81e34"
branch_labels = None
depends_on = None

COLUMNS = ("consent_version", "consent_address", "consent_at")


def upgrade() -> None:
    # Registrations made before this release agreed in the browser only: left empty, not invented.
    op.add_column("merchant_registrations", sa.Column("consent_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("merchant_registrations", sa.Column("consent_address", sa.String(length=64), nullable=True))
    op.add_column("merchant_registrations", sa.Column("consent_version", sa.String(length=20), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("merchant_registrations") as batch:
        for column in COLUMNS:
            batch.drop_column(column)
