"""transactions.fee (a sale's MDR before refunds) with fee_rule (the rule's name), and refunds.taken_on (the payout a refund
after settlement is taken from): issue 47.3's one rule for refunds. Rows stored before keep
their MDR as the fee; a refunded row's net becomes what the rule says (it was the refund,
negative)

Revision ID: d4f0b8e2a763
Revises: c3e9a7d1f542
"""

import sqlalchemy as sa
from alembic import op

revision = "d4f0b8e2a763"
down_revision = "c3e9a7d1f542"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("transactions") as batch:
        batch.add_column(sa.Column("fee", sa.BigInteger(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("fee_rule", sa.String(length=120), nullable=False, server_default=""))
    with op.batch_alter_table("refunds") as batch:
        batch.add_column(sa.Column("taken_on", sa.Date(), nullable=True))
    op.execute("UPDATE transactions SET fee = mdr WHERE status = 'approved'")
    op.execute("UPDATE transactions SET net = amount - refunded - mdr WHERE status = 'refund'")


def downgrade() -> None:
    with op.batch_alter_table("refunds") as batch:
        batch.drop_column("taken_on")
    with op.batch_alter_table("transactions") as batch:
        batch.drop_column("fee_rule")
        batch.drop_column("fee")
