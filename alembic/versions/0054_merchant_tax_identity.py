"""merchant_registrations.tax_id, tax_nitku, tax_name, tax_address (issue 61.2): a PKP merchant's
tax identity for the faktur pajak of its monthly MDR invoice.

Revision ID: d9f3b7c1e468
Revises: c8e2a6b0d357
"""

import sqlalchemy as sa
from alembic import op

revision = "d9f3b7c1e468"
down_revision = "c8e2a6b0d357"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("merchant_registrations") as batch:
        batch.add_column(sa.Column("tax_id", sa.String(length=16), nullable=True))
        batch.add_column(sa.Column("tax_nitku", sa.String(length=22), nullable=True))
        batch.add_column(sa.Column("tax_name", sa.String(length=200), nullable=True))
        batch.add_column(sa.Column("tax_address", sa.String(length=1000), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("merchant_registrations") as batch:
        for column in ("tax_address", "tax_name", "tax_nitku", "tax_id"):
            batch.drop_column(column)
