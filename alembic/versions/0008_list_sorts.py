"""indexes behind the admin lists' sorts (total, name) beside their date, and the overview's

Revision ID: 5d1e8a7c3b90
Revises: 3a9c7e5b1d28
"""

from alembic import op

revision = "5d1e8a7c3b90"
down_revision = "3a9c7e5b1d28"
branch_labels = None
depends_on = None

# (name, table, columns): each sort of services/admin_*.SORTS reads one of these in order,
# so the first page of a million rows sorted by total costs what the newest-first page costs.
INDEXES = (
    ("ix_orders_total_created_id", "orders", ["total", "created_at", "id"]),
    ("ix_orders_buyer_name_created_id", "orders", ["buyer_name", "created_at", "id"]),
    ("ix_merchant_nama_usaha_created_id", "merchant_registrations", ["nama_usaha", "created_at", "id"]),
    # services/admin_overview.py sums a range of days from the index alone (no table reads).
    ("ix_orders_overview", "orders", ["created_at", "status", "total", "updated_at"]),
)


def upgrade() -> None:
    for name, table, columns in INDEXES:
        op.create_index(name, table, columns)


def downgrade() -> None:
    for name, table, _ in INDEXES:
        op.drop_index(name, table_name=table)
