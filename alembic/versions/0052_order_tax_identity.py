"""orders.tax_id, tax_nitku, tax_name, tax_address and nsfp (issue 61.1): a PKP buyer's tax identity
for the faktur pajak, and the faktur's serial number from Coretax.

Revision ID: b7d1f5a9c246
Revises: a6c0e4f8b135
"""

import sqlalchemy as sa
from alembic import op

revision = "b7d1f5a9c246"
down_revision = "a6c0e4f8b135"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("orders") as batch:
        batch.add_column(sa.Column("tax_id", sa.String(length=16), nullable=True))
        batch.add_column(sa.Column("tax_nitku", sa.String(length=22), nullable=True))
        batch.add_column(sa.Column("tax_name", sa.String(length=200), nullable=True))
        batch.add_column(sa.Column("tax_address", sa.String(length=1000), nullable=True))
        batch.add_column(sa.Column("nsfp", sa.String(length=17), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("orders") as batch:
        for column in ("nsfp", "tax_address", "tax_name", "tax_nitku", "tax_id"):
            batch.drop_column(column)
