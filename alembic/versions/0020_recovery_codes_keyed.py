"""recovery codes hashed with a key and the account (issue 35.7): the old unsalted SHA-256
of 48 random bits are deleted; each admin makes new ones on the 2FA page (the authenticator
app still signs in, and an owner can reset another's 2FA)

Revision ID: f1c9a7d3b560
Revises: e4b8d2f61a09
"""

from alembic import op

revision = "f1c9a7d3b560"
down_revision = "e4b8d2f61a09"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("DELETE FROM admin_recovery_codes")


def downgrade() -> None:
    pass  # the old codes cannot come back; new ones stay valid only under this scheme
