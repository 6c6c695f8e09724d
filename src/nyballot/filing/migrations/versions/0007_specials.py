"""A paper may be for a special election: the election's id, stored with the record.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Nullable, no default: every record made before names no special election, and its hash
    # (which covers the column only where it is set) is unchanged.
    op.add_column("filings", sa.Column("special", sa.String(100)))


def downgrade() -> None:
    op.drop_column("filings", "special")  # SQLite 3.35 and later drop a column in place
