"""service_cases.delivered_at, pickup_on, pickup_window (issue 63.8): a replacement is activated
once the merchant has it, and the old unit's collection has a day and hours.

Revision ID: b8d4f0a2c316
Revises: a7c3e9f1b205
"""

import sqlalchemy as sa
from alembic import op

revision = "b8d4f0a2c316"
down_revision = "a7c3e9f1b205"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("service_cases") as batch:
        batch.add_column(sa.Column("delivered_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("pickup_on", sa.Date(), nullable=True))
        batch.add_column(sa.Column("pickup_window", sa.String(length=20), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("service_cases") as batch:
        batch.drop_column("pickup_window")
        batch.drop_column("pickup_on")
        batch.drop_column("delivered_at")
