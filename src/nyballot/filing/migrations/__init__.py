"""Alembic migrations of the desk's database, run by ``nyballot desk init`` and on first use."""
