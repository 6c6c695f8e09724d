"""Papers in a desk's book that the petition tests file against."""

from __future__ import annotations

from nyballot.filing.desk import Desk, Submission

from .conftest import BOARD, LATE


def objection_in_book(url: str) -> str:
    """A designating petition of 2026 (westchester) and an objection to it, entered late by the
    board itself; the objection's uid."""
    desk = Desk(url)
    petition, _ = desk.submit(Submission(kind="designating_petition", board="westchester",
                              year=2026, received="2026-04-02T10:00-04:00", late_entry=LATE,
                              candidates=[{"name": "Ana Ruiz"}],
                              office="Member of Assembly", party="DEM"), BOARD)  # fmt: skip
    objection, _ = desk.submit(Submission(kind="objection", board="westchester", year=2026,
                               received="2026-04-03T10:00-04:00", late_entry=LATE,
                               refers_to=petition["uid"]), BOARD)  # fmt: skip
    return str(objection["uid"])
