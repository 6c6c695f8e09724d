"""A tally that depends on the lines, not on the order of the rows: a voter's one counted
signature is the earliest signed of the lines that stand on their own, then by volume, sheet and
line (§ 6-136(2) counts voters, not lines); a line struck for its own defect strikes no other."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import duckdb
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from nyballot.petitions.lines import read_lines
from nyballot.petitions.review import review

from .test_golden import DATA, OTHER, REQUEST
from .voterfile import HEADER, reviewed, rulings, store, voter


@pytest.fixture(scope="module")
def signers(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """1 Ravi Shah (DEM, 11 School St); 2 Sam West (REP, 8 River Rd), a witness who may not
    witness a DEM petition."""
    return store(tmp_path_factory.mktemp("order"), [
        {"LASTNAME": "SHAH", "FIRSTNAME": "RAVI", "RADDNUMBER": "11", "RSTREETNAME": "SCHOOL ST"},
        {"LASTNAME": "WEST", "FIRSTNAME": "SAM", "RADDNUMBER": "8", "RSTREETNAME": "RIVER RD",
         "ENROLLMENT": "REP"},
    ])  # fmt: skip


def _struck_sheet_rows(reverse: bool) -> bytes:
    """Sheet 1, witnessed by Sam West (REP): Ravi Shah on Mar 1. Sheet 2, witnessed by Iris
    Grant: Ravi Shah again on Mar 5."""
    rows = [
        "1,1,1,2026-03-01,Ravi Shah,11 School St,Sam West,8 River Rd,2026-03-20",
        "1,2,1,2026-03-05,Ravi Shah,11 School St,Iris Grant,30 Pearl St,2026-03-20",
    ]
    return (HEADER + "\n".join(reversed(rows) if reverse else rows) + "\n").encode()


@pytest.mark.parametrize("reverse", [False, True], ids=["in order", "reversed"])
def test_a_voter_on_a_struck_sheet_and_a_good_one_counts_once(signers: Path, reverse: bool) -> None:
    from nyballot.voters.store import connect

    from .voterfile import REQUEST as ASKED

    con = connect(signers, read_only=True)
    try:
        result = review(con, read_lines(_struck_sheet_rows(reverse), "l"), ASKED)
    finally:
        con.close()
    got = rulings(result)
    # Sheet 1's line falls with its witness; sheet 2's stands and is Ravi Shah's one signature.
    assert got == {
        (1, 1, 1): (voter(1), ["witness_not_qualified"]),
        (1, 2, 1): (voter(1), []),
    }
    assert result["tally"]["valid"] == 1


@pytest.mark.parametrize("reverse", [False, True], ids=["in order", "reversed"])
def test_the_earliest_signed_line_counts_whatever_its_sheet(signers: Path, reverse: bool) -> None:
    rows = [(1, 2, 1, "2026-03-05", "Ravi Shah", "11 School St"),
            (1, 3, 1, "2026-03-02", "Ravi Shah", "11 School St"),
            (2, 1, 1, "2026-03-02", "Ravi Shah", "11 School St")]  # fmt: skip
    got = rulings(reviewed(signers, rows[::-1] if reverse else rows))
    # Mar 2 is earliest, on volume 1 sheet 3 and volume 2 sheet 1: volume 1 comes first.
    assert got == {
        (1, 2, 1): (voter(1), ["duplicate_same_petition"]),
        (1, 3, 1): (voter(1), []),
        (2, 1, 1): (voter(1), ["duplicate_same_petition"]),
    }


def _golden_rows() -> tuple[str, list[list[str]]]:
    """The golden petition's header and rows, each row carrying its sheet's witness (so that
    any order of the rows is the same petition)."""
    header, *rows = list(csv.reader(io.StringIO((DATA / "lines.csv").read_text())))
    witness: dict[str, list[str]] = {}
    for row in rows:
        if any(row[5:]):
            witness[row[0]] = row[5:]
    return ",".join(header), [[*row[:5], *witness.get(row[0], ["", "", ""])] for row in rows]


def _of(result: dict[str, Any]) -> tuple[dict[Any, Any], dict[str, Any]]:
    by_place = {
        (x["volume"], x["sheet"], x["line"]): (x["valid"], x["voter"], x["reasons"])
        for x in result["lines"]
    }
    return by_place, result["tally"]


HEAD, ROWS = _golden_rows()


@settings(max_examples=20)
@given(st.permutations(range(len(ROWS))))
@example(list(range(len(ROWS)))[::-1])  # the rows reversed
def test_shuffling_the_rows_never_changes_a_ruling_or_the_tally(
    con: duckdb.DuckDBPyConnection, order: list[int]
) -> None:
    def run(rows: list[list[str]]) -> tuple[dict[Any, Any], dict[str, Any]]:
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows([HEAD.split(","), *rows])
        return _of(review(con, read_lines(out.getvalue().encode(), "l"), REQUEST, OTHER))

    assert run([ROWS[i] for i in order]) == run(ROWS)
