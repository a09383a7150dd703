"""admins with a one-time password must choose their own at the first sign-in

The first admin created by `make run` (and any password reset by the CLI without a
password) gets a generated one-time password; `must_change_password` keeps every admin
page closed to that account until it has chosen a new one (docs/decisions.md, Admin).

Revision ID: 9b3e6f1c2a40
Revises: 5d1c0a7e2b94
"""

import sqlalchemy as sa
from alembic import op

revision = "9b3e6f1c2a40"
down_revision = "5d1c0a7e2b94"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("admin_users") as batch:
        batch.add_column(sa.Column("must_change_password", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("admin_users") as batch:
        batch.drop_column("must_change_password")
