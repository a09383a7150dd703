"""consents: one log of consent for every channel (issue 51.2). The WhatsApp numbers' opt-ins
and STOPs move there from whatsapp_contacts (which keeps when each number last wrote), and
the order's copy of the buyer's tick goes (the checkout writes it to the log, with its act).

Revision ID: a4c7e1b9d352
Revises: f3b9d6a2c815
"""

import sqlalchemy as sa
from alembic import op

revision = "a4c7e1b9d352"
down_revision = "f3b9d6a2c815"
branch_labels = None
depends_on = None

MOVED = "sebelum log persetujuan (migrasi 0033)"


def upgrade() -> None:
    consents = op.create_table(
        "consents",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("channel", sa.String(length=20), nullable=False),
        sa.Column("address", sa.String(length=254), nullable=False),
        sa.Column("given", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("text", sa.String(length=300), nullable=False),
        sa.Column("act", sa.String(length=120), nullable=False),
    )
    op.create_index("ix_consents_address", "consents", ["channel", "address", "id"])
    contacts = sa.table(
        "whatsapp_contacts",
        *(sa.column(c) for c in ("phone", "opted_in_at", "opt_in_text", "opted_out_at", "opt_out_text")),
    )
    rows = []
    for phone, in_at, in_text, out_at, out_text in op.get_bind().execute(sa.select(contacts)):
        acts = [(in_at, True, in_text or "Kirim info pesanan lewat WhatsApp")] if in_at else []
        acts += [(out_at, False, out_text or "STOP")] if out_at else []
        for at, given, text in sorted(acts, key=lambda a: a[0]):
            rows.append({"channel": "whatsapp", "address": phone, "given": given, "at": at, "text": text[:300],
                         "act": MOVED})  # fmt: skip
    if rows:
        op.bulk_insert(consents, rows)
    with op.batch_alter_table("whatsapp_contacts", recreate="never") as batch:
        for column in ("opted_in_at", "opt_in_text", "opted_out_at", "opt_out_text"):
            batch.drop_column(column)
    with op.batch_alter_table("orders", recreate="never") as batch:  # a copied table would lose the tallies' triggers
        batch.drop_column("whatsapp_consent_text")
        batch.drop_column("whatsapp_consent_at")


def downgrade() -> None:
    with op.batch_alter_table("orders") as batch:
        batch.add_column(sa.Column("whatsapp_consent_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("whatsapp_consent_text", sa.String(length=300), nullable=True))
    with op.batch_alter_table("whatsapp_contacts") as batch:
        batch.add_column(sa.Column("opted_in_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("opt_in_text", sa.String(length=300), nullable=True))
        batch.add_column(sa.Column("opted_out_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("opt_out_text", sa.String(length=300), nullable=True))
    op.drop_index("ix_consents_address", table_name="consents")
    op.drop_table("consents")
