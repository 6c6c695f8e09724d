"""Reads a page at a time: the indexes the book's and the clocks' pages are read from, and the
clocks kept in a table of their own (made here from the records already in the book).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from nyballot.filing.kept_clocks import rebuild

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

_INDEXES = {
    "ix_filings_kind_board_year": ("filings", ["kind", "board", "year"]),
    "ix_filings_board_year_id": ("filings", ["board", "year", "id"]),
    "ix_filings_year_id": ("filings", ["year", "id"]),
    "ix_clocks_due": ("clocks", ["due", "name", "filing"]),
    "ix_clocks_board_due": ("clocks", ["board", "due", "name", "filing"]),
    "ix_clocks_year_due": ("clocks", ["year", "due"]),
    "ix_clocks_root": ("clocks", ["root"]),
}


def upgrade() -> None:
    op.create_table(
        "clocks",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("root", sa.String(36), nullable=False),
        sa.Column("board", sa.String(40), nullable=False),
        sa.Column("year", sa.Integer, nullable=False),
        sa.Column("due", sa.String(10), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("cite", sa.String(100), nullable=False),
        sa.Column("filing", sa.String(36), nullable=False),
        sa.Column("steps", sa.Text, nullable=False),
    )
    for name, (table, columns) in _INDEXES.items():
        op.create_index(name, table, columns)
    rebuild(op.get_bind())


def downgrade() -> None:
    for name, (table, _) in _INDEXES.items():
        op.drop_index(name, table)
    op.drop_table("clocks")
