"""orders (status, fulfilment, updated_at): the overview finds the oldest order of each shipping
stage with one index lookup each, instead of reading every order at the stage

Revision ID: c2e6a8d4f017
Revises: b7d1f3a9c524
"""

from alembic import op

revision = "c2e6a8d4f017"
down_revision = "b7d1f3a9c524"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_orders_stage_updated", "orders", ["status", "fulfilment", "updated_at"])


def downgrade() -> None:
    op.drop_index("ix_orders_stage_updated", table_name="orders")
