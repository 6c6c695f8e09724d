"""A book a board can trust: late entries, superseding determinations, the hash chain,
scoped tokens and the access log.

Revision ID: 0002
Revises: 0001

Rows recorded before this revision are chained here, in row order, so an older book verifies
from its first record. The append-only triggers are lifted for that alone, in the same
transaction (a crash leaves the book at revision 0001, untouched).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from nyballot.filing.chain import record_hash

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_FILINGS = (
    sa.Column("late_reason", sa.Text),
    sa.Column("supersedes", sa.String(36)),
    sa.Column("prev_hash", sa.String(64), nullable=False, server_default=""),
    sa.Column("hash", sa.String(64), nullable=False, server_default=""),
)
_TOKENS = (
    sa.Column("boards", sa.Text, nullable=False, server_default="*"),
    sa.Column("expires_at", sa.String(40)),
    sa.Column("revoked_at", sa.String(40)),
)


def _triggers(dialect: str, on: bool) -> None:
    if dialect == "sqlite":
        for action in ("UPDATE", "DELETE"):
            name = f"filings_no_{action.lower()}"
            op.execute(
                f"CREATE TRIGGER IF NOT EXISTS {name} BEFORE {action} ON filings "
                "BEGIN SELECT RAISE(ABORT, 'filings are append-only'); END"
                if on
                else f"DROP TRIGGER IF EXISTS {name}"
            )
    elif dialect == "postgresql":
        state = "ENABLE" if on else "DISABLE"
        op.execute(f"ALTER TABLE filings {state} TRIGGER filings_append_only")


def _chain_existing(bind: sa.Connection) -> None:
    table = sa.table("filings", *(sa.column(c) for c in ("id", "board", "prev_hash", "hash")))
    rows = bind.execute(sa.text("SELECT * FROM filings ORDER BY id")).mappings().all()
    last: dict[str, str] = {}
    for row in rows:
        chained = {**row, "prev_hash": last.get(row["board"], "")}
        last[row["board"]] = record_hash(chained)
        bind.execute(
            table.update()
            .where(table.c.id == row["id"])
            .values(prev_hash=chained["prev_hash"], hash=last[row["board"]])
        )


def upgrade() -> None:
    bind = op.get_bind()
    dialect = bind.dialect.name
    with op.batch_alter_table("filings") as batch:
        for column in _FILINGS:
            batch.add_column(column)
    with op.batch_alter_table("tokens") as batch:
        for column in _TOKENS:
            batch.add_column(column)
    _triggers(dialect, on=False)
    _chain_existing(bind)
    _triggers(dialect, on=True)
    # One chain per board: two records can never follow the same one.
    op.create_index("ux_filings_board_prev_hash", "filings", ["board", "prev_hash"], unique=True)
    op.create_index("ix_filings_board_id", "filings", ["board", "id"])
    op.create_table(
        "access_log",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.String(40), nullable=False),
        sa.Column("who", sa.String(100), nullable=False),
        sa.Column("action", sa.String(40), nullable=False),
        sa.Column("target", sa.String(200), nullable=False, server_default=""),
        sa.Column("client", sa.String(100), nullable=False, server_default=""),
        sa.Column("outcome", sa.String(300), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("access_log")
    op.drop_index("ix_filings_board_id", "filings")
    op.drop_index("ux_filings_board_prev_hash", "filings")
    with op.batch_alter_table("tokens") as batch:
        for column in _TOKENS:
            batch.drop_column(column.name)
    dialect = op.get_bind().dialect.name
    _triggers(dialect, on=False)
    with op.batch_alter_table("filings") as batch:
        for column in _FILINGS:
            batch.drop_column(column.name)
    _triggers(dialect, on=True)
