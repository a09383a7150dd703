"""team_members, team_member_outlets and team_session_choices (issue 49.2: the owner's staff,
their outlets, and which merchant a browser works for)

Revision ID: d9f3b7c5a260
Revises: c8e2a6b4f159
"""

import sqlalchemy as sa
from alembic import op

revision = "d9f3b7c5a260"
down_revision = "c8e2a6b4f159"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "team_members",
        sa.Column("id", sa.Uuid(), primary_key=True),
        sa.Column("merchant_id", sa.Uuid(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("role", sa.String(length=20), nullable=False),
        sa.Column("invited_by", sa.String(length=254), nullable=False),
        sa.Column("invite_hash", sa.String(length=64), nullable=False),
        sa.Column("invite_expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("removed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("invite_hash"),
    )
    op.create_index("ix_team_members_merchant_id", "team_members", ["merchant_id"])
    op.create_index("ix_team_members_email", "team_members", ["email"])
    op.create_index("ix_team_members_inviter_created", "team_members", ["invited_by", "created_at"])
    op.create_table(
        "team_member_outlets",
        sa.Column("member_id", sa.Uuid(), sa.ForeignKey("team_members.id"), primary_key=True),
        sa.Column("outlet_id", sa.Uuid(), primary_key=True),
    )
    op.create_table(
        "team_session_choices",
        sa.Column("token_hash", sa.String(length=64), primary_key=True),
        sa.Column("member_id", sa.Uuid(), nullable=True),
        sa.Column("chosen_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("team_session_choices")
    op.drop_table("team_member_outlets")
    op.drop_index("ix_team_members_inviter_created", table_name="team_members")
    op.drop_index("ix_team_members_email", table_name="team_members")
    op.drop_index("ix_team_members_merchant_id", table_name="team_members")
    op.drop_table("team_members")
