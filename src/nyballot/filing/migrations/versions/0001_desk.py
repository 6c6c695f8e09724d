"""The filing desk: append-only filings and clerk tokens.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "filings",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("uid", sa.String(36), nullable=False, unique=True),
        sa.Column("idempotency_key", sa.String(200), unique=True),
        sa.Column("request_hash", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("board", sa.String(40), nullable=False),
        sa.Column("year", sa.Integer, nullable=False),
        sa.Column("law", sa.String(40), nullable=False),
        sa.Column("what_if", sa.String(200), nullable=False, server_default=""),
        sa.Column("method", sa.String(20), nullable=False),
        sa.Column("received_at", sa.String(40), nullable=False),
        sa.Column("postmark", sa.String(10)),
        sa.Column("office", sa.String(300), nullable=False, server_default=""),
        sa.Column("district", sa.String(300), nullable=False, server_default=""),
        sa.Column("party", sa.String(300), nullable=False, server_default=""),
        sa.Column("independent_body", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("candidates", sa.Text, nullable=False, server_default="[]"),
        sa.Column("refers_to", sa.String(36), sa.ForeignKey("filings.uid")),
        sa.Column("outcome", sa.String(20)),
        sa.Column("fee_cents", sa.Integer, nullable=False, server_default="0"),
        sa.Column("note", sa.Text, nullable=False, server_default=""),
        sa.Column("verdict", sa.String(20), nullable=False),
        sa.Column("fatal", sa.Boolean, nullable=False),
        sa.Column("filed_on", sa.String(10)),
        sa.Column("decision", sa.Text, nullable=False),
        sa.Column("clerk", sa.String(100), nullable=False),
        sa.Column("recorded_at", sa.String(40), nullable=False),
    )
    op.create_index("ix_filings_board_year", "filings", ["board", "year"])
    op.create_index("ix_filings_refers_to", "filings", ["refers_to"])
    op.create_table(
        "tokens",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("clerk", sa.String(100), nullable=False),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("created_at", sa.String(40), nullable=False),
    )
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER filings_no_{action.lower()} BEFORE {action} ON filings "
                "BEGIN SELECT RAISE(ABORT, 'filings are append-only'); END"
            )
    elif dialect == "postgresql":
        op.execute(
            "CREATE FUNCTION filings_append_only() RETURNS trigger LANGUAGE plpgsql AS "
            "$$ BEGIN RAISE EXCEPTION 'filings are append-only'; END $$"
        )
        op.execute(
            "CREATE TRIGGER filings_append_only BEFORE UPDATE OR DELETE ON filings "
            "FOR EACH ROW EXECUTE FUNCTION filings_append_only()"
        )


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS filings_append_only ON filings")
        op.execute("DROP FUNCTION IF EXISTS filings_append_only()")
    op.drop_table("tokens")
    op.drop_table("filings")
