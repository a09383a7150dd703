"""transactions.reported_net (the settlement report's net per transaction, kept for the admin's
reconciliation, issue 47.6) and job_leases (one worker makes the day's payouts)

Revision ID: f2b6d8a0c317
Revises: e7a1c5d9b204
"""

import sqlalchemy as sa
from alembic import op

revision = "f2b6d8a0c317"
down_revision = "e7a1c5d9b204"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("transactions") as batch:
        batch.add_column(sa.Column("reported_net", sa.BigInteger(), nullable=True))
    op.create_table(
        "job_leases",
        sa.Column("job", sa.String(length=60), primary_key=True),
        sa.Column("holder", sa.String(length=120), nullable=False),
        sa.Column("until", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("job_leases")
    with op.batch_alter_table("transactions") as batch:
        batch.drop_column("reported_net")
