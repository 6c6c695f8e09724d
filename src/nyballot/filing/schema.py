"""The desk's tables (the migrations in ``migrations/versions`` create exactly these).

``filings`` is append-only: a correction, withdrawal or determination is a new row that refers
to the original (``refers_to``), so the whole history can be replayed. Database triggers refuse
UPDATE and DELETE on it. Each row carries ``hash``, over its content and ``prev_hash``, the hash
of the board's previous row (``chain``), so a rewritten or deleted row breaks the board's chain.

``tokens`` keeps only a token's hash, its boards, role, expiry and revocation; ``access_log``
records failed authentication and every write, in a chain of its own; ``web_sessions`` the
clerks signed in on the web desk; ``keys`` the public
halves of the keys that signed the records; ``keying_volumes`` and ``keying_lines`` the scanned
volumes of filed petitions, each line's crop and what a clerk keyed of it (``nyballot.keying``).
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

filings = Table(
    "filings",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("uid", String(36), nullable=False, unique=True),
    Column("idempotency_key", String(300), unique=True),  # board, token, key
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
    Column("late_reason", Text),  # a paper entered after it was received: why
    Column("supersedes", String(36)),  # a determination: the earlier one it replaces
    Column("prev_hash", String(64), nullable=False, server_default=""),
    Column("hash", String(64), nullable=False, server_default=""),
    # 1: the hash covers the content (records made before seq was covered); 2: seq and key too
    Column("form", Integer, nullable=False, server_default="1"),
    Column("key_id", String(16)),  # the board's key that signed it (None: unsigned)
    Column("signature", String(128)),  # Ed25519 over the hash
    Column("special", String(100)),  # the special election the paper is for: its id
)

# The public keys the book was signed with (the private keys never come near the database).
keys = Table(
    "keys",
    metadata,
    Column("key_id", String(16), primary_key=True),
    Column("public_key", String(64), nullable=False),
    Column("first_used", String(40), nullable=False),
)

# The clocks the filings have running, kept so that what falls due is read a page at a time
# from an index: derived from the book (rewritten for a paper's whole family, its first paper
# and every record that refers to it, whenever one of them is recorded), never part of it.
clocks = Table(
    "clocks",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("root", String(36), nullable=False),  # the uid of the family's first paper
    Column("board", String(40), nullable=False),
    Column("year", Integer, nullable=False),
    Column("due", String(10), nullable=False),
    Column("name", String(40), nullable=False),
    Column("title", String(200), nullable=False),
    Column("cite", String(100), nullable=False),
    Column("filing", String(36), nullable=False),
    Column("steps", Text, nullable=False),
)

tokens = Table(
    "tokens",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("clerk", String(100), nullable=False),
    Column("role", String(20), nullable=False),
    Column("created_at", String(40), nullable=False),
    Column("boards", Text, nullable=False, server_default="*"),  # board ids, or * for every board
    Column("expires_at", String(40)),
    Column("revoked_at", String(40)),
)

# A clerk's session on the web desk: the hash of its id (the cookie holds the id), the token it
# was opened with, that token's boards, when it ends (UTC) and the secret its forms carry.
web_sessions = Table(
    "web_sessions",
    metadata,
    Column("session_hash", String(64), primary_key=True),
    Column("token_id", Integer, ForeignKey("tokens.id"), nullable=False),
    Column("boards", Text, nullable=False),
    Column("expires_at", String(40), nullable=False),
    Column("csrf", String(64), nullable=False),
)

access_log = Table(
    "access_log",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("at", String(40), nullable=False),
    Column("who", String(100), nullable=False),
    Column("action", String(40), nullable=False),
    Column("target", String(200), nullable=False, server_default=""),
    Column("client", String(100), nullable=False, server_default=""),
    Column("outcome", String(300), nullable=False),
    Column("prev_hash", String(64), nullable=False, server_default=""),
    Column("hash", String(64), nullable=False, server_default=""),
)

# A scanned volume of a filed petition, kept for keying (``nyballot.keying``): one per petition
# and volume number, with the scanned file's name and digest.
keying_volumes = Table(
    "keying_volumes",
    metadata,
    Column("id", String(36), primary_key=True),
    Column("petition", String(36), nullable=False),  # the petition's uid in the book
    Column("board", String(40), nullable=False),
    Column("volume", Integer, nullable=False),
    Column("source", String(200), nullable=False),
    Column("digest", String(64), nullable=False),
    Column("pages", Integer, nullable=False),
    Column("unread_pages", Text, nullable=False, server_default="[]"),
    Column("notes", Text, nullable=False, server_default="[]"),  # what the scan could not do
    Column("clerk", String(100), nullable=False),
    Column("kept_at", String(40), nullable=False),
    UniqueConstraint("petition", "volume", name="uq_keying_volumes_petition_volume"),
)

# Each line of a kept volume (line 0: the sheet's witness statement): its crop, its state (to
# key, claimed by a clerk until a time, keyed, blank, unreadable) and what was keyed.
keying_lines = Table(
    "keying_lines",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("volume_id", String(36), ForeignKey("keying_volumes.id"), nullable=False),
    Column("sheet", Integer, nullable=False),
    Column("line", Integer, nullable=False),
    Column("page", Integer, nullable=False),
    Column("box", String(80), nullable=False, server_default=""),
    Column("png", LargeBinary),  # None: a sheet whose witness statement was not found
    Column("no_ink", Boolean, nullable=False, server_default="0"),
    Column("suggestion", Text, nullable=False, server_default="{}"),
    Column("state", String(12), nullable=False, server_default="to key"),
    Column("claimed_by", String(100)),
    Column("claimed_until", String(40)),
    Column("name", Text, nullable=False, server_default=""),
    Column("address", Text, nullable=False, server_default=""),
    Column("date", String(40), nullable=False, server_default=""),
    Column("keyed_by", String(100)),
    Column("keyed_at", String(40)),
    UniqueConstraint("volume_id", "sheet", "line", name="uq_keying_lines_place"),
)
Index("ix_keying_lines_state", keying_lines.c.volume_id, keying_lines.c.state)
