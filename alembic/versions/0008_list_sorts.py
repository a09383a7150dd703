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


# PostgreSQL guesses one group per row for the overview's "WIB day of created_at" and sorts
# every order of the range to disk; with statistics on that expression it knows there are
# a few hundred days and groups them in memory (services/admin_overview._wib_day).
WIB_DAY_STATS = "stx_orders_wib_day"


def upgrade() -> None:
    for name, table, columns in INDEXES:
        op.create_index(name, table, columns)
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"CREATE STATISTICS {WIB_DAY_STATS} ON (date(timezone('Asia/Jakarta', created_at))) FROM orders")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"DROP STATISTICS IF EXISTS {WIB_DAY_STATS}")
    for name, table, _ in INDEXES:
        op.drop_index(name, table_name=table)
