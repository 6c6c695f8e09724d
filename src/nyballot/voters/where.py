"""Where the voter store is: ``--db``, else $NYBALLOT_VOTERS_DB, else a file in the working
directory. Kept apart from ``store`` so that naming it (``serve``'s start line) does not load
the database library."""

from __future__ import annotations

import os

from nyballot.urls import shown

ENV_DB = "NYBALLOT_VOTERS_DB"
DEFAULT_DB = "nyballot-voters.duckdb"


def store_value(db: str | None = None) -> str:
    """The store as given: ``db``, else $NYBALLOT_VOTERS_DB, else the working directory's file."""
    return db or os.environ.get(ENV_DB) or DEFAULT_DB


def store_name(db: str | None = None) -> str:
    """The store as shown to people (a URL's password hidden)."""
    return shown(store_value(db))
