"""Rival petitions for one office (§ 6-134(3)): the rulings are the same whichever petition is
reviewed first, and a kept review that a later one changes is marked stale, with the reason."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from nyballot.filing.desk import Desk, Submission
from nyballot.petitions import book, kept
from nyballot.petitions.lines import read_lines
from nyballot.petitions.request import Request
from nyballot.voters.store import connect

from .conftest import BOARD, LATE
from .voterfile import REQUEST, lines_file, store, voter

# Ravi Shah signed petition A on March 1 and petition B on March 3, for one seat: his
# signature counts on A, the earlier, and not on B (§ 6-134(3): "counted in the order of their
# priority of date, for only so many designees as there are persons to be elected").
SIGNED = {"A": "2026-03-01", "B": "2026-03-03"}


@pytest.fixture(scope="module")
def voters(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return store(tmp_path_factory.mktemp("rivals"), [
        {"LASTNAME": "SHAH", "FIRSTNAME": "RAVI", "RADDNUMBER": "11", "RSTREETNAME": "SCHOOL ST"},
    ])  # fmt: skip


def _book(tmp_path: Path) -> tuple[Desk, dict[str, str]]:
    desk = Desk(f"sqlite:///{tmp_path / 'desk.sqlite3'}")
    uids = {}
    for name, day in (("A", 1), ("B", 2)):
        paper = Submission(kind="designating_petition", board="westchester", year=2026,
                           received=f"2026-04-0{day}T10:00-04:00", late_entry=LATE,
                           candidates=[{"name": f"Candidate {name}"}],
                           office="Member of Assembly", party="DEM")  # fmt: skip
        uids[name] = desk.submit(paper, BOARD)[0]["uid"]
    return desk, uids


def _review(
    path: Path,
    desk: Desk,
    uid: str,
    day: str,
    line: tuple[str, str] = ("Ravi Shah", "11 School St"),
    request: Request = REQUEST,
) -> str:
    """Review and keep one petition (one ``line``, by default Ravi Shah's, signed ``day``); the
    kept review's id."""
    petition = read_lines(lines_file([(1, 1, 1, day, *line)]), "l")
    con = connect(path)
    try:
        result = book.review_in_book(con, petition, request, uid, desk.records())
        kept_id = book.record_review(con, result, uid, keep=True)
        assert kept_id is not None
        return kept_id
    finally:
        con.close()


def _kept(path: Path, kept_id: str) -> dict[str, Any]:
    con = connect(path, read_only=True)
    try:
        return kept.get(con, kept_id)
    finally:
        con.close()


def _in_order(
    voters: Path, tmp_path: Path, first: str, review: Callable[[Path, Desk, str, str], str]
) -> tuple[Path, Desk, dict[str, str], dict[str, str]]:
    """A copy of the store, the book of petitions A and B, and their kept reviews' ids, the
    petition ``first`` reviewed (by ``review(path, desk, uid, name)``) first."""
    path = tmp_path / "voters.duckdb"
    shutil.copy(voters, path)
    desk, uids = _book(tmp_path)
    ids = {name: review(path, desk, uids[name], name) for name in (first, "AB".replace(first, ""))}
    return path, desk, uids, ids


def _got(path: Path, kept_id: str) -> tuple[list[str], list[dict[str, Any]]]:
    found = _kept(path, kept_id)
    (line,) = found["lines"]
    assert line["voter"]["SBOEID"] == voter(1)
    return [r["code"] for r in line["reasons"]], found["stale"]


@pytest.mark.parametrize("first", ["A", "B"])
def test_the_rulings_agree_whichever_petition_is_reviewed_first(
    voters: Path, tmp_path: Path, first: str
) -> None:
    path, desk, uids, ids = _in_order(
        voters, tmp_path, first, lambda p, d, uid, name: _review(p, d, uid, SIGNED[name])
    )
    codes, stale = _got(path, ids[first])
    if first == "A":
        # A first: nothing to strike on A, then B's line falls to A's earlier one. A stands.
        assert (codes, stale) == ([], [])
        assert _got(path, ids["B"]) == (["duplicate_other_petition"], [])
    else:
        # B first: B's line stood until A's review showed the earlier signature: B is stale.
        assert codes == []
        assert [s["reason"] for s in stale] == [
            f"the review of rival petition {uids['A']} changes the § 6-134(3) ruling of sheet 1 "
            "line 1; review this petition again"
        ]
        assert _got(path, ids["A"]) == ([], [])
        # Reviewed again, B agrees with the order A, B.
        again = _review(path, desk, uids["B"], SIGNED["B"])
        assert _got(path, again) == (["duplicate_other_petition"], [])


@pytest.fixture(scope="module")
def family(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """1 Robert Kowalczyk Jr and 2 Robert Kowalczyk Sr, both DEM, at 18 Birch St."""
    kowalczyk = {"LASTNAME": "KOWALCZYK", "FIRSTNAME": "ROBERT", "RADDNUMBER": "18",
                 "RSTREETNAME": "BIRCH ST"}  # fmt: skip
    return store(tmp_path_factory.mktemp("rival-family"), [
        {**kowalczyk, "NAMESUFFIX": "JR"}, {**kowalczyk, "NAMESUFFIX": "SR"},
    ])  # fmt: skip


# Petition A: "Robert Kowalczyk" (Jr or Sr) on March 1; petition B: "Robert Kowalczyk Jr" on
# March 3. B's line is the Jr's and stands (A's line is no voter's counted signature). Under
# the default reading (presumed, § 6-154(1)) A's line stands while one of them signed no rival
# petition: the Sr did not, so it is valid whichever petition is reviewed first. Under the
# either reading (§ 6-154(3)(a)(i)) it stands only if neither signed a rival: the Jr signed B.
FAMILY_LINES = {"A": ("2026-03-01", "Robert Kowalczyk"), "B": ("2026-03-03", "Robert Kowalczyk Jr")}
EITHER = replace(REQUEST, ambiguous_reading="either")


def _family_review(path: Path, desk: Desk, uid: str, name: str, request: Request = REQUEST) -> str:
    day, written = FAMILY_LINES[name]
    return _review(path, desk, uid, day, (written, "18 Birch St"), request)


def _line_of(path: Path, kept_id: str) -> tuple[bool, list[str], bool, list[str]]:
    """The kept review's one line: valid, its reason codes, whether its signer is for a
    clerk; and why the review is stale."""
    found = _kept(path, kept_id)
    (line,) = found["lines"]
    codes = [r["code"] for r in line["reasons"]]
    return line["valid"], codes, "identity" in line, [s["reason"] for s in found["stale"]]


def _stale(uids: dict[str, str]) -> list[str]:
    return [
        f"the review of rival petition {uids['B']} changes the § 6-134(3) ruling of sheet 1 "
        "line 1; review this petition again"
    ]


@pytest.mark.parametrize("first", ["A", "B"])
def test_a_line_presumed_valid_agrees_whichever_petition_is_reviewed_first(
    family: Path, tmp_path: Path, first: str
) -> None:
    path, desk, uids, ids = _in_order(family, tmp_path, first, _family_review)
    assert _line_of(path, ids["B"]) == (True, [], False, [])
    if first == "B":
        # B's signers were known: A's line stands on the Sr alone from the start.
        assert _line_of(path, ids["A"]) == (True, [], True, [])
        return
    # A first: its line stood whichever signed; B's review leaves it standing on the Sr alone,
    # which a clerk's switch to the either reading would rule otherwise: A is stale.
    assert _line_of(path, ids["A"]) == (True, [], True, _stale(uids))
    again = _family_review(path, desk, uids["A"], "A")
    assert _line_of(path, again) == (True, [], True, [])
    assert _kept(path, again)["lines"][0]["identity"]["stands_under"] == ["presumed"]


@pytest.mark.parametrize("first", ["A", "B"])
def test_a_line_valid_whichever_signed_agrees_whichever_petition_is_reviewed_first(
    family: Path, tmp_path: Path, first: str
) -> None:
    def either(path: Path, desk: Desk, uid: str, name: str) -> str:
        return _family_review(path, desk, uid, name, EITHER)

    path, desk, uids, ids = _in_order(family, tmp_path, first, either)
    assert _line_of(path, ids["B"]) == (True, [], False, [])
    if first == "B":
        # B's signers were known: A's line is ambiguous from the start (and presumed valid).
        assert _line_of(path, ids["A"]) == (False, ["ambiguous"], True, [])
        return
    # A first: its line stood whichever signed until B's review showed the Jr's signature.
    assert _line_of(path, ids["A"]) == (True, [], True, _stale(uids))
    again = either(path, desk, uids["A"], "A")
    assert _line_of(path, again) == (False, ["ambiguous"], True, [])
