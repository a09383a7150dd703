"""admin roles: every existing admin is an owner (pemilik), as they could do everything

Revision ID: a8d4e2b17c93
Revises: e3b9c4d21f07
"""

import sqlalchemy as sa
from alembic import op

revision = "a8d4e2b17c93"
down_revision = "e3b9c4d21f07"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("admin_users", sa.Column("role", sa.String(length=20), nullable=False, server_default="pemilik"))


def downgrade() -> None:
    with op.batch_alter_table("admin_users") as batch:
        batch.drop_column("role")
