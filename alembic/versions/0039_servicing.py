"""service_cases and service_media (issue 48.1-48.2: a merchant's broken terminal, replaced
first and collected after) and devices.replaces_id (the unit a replacement takes the TID of)

Revision ID: a5c9e3f1d826
Revises: f2b6d8a0c317
"""

import sqlalchemy as sa
from alembic import op

revision = "a5c9e3f1d826"
down_revision = "f2b6d8a0c317"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("devices") as batch:
        batch.add_column(sa.Column("replaces_id", sa.Uuid(), nullable=True))
    op.create_table(
        "service_cases",
        sa.Column("id", sa.Uuid(), primary_key=True),
        sa.Column("number", sa.String(length=20), nullable=False, unique=True),
        sa.Column("device_id", sa.Uuid(), nullable=False),
        sa.Column("merchant_id", sa.Uuid(), nullable=False),
        sa.Column("problem", sa.String(length=20), nullable=False),
        sa.Column("text", sa.String(length=1000), nullable=False),
        sa.Column("opened_by", sa.String(length=254), nullable=False),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("step", sa.String(length=30), nullable=False),
        sa.Column("warranty_until", sa.Date(), nullable=True),
        sa.Column("in_warranty", sa.Boolean(), nullable=False),
        sa.Column("promise", sa.String(length=300), nullable=False),
        sa.Column("note", sa.String(length=1000), nullable=False),
        sa.Column("outcome", sa.String(length=200), nullable=False),
        sa.Column("replacement_id", sa.Uuid(), nullable=True),
        sa.Column("replacement_courier", sa.String(length=40), nullable=True),
        sa.Column("replacement_resi", sa.String(length=40), nullable=True),
        sa.Column("pickup_courier", sa.String(length=40), nullable=True),
        sa.Column("pickup_resi", sa.String(length=40), nullable=True),
        sa.Column("fee_sku", sa.String(length=30), nullable=True),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_service_cases_device_id", "service_cases", ["device_id"])
    op.create_index("ix_service_cases_merchant_id", "service_cases", ["merchant_id"])
    op.create_index("ix_service_cases_step", "service_cases", ["step"])
    op.create_table(
        "service_media",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("case_id", sa.Uuid(), nullable=False),
        sa.Column("file_key", sa.String(length=200), nullable=False),
        sa.Column("content_type", sa.String(length=40), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("uploaded_by", sa.String(length=254), nullable=False),
        sa.Column("uploaded_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_service_media_case_id", "service_media", ["case_id"])


def downgrade() -> None:
    op.drop_index("ix_service_media_case_id", table_name="service_media")
    op.drop_table("service_media")
    for name in ("step", "merchant_id", "device_id"):
        op.drop_index(f"ix_service_cases_{name}", table_name="service_cases")
    op.drop_table("service_cases")
    with op.batch_alter_table("devices") as batch:
        batch.drop_column("replaces_id")
