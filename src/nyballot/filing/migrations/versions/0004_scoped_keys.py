"""Idempotency keys stored with their board and token before them: room for both.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":  # SQLite keeps a text of any length
        op.alter_column("filings", "idempotency_key", type_=sa.String(300))


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.alter_column("filings", "idempotency_key", type_=sa.String(200))
