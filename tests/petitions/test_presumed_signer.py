"""The default reading of a line that fits two voters equally well (§ 6-154(1): a petition is
"presumptively valid", and the courts put the burden of proof on the objector): the line stands
when one of the voters it fits may sign, is the voter of no other line of the petition and
signed no rival petition, and the line has no defect of its own; who signed stays for a clerk,
and the line strikes no other. Every ruling below is counted by hand."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from nyballot.law.texts import raw_text
from nyballot.petitions import kept, report
from nyballot.petitions.law import readings
from nyballot.petitions.lines import read_lines
from nyballot.petitions.review import review
from nyballot.petitions.shared import matched_in_every_maximum
from nyballot.voters.store import connect

from .voterfile import REQUEST, lines_file, reviewed, rulings, store, voter

NOWAK = {"LASTNAME": "NOWAK", "FIRSTNAME": "WALTER", "RADDNUMBER": "40", "RSTREETNAME": "ELM ST"}
KOWALCZYK = {"LASTNAME": "KOWALCZYK", "FIRSTNAME": "ROBERT", "RADDNUMBER": "18",
             "RSTREETNAME": "BIRCH ST"}  # fmt: skip
WALTER = (1, 1, 1, "2026-03-01", "Walter Nowak", "40 Elm St")  # no suffix: Jr or Sr
ROBERT = (1, 1, 2, "2026-03-01", "Robert Kowalczyk", "18 Birch St")


@pytest.fixture(scope="module")
def families(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """1 Walter Nowak Jr (DEM) and 2 Walter Nowak Sr (REP) at 40 Elm St; 3 Robert Kowalczyk
    Jr and 4 Robert Kowalczyk Sr, both DEM, at 18 Birch St."""
    return store(tmp_path_factory.mktemp("presumed"), [
        {**NOWAK, "NAMESUFFIX": "JR"}, {**NOWAK, "NAMESUFFIX": "SR", "ENROLLMENT": "REP"},
        {**KOWALCZYK, "NAMESUFFIX": "JR"}, {**KOWALCZYK, "NAMESUFFIX": "SR"},
    ])  # fmt: skip


def test_a_line_that_fits_a_voter_who_may_sign_and_one_who_may_not_stands(
    families: Path,
) -> None:
    result = reviewed(families, [WALTER])
    (line,) = result["lines"]
    # The Jr (DEM) may sign and signed nothing else; the Sr (REP) may not: valid, no voter's.
    assert (line["valid"], line["reasons"], line["voter"]) == (True, [], None)
    assert [(c["SBOEID"], c["may_sign"]) for c in line["candidates"]] == [
        (voter(1), True), (voter(2), False),
    ]  # fmt: skip
    identity = line["identity"]
    assert identity["stands_under"] == ["presumed"]
    assert identity["cite"] == "6-154(1)"
    assert "shall be presumptively valid" in identity["words"]
    assert "Kolken v Mahoney" in identity["reading"]
    assert f"{voter(2)} may not sign this petition" in identity["detail"]
    assert "the burden is the objector's" in identity["detail"]
    assert (result["tally"]["valid"], result["tally"]["identity_for_clerk"]) == (1, 1)
    assert result["petition"]["ambiguous_reading"] == "presumed"
    assert any(n.startswith("Ambiguous lines read presumed (§ 6-154(1)") for n in result["notes"])
    assert "1 valid (1 of them identity for a clerk), 0 invalid" in report.text(result)


def test_a_line_whose_voters_may_both_sign_stands_on_the_stronger_ground(families: Path) -> None:
    (line,) = reviewed(families, [ROBERT])["lines"]
    # Jr and Sr both DEM: valid whichever signed, so it cites § 6-154(3)(a)(i) and stands
    # under both readings that count such lines.
    assert line["valid"] is True
    assert line["identity"]["stands_under"] == ["presumed", "either"]
    assert line["identity"]["cite"] == "6-154(3)(a)(i)"


@pytest.mark.parametrize("reverse", [False, True], ids=["in order", "reversed"])
def test_the_one_voter_who_may_sign_signing_again_leaves_the_line_not_valid(
    families: Path, reverse: bool
) -> None:
    rows = [WALTER, (1, 1, 2, "2026-03-02", "Walter Nowak Jr", "40 Elm St")]
    result = reviewed(families, rows[::-1] if reverse else rows)
    # Line 1 is the Jr's second signature or the Sr's, who may not sign: no voter it fits
    # stands for it. Line 2 is the Jr's and counts (line 1 is no voter's counted signature).
    assert rulings(result) == {(1, 1, 1): (None, ["ambiguous"]), (1, 1, 2): (voter(1), [])}
    line1 = next(x for x in result["lines"] if x["line"] == 1)
    detail = line1["reasons"][0]["detail"]
    assert f"{voter(1)} may have signed another line of this petition" in detail
    assert f"{voter(2)} may not sign this petition" in detail
    assert "identity" not in line1


def test_the_one_voter_who_may_sign_having_signed_a_rival_leaves_it_not_valid(
    families: Path,
) -> None:
    others = {voter(1): [("rival", dt.date(2026, 2, 28))]}  # the Jr signed a rival petition
    con = connect(families, read_only=True)
    try:
        result = review(con, read_lines(lines_file([WALTER]), "l"), REQUEST, others)
    finally:
        con.close()
    (line,) = result["lines"]
    assert (line["valid"], [r["code"] for r in line["reasons"]]) == (False, ["ambiguous"])
    assert f"{voter(1)} signed another petition for the office" in line["reasons"][0]["detail"]


def test_a_line_that_falls_for_its_own_date_is_not_saved_by_the_presumption(
    families: Path,
) -> None:
    # Signed Jan 1, before the first day to sign (Feb 24, 2026): struck whoever signed.
    got = rulings(reviewed(families, [(1, 1, 1, "2026-01-01", "Walter Nowak", "40 Elm St")]))
    assert got == {(1, 1, 1): (None, ["ambiguous", "date_outside_period"])}


def test_the_other_readings_rule_the_same_line_otherwise(families: Path) -> None:
    (either,) = reviewed(families, [WALTER], ambiguous_reading="either")["lines"]
    assert (either["valid"], [r["code"] for r in either["reasons"]]) == (False, ["ambiguous"])
    assert "under the either reading (§ 6-154(3)(a)(i))" in either["reasons"][0]["detail"]
    (strict,) = reviewed(families, [WALTER], ambiguous_reading="strict")["lines"]
    assert (strict["valid"], [r["code"] for r in strict["reasons"]]) == (False, ["ambiguous"])
    assert "under the strict reading" in strict["reasons"][0]["detail"]


@pytest.fixture
def kept_review(families: Path, tmp_path: Path) -> Iterator[tuple[Any, str]]:
    """A writable copy of the store with Walter Nowak's and Robert Kowalczyk's lines kept."""
    path = tmp_path / "voters.duckdb"
    path.write_bytes(families.read_bytes())
    con = connect(path)
    try:
        result = review(con, read_lines(lines_file([WALTER, ROBERT]), "l"), REQUEST)
        yield con, kept.keep(con, result)
    finally:
        con.close()


def test_a_kept_review_is_read_under_each_reading_and_back(kept_review: tuple[Any, str]) -> None:
    con, uid = kept_review
    assert kept.get(con, uid)["tally_after_overrides"]["valid"] == 2  # both lines stand
    either = kept.read_as(con, uid, "either", "the board's rule", "Iris")
    # Walter's line is not valid whichever signed (the Sr may not sign); Robert's is.
    assert [x["valid"] for x in either["lines"]] == [False, True]
    assert "under the either reading" in either["lines"][0]["reasons"][0]["detail"]
    strict = kept.read_as(con, uid, "strict", "the board's rule", "Iris")
    assert [x["valid"] for x in strict["lines"]] == [False, False]
    back = kept.read_as(con, uid, "presumed", "the reading by default", "Iris")
    assert [x["valid"] for x in back["lines"]] == [True, True]
    assert back["lines"][0]["reasons"] == []


def test_a_line_kept_before_the_presumed_reading_stands_under_both_that_count() -> None:
    from nyballot.petitions.rulings import apply_reading

    # Kept when a counted ambiguous line stood under "either" alone (no stands_under).
    old: dict[str, Any] = {"valid": True, "reasons": [],
                           "identity": {"strict": {"code": "ambiguous"}}}  # fmt: skip
    apply_reading(old, "presumed")
    assert (old["valid"], old["reasons"]) == (True, [])
    apply_reading(old, "strict")
    assert (old["valid"], old["reasons"]) == (False, [{"code": "ambiguous"}])


SHUFFLED = [WALTER, ROBERT, (1, 2, 1, "2026-03-03", "Robert Kowalczyk Jr", "18 Birch St"),
            (2, 1, 1, "2026-03-04", "Walter Nowak", "40 Elm St")]  # fmt: skip


def test_the_shuffled_petition_is_ruled_as_counted_by_hand(families: Path) -> None:
    assert rulings(reviewed(families, SHUFFLED)) == {
        # Walter twice: the Jr, the only one who may sign, may be the voter of both: neither.
        (1, 1, 1): (None, ["ambiguous"]),
        (2, 1, 1): (None, ["ambiguous"]),
        # Robert without a suffix: the Jr signed sheet 2, the Sr (DEM) nothing else: stands.
        (1, 1, 2): (None, []),
        (1, 2, 1): (voter(3), []),  # the Jr's own line
    }


@settings(max_examples=20)
@given(st.permutations(range(len(SHUFFLED))))
@example(list(range(len(SHUFFLED)))[::-1])  # the rows reversed
def test_shuffling_lines_changes_no_ruling(families: Path, order: list[int]) -> None:
    def ruled(rows: list[tuple[Any, ...]]) -> dict[Any, Any]:
        return {(x["volume"], x["sheet"], x["line"]): (x["valid"], x["reasons"], x.get("identity"))
                for x in reviewed(families, rows)["lines"]}  # fmt: skip

    assert ruled([SHUFFLED[i] for i in order]) == ruled(SHUFFLED)


def test_the_decision_the_reading_quotes_is_in_the_shipped_text() -> None:
    presumed = readings(2026)["presumed"]
    quoted = re.search(r'"(The burden of proof[^"]+)"', presumed.note)
    assert quoted is not None
    text = raw_text("decisions/objectors-burden-1975.txt")
    assert quoted.group(1) in " ".join(text.split())
    assert presumed.words in " ".join(raw_text(presumed.text).split())


def test_a_father_and_son_who_each_sign_without_the_suffix_both_count(families: Path) -> None:
    twice = [ROBERT, (1, 1, 3, "2026-03-02", "Robert Kowalczyk", "18 Birch St")]
    # Jr and Sr, both DEM: each line fits both, and nothing shows a second signature (the Jr
    # may have signed one and the Sr the other): both stand, no voter chosen.
    result = reviewed(families, twice)
    assert rulings(result) == {(1, 1, 2): (None, []), (1, 1, 3): (None, [])}
    assert [x["identity"]["stands_under"] for x in result["lines"]] == [["presumed"]] * 2
    # Under the either reading each may be the Jr's second signature: neither.
    either = reviewed(families, twice, ambiguous_reading="either")
    assert rulings(either) == {(1, 1, 2): (None, ["ambiguous"]), (1, 1, 3): (None, ["ambiguous"])}


def test_three_lines_that_fit_the_same_two_voters_none_count(families: Path) -> None:
    thrice = [ROBERT, (1, 1, 3, "2026-03-02", "Robert Kowalczyk", "18 Birch St"),
              (1, 1, 4, "2026-03-03", "Robert Kowalczyk", "18 Birch St")]  # fmt: skip
    # Two voters, three lines: one is a second signature, and which is for a clerk.
    result = reviewed(families, thrice)
    assert {x["line"]: x["valid"] for x in result["lines"]} == {2: False, 3: False, 4: False}
    detail = result["lines"][0]["reasons"][0]["detail"]
    assert f"{voter(3)} may have signed another line of this petition" in detail


@pytest.mark.parametrize(
    ("fits", "standing"),
    [
        ({"L1": ["A", "B"], "L2": ["A", "B"]}, {"L1", "L2"}),  # father and son, a line each
        ({"L1": ["A", "B"], "L2": ["A", "B"], "L3": ["A", "B"]}, set()),  # three for two
        ({"L1": ["A"], "L2": ["A"]}, set()),  # one voter, two lines: which is his is unknown
        ({"L1": ["A", "B"], "L2": ["B"], "L3": ["B"]}, {"L1"}),  # L1 is A's whoever has B
        ({"L1": ["A", "B"], "L2": ["B"]}, {"L1", "L2"}),  # L2 is B's, so L1 is A's
        ({"L1": [], "L2": ["C"]}, {"L2"}),  # no voter free to have signed L1
    ],
)
def test_lines_that_share_voters_stand_when_every_sharing_gives_them_one(
    fits: dict[str, list[str]], standing: set[str]
) -> None:
    assert matched_in_every_maximum(fits) == standing


@settings(max_examples=200, derandomize=True)
@given(
    st.dictionaries(
        st.integers(0, 6), st.lists(st.sampled_from("ABCDE"), max_size=3, unique=True), max_size=7
    )
)
@example({0: ["A", "B"], 1: ["A", "B"], 2: ["B", "C"], 3: ["C"]})
def test_the_lines_that_stand_can_all_be_given_a_voter_of_their_own(
    fits: dict[int, list[str]],
) -> None:
    import networkx as nx
    from networkx.algorithms.bipartite import hopcroft_karp_matching

    found = matched_in_every_maximum(fits)
    graph: nx.Graph[Any] = nx.Graph()
    graph.add_nodes_from(("line", k) for k in found)
    graph.add_edges_from((("line", k), v) for k in found for v in fits[k])
    # Every line that stands is given a distinct voter at once: no voter counted twice.
    assert len(hopcroft_karp_matching(graph, top_nodes=[("line", k) for k in found])) // 2 == len(
        found
    )
    # The order the lines come in changes nothing.
    assert matched_in_every_maximum(dict(reversed(list(fits.items())))) == found
