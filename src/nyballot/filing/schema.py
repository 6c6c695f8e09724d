"""The desk's tables (the migrations in ``migrations/versions`` create exactly these).

``filings`` is append-only: a correction, withdrawal or determination is a new row that refers
to the original (``refers_to``), so the whole history can be replayed. Database triggers refuse
UPDATE and DELETE on it.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

filings = Table(
    "filings",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("uid", String(36), nullable=False, unique=True),
    Column("idempotency_key", String(200), unique=True),
    Column("request_hash", String(64), nullable=False),
    Column("kind", String(40), nullable=False),
    Column("board", String(40), nullable=False),
    Column("year", Integer, nullable=False),
    Column("law", String(40), nullable=False),
    Column("what_if", String(200), nullable=False, server_default=""),
    Column("method", String(20), nullable=False),
    Column("received_at", String(40), nullable=False),
    Column("postmark", String(10)),
    Column("office", String(300), nullable=False, server_default=""),
    Column("district", String(300), nullable=False, server_default=""),
    Column("party", String(300), nullable=False, server_default=""),
    Column("independent_body", Boolean, nullable=False, server_default="0"),
    Column("candidates", Text, nullable=False, server_default="[]"),
    Column("refers_to", String(36), ForeignKey("filings.uid")),
    Column("outcome", String(20)),
    Column("fee_cents", Integer, nullable=False, server_default="0"),
    Column("note", Text, nullable=False, server_default=""),
    Column("verdict", String(20), nullable=False),
    Column("fatal", Boolean, nullable=False),
    Column("filed_on", String(10)),
    Column("decision", Text, nullable=False),
    Column("clerk", String(100), nullable=False),
    Column("recorded_at", String(40), nullable=False),
)

tokens = Table(
    "tokens",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("clerk", String(100), nullable=False),
    Column("role", String(20), nullable=False),
    Column("created_at", String(40), nullable=False),
)
