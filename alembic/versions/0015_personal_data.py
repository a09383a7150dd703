"""personal data (UU 27/2022): consent on record, the access log, the dates retention and
erasure read (rejected, ended, purged, restricted), and the data subjects' requests

Revision ID: e3b9c4d21f07
Revises: d7a2f5c81e34
"""

import sqlalchemy as sa
from alembic import op

revision = "e3b9c4d21f07"
down_revision = "d7a2f5c81e34"
branch_labels = None
depends_on = None

MERCHANT_COLUMNS = ("consent_at", "rejected_at", "ended_at", "purged_at", "restricted_at")
ORDER_COLUMNS = ("purged_at", "restricted_at")


def upgrade() -> None:
    # Plain ADD COLUMNs: no table rebuild, so SQLite keeps 0002's triggers. Registrations made
    # before this release agreed in the browser only: their consent is left empty, not invented.
    when = sa.DateTime(timezone=True)
    for column in MERCHANT_COLUMNS:
        op.add_column("merchant_registrations", sa.Column(column, when, nullable=True))
    op.add_column("merchant_registrations", sa.Column("consent_address", sa.String(length=64), nullable=True))
    op.add_column("merchant_registrations", sa.Column("consent_version", sa.String(length=20), nullable=True))
    for column in ORDER_COLUMNS:
        op.add_column("orders", sa.Column(column, when, nullable=True))
    op.create_index("ix_merchant_registrations_restricted_at", "merchant_registrations", ["restricted_at"])
    op.create_index("ix_orders_restricted_at", "orders", ["restricted_at"])
    # A registration rejected before this release: its last change is when it was rejected.
    op.execute("UPDATE merchant_registrations SET rejected_at = updated_at WHERE status = 'rejected'")
    op.create_table(
        "access_log",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("at", when, nullable=False),
        sa.Column("admin_email", sa.String(length=254), nullable=False),
        sa.Column("action", sa.String(length=20), nullable=False),
        sa.Column("entity_type", sa.String(length=20), nullable=False),
        sa.Column("entity_id", sa.String(length=64), nullable=False),
        sa.Column("item", sa.String(length=500), nullable=False),
    )
    op.create_index("ix_access_entity", "access_log", ["entity_type", "entity_id", "at"])
    op.create_table(
        "data_requests",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("created_at", when, nullable=False),
        sa.Column("entity_type", sa.String(length=20), nullable=False),
        sa.Column("entity_id", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("due_at", when, nullable=False),
        sa.Column("done_at", when, nullable=True),
        sa.Column("done_by", sa.String(length=254), nullable=True),
    )
    op.create_index("ix_data_requests_open", "data_requests", ["done_at", "due_at"])


def downgrade() -> None:
    op.drop_table("data_requests")
    op.drop_table("access_log")
    op.drop_index("ix_orders_restricted_at", table_name="orders")
    op.drop_index("ix_merchant_registrations_restricted_at", table_name="merchant_registrations")
    with op.batch_alter_table("orders") as batch:
        for column in ORDER_COLUMNS:
            batch.drop_column(column)
    with op.batch_alter_table("merchant_registrations") as batch:
        for column in (*MERCHANT_COLUMNS, "consent_address", "consent_version"):
            batch.drop_column(column)
