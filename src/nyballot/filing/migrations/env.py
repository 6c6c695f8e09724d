"""Alembic environment: always run programmatically with a connection (see ``store.migrate``)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import text

from nyballot.filing.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    if connection.dialect.name == "postgresql":
        # Two processes starting at once: the second waits, then finds the schema up to date.
        connection.execute(text("SELECT pg_advisory_xact_lock(7261)"))
    context.run_migrations()
