"""admin roles (every existing admin is an owner, pemilik, as they could do everything), and
what a session's list shows of it: the browser and the address it signed in from

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
    op.add_column("admin_sessions", sa.Column("user_agent", sa.String(length=300), nullable=True))
    op.add_column("admin_sessions", sa.Column("address", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("admin_sessions") as batch:
        batch.drop_column("address")
        batch.drop_column("user_agent")
    with op.batch_alter_table("admin_users") as batch:
        batch.drop_column("role")
