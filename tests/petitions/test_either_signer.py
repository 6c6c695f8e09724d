"""Under the either reading, a line that fits two voters equally well and stands whichever of
them signed it: valid, its signer left for a clerk (§ 6-154(3)(a)(i): an objection gives
"reasons ... for any such objection", and no reading of the line gives one); under the strict
reading (§ 6-154(1)) it is not counted until a clerk chooses. Any other ambiguous line is not
valid under it. (The default reading, presumed, is test_presumed_signer.py's.)"""

from __future__ import annotations

import csv
import datetime as dt
import io
import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import example, given, settings
from hypothesis import strategies as st

from nyballot.filing.desk import Desk
from nyballot.filing.errors import ConflictError
from nyballot.petitions import clerk, kept, report
from nyballot.petitions.lines import read_lines
from nyballot.petitions.review import review
from nyballot.voters.store import connect

from .voterfile import REQUEST, lines_file, reviewed, rulings, store, voter

KOWALCZYK = {"LASTNAME": "KOWALCZYK", "FIRSTNAME": "ROBERT", "RADDNUMBER": "18",
             "RSTREETNAME": "BIRCH ST"}  # fmt: skip
NOWAK = {"LASTNAME": "NOWAK", "FIRSTNAME": "WALTER", "RADDNUMBER": "40", "RSTREETNAME": "ELM ST"}
BAKER = {"LASTNAME": "BAKER", "FIRSTNAME": "JOHN", "RADDNUMBER": "7", "RSTREETNAME": "OAK ST"}
ROBERT = (1, 1, 1, "2026-03-01", "Robert Kowalczyk", "18 Birch St")  # no suffix: Jr or Sr
EITHER = replace(REQUEST, ambiguous_reading="either")


def either(path: Path, rows: list[tuple[Any, ...]], **asked: Any) -> dict[str, Any]:
    """The review under the either reading unless another is asked for."""
    return reviewed(path, rows, **{"ambiguous_reading": "either", **asked})


@pytest.fixture(scope="module")
def families(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """1 Robert Kowalczyk Jr and 2 Robert Kowalczyk Sr, both DEM, at 18 Birch St; 3 Walter
    Nowak Jr (DEM) and 4 Walter Nowak Sr (REP) at 40 Elm St; 5 John Baker Jr and 6 John Baker
    Sr, both DEM, at 7 Oak St. All in Yonkers, AD 7."""
    return store(tmp_path_factory.mktemp("families"), [
        {**KOWALCZYK, "NAMESUFFIX": "JR"}, {**KOWALCZYK, "NAMESUFFIX": "SR"},
        {**NOWAK, "NAMESUFFIX": "JR"}, {**NOWAK, "NAMESUFFIX": "SR", "ENROLLMENT": "REP"},
        {**BAKER, "NAMESUFFIX": "JR"}, {**BAKER, "NAMESUFFIX": "SR"},
    ])  # fmt: skip


def test_a_jr_and_sr_who_both_may_sign_make_the_line_valid_its_signer_for_a_clerk(
    families: Path,
) -> None:
    result = either(families, [ROBERT])
    (line,) = result["lines"]
    # Jr or Sr, both DEM in the unit, neither on another line: valid either way, no voter's.
    assert (line["valid"], line["reasons"], line["voter"]) == (True, [], None)
    assert [c["SBOEID"] for c in line["candidates"]] == [voter(1), voter(2)]
    assert [c["may_sign"] for c in line["candidates"]] == [True, True]
    identity = line["identity"]
    assert identity["cite"] == "6-154(3)(a)(i)"
    assert "reasons given for any such objection" in identity["words"]
    assert "who signed is for a clerk" in identity["detail"]
    # One valid line, and it is the one whose signer a clerk names.
    assert (result["tally"]["valid"], result["tally"]["identity_for_clerk"]) == (1, 1)
    assert result["petition"]["ambiguous_reading"] == "either"
    said = "Ambiguous lines read either (§ 6-154(3)(a)(i)"
    assert any(n.startswith(said) for n in result["notes"])
    shown = f"(§ 6-154(3)(a)(i); {voter(1)} or {voter(2)})"
    assert "valid, identity for a clerk: each of them may sign" in report.worksheet(result)
    assert shown in report.worksheet(result)
    assert "1 valid (1 of them identity for a clerk), 0 invalid" in report.text(result)


def test_a_sr_not_enrolled_leaves_the_line_ambiguous_and_not_valid(families: Path) -> None:
    result = either(families, [(1, 1, 1, "2026-03-01", "Walter Nowak", "40 Elm St")])
    (line,) = result["lines"]
    # If the Sr (REP) signed, the line is not valid: its words do not say who did.
    assert (line["valid"], [r["code"] for r in line["reasons"]]) == (False, ["ambiguous"])
    assert line["identity"]["stands_under"] == ["presumed"]  # counted under that reading only
    assert f"{voter(4)} may not sign this petition" in line["reasons"][0]["detail"]
    assert (result["tally"]["valid"], result["tally"]["identity_for_clerk"]) == (0, 0)


@pytest.mark.parametrize("reverse", [False, True], ids=["in order", "reversed"])
def test_a_jr_who_also_signs_another_line_leaves_both_lines_as_they_were(
    families: Path, reverse: bool
) -> None:
    rows = [ROBERT, (1, 1, 2, "2026-03-02", "Robert Kowalczyk Jr", "18 Birch St")]
    result = either(families, rows[::-1] if reverse else rows)
    # Line 1 may be the Jr's second signature: ambiguous, not valid; line 2 is the Jr's, valid.
    assert rulings(result) == {(1, 1, 1): (None, ["ambiguous"]), (1, 1, 2): (voter(1), [])}
    line1 = next(x for x in result["lines"] if x["line"] == 1)
    assert f"{voter(1)} may have signed another line" in line1["reasons"][0]["detail"]
    assert result["tally"]["valid"] == 1


def test_two_lines_without_the_suffix_are_both_ambiguous(families: Path) -> None:
    rows = [ROBERT, (1, 1, 2, "2026-03-02", "Robert Kowalczyk", "18 Birch St")]
    # Jr and Sr each, or the Jr twice: no ruling holds whichever signed, so neither counts.
    got = rulings(either(families, rows))
    assert got == {(1, 1, 1): (None, ["ambiguous"]), (1, 1, 2): (None, ["ambiguous"])}


def test_a_voter_of_the_line_who_signed_a_rival_petition_leaves_it_ambiguous(
    families: Path,
) -> None:
    others = {voter(2): [("rival", dt.date(2026, 2, 28))]}  # the Sr signed a rival petition
    con = connect(families, read_only=True)
    try:
        result = review(con, read_lines(lines_file([ROBERT]), "l"), EITHER, others)
    finally:
        con.close()
    (line,) = result["lines"]
    assert (line["valid"], [r["code"] for r in line["reasons"]]) == (False, ["ambiguous"])
    assert f"{voter(2)} signed another petition for the office" in line["reasons"][0]["detail"]


def test_a_line_that_falls_for_its_own_date_is_not_saved_by_the_reading(families: Path) -> None:
    # Signed Jan 1, before the first day to sign (Feb 24, 2026): struck whoever signed.
    got = rulings(either(families, [(1, 1, 1, "2026-01-01", "Robert Kowalczyk", "18 Birch St")]))
    assert got == {(1, 1, 1): (None, ["ambiguous", "date_outside_period"])}


def test_under_the_strict_reading_the_line_is_not_counted(families: Path) -> None:
    result = either(families, [ROBERT], ambiguous_reading="strict")
    (line,) = result["lines"]
    assert (line["valid"], [r["code"] for r in line["reasons"]]) == (False, ["ambiguous"])
    detail = line["reasons"][0]["detail"]
    assert "under the strict reading (§ 6-154(1)" in detail
    assert "presumptively valid" in detail
    assert line["identity"]["cite"] == "6-154(3)(a)(i)"  # what the other reading would say
    assert (result["tally"]["valid"], result["petition"]["ambiguous_reading"]) == (0, "strict")


def test_an_unknown_reading_is_refused(families: Path) -> None:
    from nyballot.errors import UsageError

    with pytest.raises(UsageError, match="ambiguous_reading 'lenient': expected one of"):
        either(families, [ROBERT], ambiguous_reading="lenient")


@pytest.fixture
def kept_review(families: Path, tmp_path: Path) -> Iterator[tuple[Any, str]]:
    """A writable copy of the store with a review kept: Robert Kowalczyk (Jr or Sr, valid
    whichever signed), Walter Nowak (Jr or the REP Sr: ambiguous) and Robert Kowalczyk Jr on
    sheet 2 on Mar 5 (so line 1 may be his second: ambiguous too), then nothing else."""
    path = tmp_path / "voters.duckdb"
    shutil.copy(families, path)
    rows = [ROBERT, (1, 1, 2, "2026-03-01", "Walter Nowak", "40 Elm St"),
            (1, 2, 1, "2026-03-05", "Walter Nowak Jr", "40 Elm St")]  # fmt: skip
    con = connect(path)
    try:
        result = review(con, read_lines(lines_file(rows), "l"), EITHER)
        yield con, kept.keep(con, result)
    finally:
        con.close()


def test_the_clerks_report_shows_the_line_valid_with_its_identity_for_a_clerk_and_adds_up(
    kept_review: tuple[Any, str],
) -> None:
    con, uid = kept_review
    report = clerk.clerk_report(kept.get(con, uid))
    # Sheet 1: line 1 valid (Jr or Sr, for a clerk); line 2 Walter Nowak, Jr or the REP Sr,
    # and the Jr signs sheet 2: ambiguous. Sheet 2: the Jr's line, valid.
    sheet1, sheet2 = report["sheets"]
    assert (sheet1["lines"], sheet1["valid"], sheet1["identity_for_clerk"]) == (2, 1, 1)
    assert (sheet2["lines"], sheet2["valid"], sheet2["identity_for_clerk"]) == (1, 1, 0)
    assert report["for_clerk"] == [{"line": "sheet 1 line 1", "candidates": [voter(1), voter(2)]}]
    text = clerk.as_text(report)
    said = "sheet 1: 2 lines, 1 valid (1 of them identity for a clerk), 1 invalid (ambiguous 1)"
    assert said in text
    assert f"valid, identity for a clerk: sheet 1 line 1 ({voter(1)} or {voter(2)})" in text
    rows = list(csv.DictReader(io.StringIO(clerk.as_csv(report))))
    *sheets, total = rows
    for key in ("lines", "valid", "identity_for_clerk", "invalid", "objected"):
        assert int(total[key]) == sum(int(r[key]) for r in sheets)
    assert int(total["valid"]) + int(total["invalid"]) == int(total["lines"]) == 3
    assert int(total["valid"]) == kept.get(con, uid)["tally_after_overrides"]["valid"] == 2


def test_a_kept_review_is_read_strictly_and_back_until_it_is_certified(
    kept_review: tuple[Any, str],
) -> None:
    con, uid = kept_review
    strict = kept.read_as(con, uid, "strict", "the board reads ambiguous lines strictly", "Iris")
    # Line 1 is no longer counted: 1 valid (sheet 2), none for a clerk.
    assert (strict["tally_after_overrides"]["valid"], strict["tally"]["valid"]) == (1, 1)
    line1 = strict["lines"][0]
    assert (line1["valid"], [r["code"] for r in line1["reasons"]]) == (False, ["ambiguous"])
    assert strict["petition"]["ambiguous_reading"] == "strict"
    assert [r["reading"] for r in strict["readings"]] == ["strict"]
    back = kept.read_as(con, uid, "either", "the reading by default", "Iris")
    assert (back["tally_after_overrides"]["valid"], back["lines"][0]["valid"]) == (2, True)
    # A clerk who names the signer rules on the line: it is no longer one for a clerk.
    ruled = kept.override(con, uid, 1, 1, True, "the Sr signed (affidavit)", "Iris")
    assert clerk.clerk_report(ruled)["totals"]["identity_for_clerk"] == 0
    kept.certify(con, uid, "Iris")
    with pytest.raises(ConflictError, match="frozen"):
        kept.read_as(con, uid, "strict", "too late", "Iris")


@pytest.fixture
def client(families: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    from nyballot.web import create_app

    path = tmp_path / "voters.duckdb"
    shutil.copy(families, path)
    monkeypatch.setenv("NYBALLOT_VOTERS_DB", str(path))
    with TestClient(create_app(f"sqlite:///{tmp_path / 'desk.sqlite3'}")) as c:
        yield c


def test_the_api_reads_either_way_and_a_kept_review_switches(
    client: TestClient, tmp_path: Path
) -> None:
    body = lines_file([ROBERT])
    query = "year=2026&party=DEM&required=1"
    either = client.post(f"/petitions/review?{query}", content=body).json()
    strict = client.post(f"/petitions/review?{query}&ambiguous_reading=strict", content=body)
    assert (either["tally"]["valid"], strict.json()["tally"]["valid"]) == (1, 0)
    bad = client.post(f"/petitions/review?{query}&ambiguous_reading=lenient", content=body)
    assert bad.status_code == 422
    token = Desk(f"sqlite:///{tmp_path / 'desk.sqlite3'}").create_token("Ann Clerk", "clerk")
    auth = {"Authorization": f"Bearer {token}"}
    made = client.post(f"/petitions/reviews?{query}", content=body, headers=auth)
    uid = made.json()["id"]
    page = client.get(f"/web/petitions/{uid}").text
    assert "valid, identity for a clerk: each of them may sign" in page
    read = client.post(f"/petitions/reviews/{uid}/reading", headers=auth,
                       json={"reading": "strict", "reason": "the board's rule"})  # fmt: skip
    assert read.status_code == 201
    assert read.json()["tally_after_overrides"]["valid"] == 0
    refused = client.post(f"/petitions/reviews/{uid}/reading",
                          json={"reading": "strict", "reason": "no token"})  # fmt: skip
    assert refused.status_code in (401, 403)


# A petition of each case: Robert Kowalczyk (valid whichever signed), Walter Nowak (the Sr may
# not sign), John Baker and John Baker Sr (the Sr signs again), a line struck for its date,
# on two sheets and two volumes.
SHUFFLED = [ROBERT, (1, 1, 2, "2026-03-01", "Walter Nowak", "40 Elm St"),
            (1, 2, 1, "2026-03-03", "John Baker", "7 Oak St"),
            (1, 2, 2, "2026-03-02", "John Baker Sr", "7 Oak St"),
            (2, 1, 1, "2026-01-10", "Walter Nowak Jr", "40 Elm St"),
            (2, 1, 2, "2026-03-04", "Walter Nowak Jr", "40 Elm St")]  # fmt: skip


def _ruled(path: Path, rows: list[tuple[Any, ...]]) -> tuple[dict[Any, Any], dict[str, Any]]:
    result = reviewed(path, rows)
    lines = {(x["volume"], x["sheet"], x["line"]): (x["valid"], x["voter"], x["reasons"],
             x.get("identity")) for x in result["lines"]}  # fmt: skip
    return lines, result["tally"]


def test_the_shuffled_petition_is_ruled_as_counted_by_hand(families: Path) -> None:
    got = rulings(either(families, SHUFFLED))
    assert got == {
        (1, 1, 1): (None, []),  # Jr or Sr, both may sign: valid, identity for a clerk
        (1, 1, 2): (None, ["ambiguous"]),  # the Sr (REP) may not sign, and the Jr signs again
        (1, 2, 1): (None, ["ambiguous"]),  # the Sr signs line 2 too
        (1, 2, 2): (voter(6), []),  # the Sr's own line
        (2, 1, 1): (voter(3), ["date_outside_period"]),  # Jan 10, before Feb 24
        (2, 1, 2): (voter(3), []),  # the Jr's good line: his first that stands
    }


@settings(max_examples=20)
@given(st.permutations(range(len(SHUFFLED))))
@example(list(range(len(SHUFFLED)))[::-1])  # the rows reversed
def test_shuffling_lines_valid_whichever_signed_changes_no_ruling(
    families: Path, order: list[int]
) -> None:
    assert _ruled(families, [SHUFFLED[i] for i in order]) == _ruled(families, SHUFFLED)


def test_a_line_of_a_review_kept_before_this_reading_is_not_read_valid_whichever_signed() -> None:
    from nyballot.petitions.rulings import why_not_standing

    # Kept before each voter of an ambiguous line carried whether he or she may sign.
    old = {"voter": None, "candidates": [{"SBOEID": voter(1)}, {"SBOEID": voter(2)}],
           "reasons": [{"code": "ambiguous"}]}  # fmt: skip
    whys = why_not_standing(old, lambda sboeid: 1, {}, together=True)
    assert set(whys) == {"presumed", "either"}
    assert all(why.endswith("review it again") for why in whys.values())
