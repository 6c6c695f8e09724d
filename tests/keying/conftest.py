"""Fixtures: the golden voter store (tests/petitions/data/voters.txt) for the type-ahead."""

from petitions.conftest import golden_store, store  # noqa: F401
