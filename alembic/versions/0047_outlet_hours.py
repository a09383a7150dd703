"""outlets.opens, closes (issue 63.6): an outlet's shop hours, when its silent unit is told of.

Revision ID: c9e5a1b3d427
Revises: b8d4f0a2c316
"""

import sqlalchemy as sa
from alembic import op

revision = "c9e5a1b3d427"
down_revision = "b8d4f0a2c316"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("outlets") as batch:
        batch.add_column(sa.Column("opens", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("closes", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("outlets") as batch:
        batch.drop_column("closes")
        batch.drop_column("opens")
