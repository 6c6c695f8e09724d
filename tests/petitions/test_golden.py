"""Golden review: a hand-made voter file (data/voters.txt, 13 voters) and petition
(data/lines.csv, 13 lines on 2 sheets) that cover every ruling code, counted by hand.

The petition: 2026, designating, DEM, unit COUNTYCODE 60 and AD 7. The 2026 signing period
is Tuesday February 24 to Thursday April 2 (§ 6-134(4-a) for 2026: not earlier than forty-one
days before the last filing day, Monday April 6, and not later than the twelfth Thursday before
the June 23 primary; counted by hand in tests/golden/calendar/2026.yaml). Sheet 1 is
witnessed by Iris Grant (DEM, on file) on March 15; sheet 2 by Sam West, who is enrolled REP.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import duckdb
import pytest

from nyballot.law.choice import LawChoice
from nyballot.law.texts import quote_found
from nyballot.petitions.law import ALL_GROUNDS
from nyballot.petitions.lines import read_lines
from nyballot.petitions.review import Request, review

DATA = Path(__file__).parent / "data"
REQUEST = Request(
    year=2026, party="DEM", units=(("COUNTYCODE", "60"), ("AD", "7")), enrolled=40,
    law=LawChoice(),
)  # fmt: skip

# (sheet, line) -> the codes, counted by hand from the two files.
EXPECTED: dict[tuple[int, int], list[str]] = {
    (1, 1): [],  # Ana Ruiz, 40 Grand St: on file, DEM, AD 7, signed Mar 1
    (1, 2): [],  # "Jon Smith", no apartment: JOHN SMITH apt 3B, a near-miss read as compliance
    (1, 3): ["wrong_party"],  # Mary Jones is enrolled REP
    (1, 4): ["outside_unit"],  # Paul King lives in AD 8
    (1, 5): ["not_registered"],  # Lisa Chen was purged 2025-01-01, before signing
    (1, 6): ["date_outside_period"],  # Feb 10 is before Feb 24
    (1, 7): ["date_missing"],  # Nina Fox gave no date
    (1, 8): ["after_witness_date"],  # Mar 20, after the witness signed on Mar 15
    (1, 9): [],  # Ravi Shah, first signature
    (1, 10): ["duplicate_same_petition"],  # Ravi Shah again
    (1, 11): ["duplicate_other_petition"],  # Sofia Rossi signed another petition on Mar 1
    (1, 12): ["not_found"],  # Zed Nobody, 99 Nowhere Ln: nobody there
    (2, 1): ["witness_not_qualified"],  # Emily Peña; her sheet's witness is REP
}
OTHER = {"NY000000000000000012": [("rival-petition", dt.date(2026, 3, 1))]}


@pytest.fixture
def result(con: duckdb.DuckDBPyConnection) -> dict[str, Any]:
    petition = read_lines((DATA / "lines.csv").read_bytes(), "lines.csv")
    return review(con, petition, REQUEST, OTHER)


def test_every_line_gets_the_codes_counted_by_hand(result: dict[str, Any]) -> None:
    got = {(x["sheet"], x["line"]): [r["code"] for r in x["reasons"]] for x in result["lines"]}
    assert got == EXPECTED


def test_every_ruling_code_is_covered() -> None:
    codes = {code for codes in EXPECTED.values() for code in codes}
    assert codes == {
        "not_found", "not_registered", "wrong_party", "outside_unit", "date_missing",
        "date_outside_period", "after_witness_date", "duplicate_same_petition",
        "duplicate_other_petition", "witness_not_qualified",
    }  # fmt: skip


def test_the_tally_counts_three_valid_against_two_required(result: dict[str, Any]) -> None:
    # Valid: sheet 1 lines 1, 2 and 9. Required: 5% of 40 enrolled = 2.
    tally = result["tally"]
    assert (tally["valid"], tally["invalid"], tally["required"]) == (3, 10, 2)
    assert tally["sufficient"] is True
    assert tally["by_sheet"] == [
        {"sheet": 1, "lines": 12, "valid": 3, "identity_for_clerk": 0, "invalid": 9},
        {"sheet": 2, "lines": 1, "valid": 0, "identity_for_clerk": 0, "invalid": 1},
    ]


def test_the_required_number_comes_from_the_file_without_enrolled(
    con: duckdb.DuckDBPyConnection,
) -> None:
    # Active DEM voters in county 60, AD 7: voters 1, 2, 6, 7, 8, 9, 11, 12, 13 = 9
    # (3 and 10 are REP, 4 lives in AD 8, 5 is purged). 5% of 9 = 0.45, rounded up: 1.
    petition = read_lines((DATA / "lines.csv").read_bytes(), "lines.csv")
    request = Request(year=2026, party="DEM", units=REQUEST.units)
    tally = review(con, petition, request)["tally"]
    assert tally["required_from"]["enrolled"] == 9
    assert tally["required"] == 1


def test_a_valid_line_names_the_voter_and_the_match(result: dict[str, Any]) -> None:
    first = result["lines"][0]
    assert first["valid"] is True
    assert first["voter"]["SBOEID"] == "NY000000000000000001"
    assert first["match"]["score"] == 1.0
    assert first["match"]["reading"] is None


def test_a_near_miss_says_what_differed_and_which_reading_it_took(
    result: dict[str, Any],
) -> None:
    smith = result["lines"][1]
    assert smith["valid"] is True
    assert smith["voter"]["SBOEID"] == "NY000000000000000002"
    # Jon is one of John's nicknames in the nicknames table.
    differed = "first name: 'JON' on the line, 'JOHN' on file (a nickname)"
    assert differed in smith["match"]["differed"]
    assert "apartment: none on the line, '3B' on file" in smith["match"]["differed"]
    assert smith["match"]["reading"]["cite"] == "6-134(10)"
    assert "substantial compliance" in smith["match"]["reading"]["words"]


def test_the_period_is_the_calendars_with_its_overlay(result: dict[str, Any]) -> None:
    line6 = result["lines"][5]["reasons"][0]
    assert line6["cite"] == "6-134(4-a)"
    assert "FORTY-ONE DAYS" in line6["words"]
    assert result["period"]["opens"] == "2026-02-24"
    assert result["period"]["closes"] == "2026-04-02"


def test_the_witness_words_are_marked_unverified(result: dict[str, Any]) -> None:
    reason = result["lines"][-1]["reasons"][0]
    assert reason["cite"] == "6-132(2)"
    assert "L.2006 ch.447" in reason["text_unverified"]


def test_the_json_contract_has_its_keys(result: dict[str, Any]) -> None:
    data = json.loads(json.dumps(result))
    assert {"lines", "tally", "voter_file"} <= set(data)
    assert {"sheet", "line", "valid", "reasons", "voter", "match"} <= set(data["lines"][0])
    assert {"code", "cite", "words"} <= set(data["lines"][2]["reasons"][0])
    assert {"valid", "invalid", "required", "sufficient", "by_sheet"} <= set(data["tally"])
    assert data["voter_file"]["date"] == "2026-01-05"


@pytest.mark.parametrize("ground", ALL_GROUNDS, ids=lambda g: g.code)
def test_every_quoted_ground_is_in_its_shipped_text(ground: Any) -> None:
    assert quote_found(ground.text, ground.words)
