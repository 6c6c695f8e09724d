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


# One line of a rival petition: Sofia Rossi, who also signs data/lines.csv (its line 11).
RIVAL_LINE = (
    b"sheet,line,date,name,address,witness_name,witness_address,witness_date\n"
    b"1,1,2026-03-01,Sofia Rossi,16 Church St,Iris Grant,30 Pearl St,2026-03-15\n"
)


def rivals_in_book(desk: Desk) -> list[str]:
    """Two designating petitions of 2026 for one office (westchester, Member of Assembly, DEM),
    filed April 1 and 2, entered late by the board itself; their uids in that order."""
    return [desk.submit(Submission(kind="designating_petition", board="westchester",
                        year=2026, received=f"2026-04-0{day}T10:00-04:00", late_entry=LATE,
                        candidates=[{"name": "Ana Ruiz"}],
                        office="Member of Assembly", party="DEM"), BOARD)[0]["uid"]
            for day in (1, 2)]  # fmt: skip
