"""Records signed with the board's key, seq covered by the hash, and the access log chained.

Revision ID: 0003
Revises: 0002

Records made before this revision keep their form (1) and their hashes, so an older book still
verifies; they are reported unsigned. The access log's existing lines are chained here, in row
order.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from nyballot.filing.chain import log_hash

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def _chain_log(bind: sa.Connection) -> None:
    table = sa.table("access_log", sa.column("id"), sa.column("prev_hash"), sa.column("hash"))
    rows = bind.execute(sa.text("SELECT * FROM access_log ORDER BY id")).mappings().all()
    last = ""
    for row in rows:
        chained = {**row, "prev_hash": last}
        last = log_hash(chained)
        bind.execute(
            table.update()
            .where(table.c.id == row["id"])
            .values(prev_hash=chained["prev_hash"], hash=last)
        )


def upgrade() -> None:
    op.add_column("filings", sa.Column("form", sa.Integer, nullable=False, server_default="1"))
    op.add_column("filings", sa.Column("key_id", sa.String(16)))
    op.add_column("filings", sa.Column("signature", sa.String(128)))
    op.create_table(
        "keys",
        sa.Column("key_id", sa.String(16), primary_key=True),
        sa.Column("public_key", sa.String(64), nullable=False),
        sa.Column("first_used", sa.String(40), nullable=False),
    )
    op.add_column(
        "access_log", sa.Column("prev_hash", sa.String(64), nullable=False, server_default="")
    )
    op.add_column("access_log", sa.Column("hash", sa.String(64), nullable=False, server_default=""))
    _chain_log(op.get_bind())


def downgrade() -> None:
    op.drop_column("access_log", "hash")
    op.drop_column("access_log", "prev_hash")
    op.drop_table("keys")
    for name in ("signature", "key_id", "form"):
        op.drop_column("filings", name)
