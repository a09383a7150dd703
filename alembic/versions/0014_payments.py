"""payments matched against the bank: the kode unik on BCA orders and the amounts held
(transfer_codes), imported statement lines, proof fingerprints, the admins' remembered
QRIS report columns (preferences)

Revision ID: d7a2f5c81e34
Revises: c41e7d9a0b26
"""

import sqlalchemy as sa
from alembic import op

revision = "d7a2f5c81e34"
down_revision = "c41e7d9a0b26"
branch_labels = None
depends_on = None

ORDER_COLUMNS = ("payment_check", "proof_suspect", "proof_amount", "unique_code")


def upgrade() -> None:
    # Plain ADD COLUMNs: no table rebuild, so SQLite keeps 0002's triggers.
    when = sa.DateTime(timezone=True)
    op.add_column("orders", sa.Column("unique_code", sa.Integer(), nullable=False, server_default="0"))
    op.add_column("orders", sa.Column("proof_amount", sa.BigInteger(), nullable=True))
    op.add_column("orders", sa.Column("proof_suspect", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.add_column("orders", sa.Column("payment_check", sa.String(length=300), nullable=True))
    op.create_index("ix_orders_waiting_amount", "orders", ["status", "payment_method", "total", "created_at"])
    op.create_index("ix_orders_proof_suspect_created_id", "orders", ["proof_suspect", "created_at", "id"])
    op.create_table(
        "transfer_codes",
        sa.Column("amount", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("client_ref", sa.String(length=64), nullable=False, unique=True),
        sa.Column("base_total", sa.BigInteger(), nullable=False),
        sa.Column("code", sa.Integer(), nullable=False),
        sa.Column("order_id", sa.Uuid(), nullable=True),
        sa.Column("expires_at", when, nullable=False),
    )
    op.create_index("ix_transfer_codes_order_id", "transfer_codes", ["order_id"])
    op.create_table(
        "statement_lines",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("identity", sa.String(length=64), nullable=False, unique=True),
        sa.Column("source", sa.String(length=10), nullable=False),
        sa.Column("booked_on", sa.Date(), nullable=True),
        sa.Column("description", sa.String(length=500), nullable=False),
        sa.Column("reference", sa.String(length=100), nullable=True),
        sa.Column("amount_cents", sa.BigInteger(), nullable=False),
        sa.Column("pending", sa.Boolean(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=True),
        sa.Column("window_from", when, nullable=True),
        sa.Column("window_to", when, nullable=True),
        sa.Column("order_id", sa.Uuid(), nullable=True, unique=True),
        sa.Column("imported_at", when, nullable=False),
        sa.Column("imported_by", sa.String(length=254), nullable=False),
    )
    op.create_index("ix_statement_lines_open", "statement_lines", ["source", "order_id", "amount"])
    op.create_table(
        "proof_prints",
        sa.Column("order_id", sa.Uuid(), primary_key=True),
        sa.Column("created_at", when, nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("phash", sa.String(length=256), nullable=True),
    )
    op.create_index("ix_proof_prints_sha256", "proof_prints", ["sha256"])
    op.create_index("ix_proof_prints_created_at", "proof_prints", ["created_at"])
    op.create_table(
        "preferences",
        sa.Column("name", sa.String(length=60), primary_key=True),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.Column("updated_at", when, nullable=False),
    )


def downgrade() -> None:
    for table in ("preferences", "proof_prints", "statement_lines", "transfer_codes"):
        op.drop_table(table)
    op.drop_index("ix_orders_proof_suspect_created_id", table_name="orders")
    op.drop_index("ix_orders_waiting_amount", table_name="orders")
    with op.batch_alter_table("orders") as batch:
        for column in ORDER_COLUMNS:
            batch.drop_column(column)
