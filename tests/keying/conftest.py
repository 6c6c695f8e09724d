"""Fixtures: the desk's database on SQLite and PostgreSQL; the golden voter store
(tests/petitions/data/voters.txt) for the type-ahead."""

from desk.conftest import db_url  # noqa: F401
from petitions.conftest import golden_store, store  # noqa: F401
