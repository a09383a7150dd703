"""one open data request of a kind per record, enforced by the database (issue 35.11:
parallel asks made two)

Revision ID: a2e6c4b8d913
Revises: f1c9a7d3b560
"""

import sqlalchemy as sa
from alembic import op

revision = "a2e6c4b8d913"
down_revision = "f1c9a7d3b560"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Any duplicates made before: the later ones are closed as answered by the earliest.
    op.execute(
        "UPDATE data_requests SET done_at = created_at, done_by = 'duplikat' WHERE done_at IS NULL AND id NOT IN "
        "(SELECT MIN(id) FROM data_requests WHERE done_at IS NULL GROUP BY entity_type, entity_id, kind)"
    )
    op.create_index(
        "uq_data_requests_one_open",
        "data_requests",
        ["entity_type", "entity_id", "kind"],
        unique=True,
        sqlite_where=sa.text("done_at IS NULL"),
        postgresql_where=sa.text("done_at IS NULL"),
    )


def downgrade() -> None:
    op.drop_index("uq_data_requests_one_open", table_name="data_requests")
