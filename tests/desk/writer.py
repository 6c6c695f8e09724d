"""Files petitions in a loop, printing each uid only after its transaction has committed.

Run by test_durability.py, which kills this process with SIGKILL part way.
"""

from __future__ import annotations

import sys

from nyballot.filing.access import Actor
from nyballot.filing.desk import Desk, Submission

LATE = "papers of the morning, entered after the counter reopened"


def main(url: str, tag: str, count: int) -> None:
    desk = Desk(url)
    for i in range(count):
        s = Submission(
            kind="designating_petition",
            board="erie",
            year=2026,
            received="2026-04-01T11:00:00-04:00",
            late_entry=LATE,
            candidates=[{"name": f"Candidate {tag}-{i}", "residence": "Buffalo"}],
            office="Member of Assembly",
            party="Republican",
        )
        record, _ = desk.submit(s, Actor(f"clerk-{tag}", "supervisor"), f"{tag}-{i}")
        print(record["uid"], flush=True)  # acknowledged: committed before this line


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
