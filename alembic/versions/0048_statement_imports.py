"""statement_imports (issue 60.8): each imported file's line ids, kept server-side; the payments
page holds only the import's id.

Revision ID: d1f6b2c4e538
Revises: c9e5a1b3d427
"""

import sqlalchemy as sa
from alembic import op

revision = "d1f6b2c4e538"
down_revision = "c9e5a1b3d427"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "statement_imports",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("imported_by", sa.String(length=254), nullable=False),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("line_ids", sa.JSON(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("statement_imports")
