"""the admin team: invited and deactivated accounts, the last sign-in, two-factor sign-in
(the secret, the last code's time step, recovery codes, each session's second factor),
and the owner's invitations

Revision ID: c5e1f9a04b26
Revises: a8d4e2b17c93
"""

import sqlalchemy as sa
from alembic import op

revision = "c5e1f9a04b26"
down_revision = "a8d4e2b17c93"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("admin_users", sa.Column("active", sa.Boolean(), nullable=False, server_default=sa.true()))
    op.add_column("admin_users", sa.Column("invited", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.add_column("admin_users", sa.Column("last_sign_in_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("admin_users", sa.Column("totp_secret", sa.String(length=255), nullable=True))
    op.add_column("admin_users", sa.Column("totp_pending", sa.String(length=255), nullable=True))
    op.add_column("admin_users", sa.Column("totp_last_step", sa.BigInteger(), nullable=True))
    op.add_column("admin_sessions", sa.Column("verified_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "admin_invites",
        sa.Column("token_hash", sa.String(length=64), primary_key=True),
        sa.Column("email", sa.String(length=254), nullable=False, index=True),
        sa.Column("role", sa.String(length=20), nullable=False),
        sa.Column("invited_by", sa.String(length=254), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "admin_recovery_codes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "admin_id", sa.Uuid(), sa.ForeignKey("admin_users.id", ondelete="CASCADE"), nullable=False, index=True
        ),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("admin_recovery_codes")
    op.drop_table("admin_invites")
    with op.batch_alter_table("admin_sessions") as batch:
        batch.drop_column("verified_at")
    with op.batch_alter_table("admin_users") as batch:
        for column in ("totp_last_step", "totp_pending", "totp_secret", "last_sign_in_at", "invited", "active"):
            batch.drop_column(column)
