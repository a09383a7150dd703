"""customer_tabs: the tabs that read an account, so signing out empties their stored state;
sign_in_codes.browser: a code belongs to the browser that asked for it (issue 46.1, 46.2)

Revision ID: d4f1b7e3a962
Revises: c2e6a8d4f017
"""

import sqlalchemy as sa
from alembic import op

revision = "d4f1b7e3a962"
down_revision = "c2e6a8d4f017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "customer_tabs",
        sa.Column("token_hash", sa.String(64), sa.ForeignKey("customer_sessions.token_hash"), primary_key=True),
        sa.Column("client_token", sa.String(64), primary_key=True),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("sign_in_codes") as batch:
        batch.add_column(sa.Column("browser", sa.String(64), nullable=False, server_default=""))
    op.create_index("ix_sign_in_codes_email_browser", "sign_in_codes", ["email", "browser"])


def downgrade() -> None:
    op.drop_index("ix_sign_in_codes_email_browser", table_name="sign_in_codes")
    with op.batch_alter_table("sign_in_codes") as batch:
        batch.drop_column("browser")
    op.drop_table("customer_tabs")
