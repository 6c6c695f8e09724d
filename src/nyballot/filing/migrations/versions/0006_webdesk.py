"""The clerks' web sessions kept in the book's database, so that a restart of the server, or a
second worker, does not sign a clerk out: only the session id's hash is stored, with its token,
the boards it was opened for, its expiry and its CSRF secret.

Revision ID: 0006_webdesk
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_webdesk"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "web_sessions",
        sa.Column("session_hash", sa.String(64), primary_key=True),
        sa.Column("token_id", sa.Integer, sa.ForeignKey("tokens.id"), nullable=False),
        sa.Column("boards", sa.Text, nullable=False),
        sa.Column("expires_at", sa.String(40), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
    )
    op.create_index("ix_web_sessions_expires", "web_sessions", ["expires_at"])
    op.create_index("ix_web_sessions_token", "web_sessions", ["token_id"])


def downgrade() -> None:
    op.drop_index("ix_web_sessions_token", "web_sessions")
    op.drop_index("ix_web_sessions_expires", "web_sessions")
    op.drop_table("web_sessions")
