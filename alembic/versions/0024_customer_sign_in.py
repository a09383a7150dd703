"""customers sign in with a code by e-mail: codes and sessions (issue 37)

Revision ID: d8f3b6a1e205
Revises: c5e2a8d4f137
"""

import sqlalchemy as sa
from alembic import op

revision = "d8f3b6a1e205"
down_revision = "c5e2a8d4f137"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sign_in_codes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tries", sa.Integer(), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_sign_in_codes_email_created", "sign_in_codes", ["email", "created_at"])
    op.create_table(
        "customer_sessions",
        sa.Column("token_hash", sa.String(length=64), primary_key=True),
        sa.Column("email", sa.String(length=254), nullable=False, index=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("agent", sa.String(length=300), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("customer_sessions")
    op.drop_table("sign_in_codes")
