"""status tallies kept by triggers, keyset indexes, trigram search indexes

Measured on PostgreSQL with 1,000,000 orders (docs/benchmarks.md): counting per status took
440 ms, deep pages with OFFSET 730 ms and "contains" searches about 2 s. This revision:

- `status_tallies`, kept by triggers in the same transaction as every write to `orders` and
  `merchant_registrations` (statement triggers with transition tables on PostgreSQL, row
  triggers on SQLite), so stat cards and filter counts read a handful of rows;
- (created_at, id) indexes for keyset pages, replacing the created_at-only ones;
- on PostgreSQL, pg_trgm GIN indexes on lower(column) for the admin's case-insensitive
  "contains" searches (SQLite keeps scanning; it is the small embedded default).

SQLite note: a later batch migration that rebuilds `orders` or `merchant_registrations`
drops their triggers; such a migration must create them again.

Revision ID: 5d1c0a7e2b94
Revises: 754a1e16799e
"""

from alembic import op
import sqlalchemy as sa

revision = "5d1c0a7e2b94"
down_revision = "754a1e16799e"
branch_labels = None
depends_on = None

# entity (= table), the SQL for its method column, the columns the admin searches.
TALLIED = {
    "orders": ("payment_method", ("buyer_name", "buyer_email", "buyer_phone")),
    "merchant_registrations": ("''", ("nama_usaha", "nama_lengkap", "email", "nomor_hp")),
}
KEYSET_INDEXES = {
    "orders": [
        ("ix_orders_created_at", ["created_at"], "ix_orders_created_id", ["created_at", "id"]),
        ("ix_orders_status_created", ["status", "created_at"], "ix_orders_status_created_id", ["status", "created_at", "id"]),
        ("ix_orders_method_created", ["payment_method", "created_at"], "ix_orders_method_created_id", ["payment_method", "created_at", "id"]),
    ],
    "merchant_registrations": [
        ("ix_merchant_registrations_created_at", ["created_at"], "ix_merchant_created_id", ["created_at", "id"]),
        ("ix_merchant_status_created", ["status", "created_at"], "ix_merchant_status_created_id", ["status", "created_at", "id"]),
    ],
}


def _pg_trigger_sql(table: str, method: str) -> list[str]:
    """One function, three statement triggers: each adds up the change in one sorted upsert
    (sorted, so two transactions take the tally rows' locks in the same order)."""
    fn = f"tally_{table}"

    def upsert(sources: str) -> str:
        return f"""
        INSERT INTO status_tallies (entity, status, method, n)
        SELECT '{table}', status, method, sum(d) FROM ({sources}) AS change
        GROUP BY status, method HAVING sum(d) <> 0 ORDER BY status, method
        ON CONFLICT (entity, status, method) DO UPDATE SET n = status_tallies.n + EXCLUDED.n;"""

    added = f"SELECT status, {method} AS method, 1 AS d FROM new_rows"
    removed = f"SELECT status, {method} AS method, -1 AS d FROM old_rows"
    return [
        f"""CREATE FUNCTION {fn}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN {upsert(added)}
            ELSIF TG_OP = 'DELETE' THEN {upsert(removed)}
            ELSE {upsert(added + " UNION ALL " + removed)}
            END IF;
            RETURN NULL;
        END $$""",
        f"CREATE TRIGGER {table}_tally_insert AFTER INSERT ON {table} REFERENCING NEW TABLE AS new_rows "
        f"FOR EACH STATEMENT EXECUTE FUNCTION {fn}()",
        f"CREATE TRIGGER {table}_tally_delete AFTER DELETE ON {table} REFERENCING OLD TABLE AS old_rows "
        f"FOR EACH STATEMENT EXECUTE FUNCTION {fn}()",
        f"CREATE TRIGGER {table}_tally_update AFTER UPDATE ON {table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows "
        f"FOR EACH STATEMENT EXECUTE FUNCTION {fn}()",
    ]


def _sqlite_trigger_sql(table: str, method: str) -> list[str]:
    def add(row: str) -> str:
        return (f"INSERT INTO status_tallies (entity, status, method, n) VALUES ('{table}', {row}.status, "
                f"{method.replace('payment_method', row + '.payment_method')}, 1) "
                "ON CONFLICT (entity, status, method) DO UPDATE SET n = n + 1;")

    def remove(row: str) -> str:
        return (f"UPDATE status_tallies SET n = n - 1 WHERE entity = '{table}' AND status = {row}.status "
                f"AND method = {method.replace('payment_method', row + '.payment_method')};")

    watched = "status, payment_method" if method == "payment_method" else "status"
    return [
        f"CREATE TRIGGER {table}_tally_insert AFTER INSERT ON {table} BEGIN {add('NEW')} END",
        f"CREATE TRIGGER {table}_tally_delete AFTER DELETE ON {table} BEGIN {remove('OLD')} END",
        f"CREATE TRIGGER {table}_tally_update AFTER UPDATE OF {watched} ON {table} BEGIN {remove('OLD')} {add('NEW')} END",
    ]


def _trgm_schema() -> str:
    """pg_trgm lives in one schema per database; our own schema may not be on its search path."""
    op.execute("SELECT pg_advisory_xact_lock(hashtext('create pg_trgm'))")  # two first migrations at once: one creates it
    op.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public")
    return op.get_bind().execute(sa.text(
        "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'"
    )).scalar_one()


def upgrade() -> None:
    postgres = op.get_bind().dialect.name == "postgresql"
    op.create_table(
        "status_tallies",
        sa.Column("entity", sa.String(40), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("method", sa.String(20), nullable=False),
        sa.Column("n", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("entity", "status", "method"),
    )
    for table, (method, _) in TALLIED.items():
        if postgres:
            op.execute(f"LOCK TABLE {table} IN SHARE ROW EXCLUSIVE MODE")  # no write between count and trigger
        for statement in (_pg_trigger_sql if postgres else _sqlite_trigger_sql)(table, method):
            op.execute(statement)
        group = "status" if method == "''" else f"status, {method}"
        op.execute(f"INSERT INTO status_tallies (entity, status, method, n) "
                   f"SELECT '{table}', status, {method}, count(*) FROM {table} GROUP BY {group}")
    for table, swaps in KEYSET_INDEXES.items():
        for old, _, new, columns in swaps:
            op.drop_index(old, table_name=table)
            op.create_index(new, table, columns)
    if postgres:
        schema = _trgm_schema()
        for table, (_, columns) in TALLIED.items():
            for column in columns:
                op.execute(f"CREATE INDEX ix_{table}_{column}_trgm ON {table} USING gin (lower({column}) {schema}.gin_trgm_ops)")


def downgrade() -> None:
    postgres = op.get_bind().dialect.name == "postgresql"
    for table, (_, columns) in TALLIED.items():
        if postgres:
            for column in columns:
                op.execute(f"DROP INDEX IF EXISTS ix_{table}_{column}_trgm")
        for event in ("insert", "delete", "update"):
            op.execute(f"DROP TRIGGER IF EXISTS {table}_tally_{event}" + (f" ON {table}" if postgres else ""))
        if postgres:
            op.execute(f"DROP FUNCTION IF EXISTS tally_{table}()")
    for table, swaps in KEYSET_INDEXES.items():
        for old, old_columns, new, _ in swaps:
            op.drop_index(new, table_name=table)
            op.create_index(old, table, old_columns)
    op.drop_table("status_tallies")
