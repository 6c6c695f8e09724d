"""Scanned volumes kept for keying: each line's crop, its state and what a clerk keyed of it,
in the book's database, where two clerks' claims on a line are one transaction each.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "keying_volumes",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("petition", sa.String(36), nullable=False),
        sa.Column("board", sa.String(40), nullable=False),
        sa.Column("volume", sa.Integer, nullable=False),
        sa.Column("source", sa.String(200), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("pages", sa.Integer, nullable=False),
        sa.Column("unread_pages", sa.Text, nullable=False, server_default="[]"),
        sa.Column("notes", sa.Text, nullable=False, server_default="[]"),
        sa.Column("clerk", sa.String(100), nullable=False),
        sa.Column("kept_at", sa.String(40), nullable=False),
        sa.UniqueConstraint("petition", "volume", name="uq_keying_volumes_petition_volume"),
    )
    op.create_table(
        "keying_lines",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("volume_id", sa.String(36), sa.ForeignKey("keying_volumes.id"), nullable=False),
        sa.Column("sheet", sa.Integer, nullable=False),
        sa.Column("line", sa.Integer, nullable=False),
        sa.Column("page", sa.Integer, nullable=False),
        sa.Column("box", sa.String(80), nullable=False, server_default=""),
        sa.Column("png", sa.LargeBinary),
        sa.Column("no_ink", sa.Boolean, nullable=False, server_default="0"),
        sa.Column("suggestion", sa.Text, nullable=False, server_default="{}"),
        sa.Column("state", sa.String(12), nullable=False, server_default="to key"),
        sa.Column("claimed_by", sa.String(100)),
        sa.Column("claimed_until", sa.String(40)),
        sa.Column("name", sa.Text, nullable=False, server_default=""),
        sa.Column("address", sa.Text, nullable=False, server_default=""),
        sa.Column("date", sa.String(40), nullable=False, server_default=""),
        sa.Column("keyed_by", sa.String(100)),
        sa.Column("keyed_at", sa.String(40)),
        sa.UniqueConstraint("volume_id", "sheet", "line", name="uq_keying_lines_place"),
    )
    op.create_index("ix_keying_lines_state", "keying_lines", ["volume_id", "state"])


def downgrade() -> None:
    op.drop_index("ix_keying_lines_state", "keying_lines")
    op.drop_table("keying_lines")
    op.drop_table("keying_volumes")
