"""The right voter for every line, or an honest "ambiguous": the four ways a review lost valid
signatures, each a case with every voter in sight and the ruling counted by hand.

Every file here is 2026, designating, DEM, signed within Feb 24 to Apr 2, each sheet witnessed
by Iris Grant (DEM, on file): a line has no reason but the one the case is about.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .voterfile import reviewed, rulings, store, voter

KOWALCZYK = {"LASTNAME": "KOWALCZYK", "FIRSTNAME": "ROBERT", "RADDNUMBER": "18",
             "RSTREETNAME": "BIRCH ST"}  # fmt: skip


@pytest.fixture(scope="module")
def family(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """1: Robert Kowalczyk Jr (DEM); 2: his father, Robert Kowalczyk Sr, enrolled REP."""
    return store(
        tmp_path_factory.mktemp("family"),
        [{**KOWALCZYK, "NAMESUFFIX": "JR"}, {**KOWALCZYK, "NAMESUFFIX": "SR", "ENROLLMENT": "REP"}],
    )


def test_a_juniors_line_is_the_juniors_and_the_seniors_is_not_his_duplicate(
    family: Path,
) -> None:
    got = rulings(reviewed(family, [
        (1, 1, 1, "2026-03-01", "Robert Kowalczyk Jr", "18 Birch St"),
        (1, 1, 2, "2026-03-02", "Robert Kowalczyk, Sr.", "18 Birch St"),
        (1, 1, 3, "2026-03-03", "Robert Kowalczyk Junior", "18 Birch St"),
    ]))  # fmt: skip
    assert got == {
        (1, 1, 1): (voter(1), []),  # the Jr, DEM: valid
        (1, 1, 2): (voter(2), ["wrong_party"]),  # the Sr, REP: struck for that, not as a copy
        # The Jr again, "Junior" spelt out: the Jr's earlier line (Mar 1) is the one counted.
        (1, 1, 3): (voter(1), ["duplicate_same_petition"]),
    }


def test_a_line_without_a_suffix_at_a_jr_and_sr_address_is_ambiguous(family: Path) -> None:
    # Under the strict reading an ambiguous line is not counted until a clerk chooses.
    strict = reviewed(family, [(1, 1, 1, "2026-03-01", "Robert Kowalczyk", "18 Birch St")],
                      ambiguous_reading="strict")  # fmt: skip
    (line,) = strict["lines"]
    assert rulings(strict) == {(1, 1, 1): (None, ["ambiguous"])}
    assert [c["SBOEID"] for c in line["candidates"]] == [voter(1), voter(2)]
    detail = line["reasons"][0]["detail"]
    assert voter(1) in detail and voter(2) in detail
    assert line["reasons"][0]["cite"] == "6-130"


def test_the_same_line_is_presumed_valid_on_the_junior_who_may_sign(family: Path) -> None:
    # The Jr (DEM) may sign and signed nothing else; the Sr (REP) may not. Under the default
    # reading (§ 6-154(1), the objector's burden) the line stands, no voter chosen; under the
    # either reading it is not valid whichever signed.
    row = (1, 1, 1, "2026-03-01", "Robert Kowalczyk", "18 Birch St")
    (line,) = reviewed(family, [row])["lines"]
    assert (line["valid"], line["voter"], line["reasons"]) == (True, None, [])
    assert line["identity"]["stands_under"] == ["presumed"]
    assert line["identity"]["cite"] == "6-154(1)"
    assert f"{voter(2)} may not sign this petition" in line["identity"]["detail"]
    (either,) = reviewed(family, [row], ambiguous_reading="either")["lines"]
    assert (either["valid"], [r["code"] for r in either["reasons"]]) == (False, ["ambiguous"])
    assert "under the either reading" in either["reasons"][0]["detail"]


ZHANG = {"LASTNAME": "ZHANG", "FIRSTNAME": "LI", "RADDNUMBER": "100", "RSTREETNAME": "CANAL ST"}


@pytest.fixture(scope="module")
def building(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """1: Li Zhang of apartment 7D; 2: Li Zhang of apartment 3A, in one building."""
    return store(
        tmp_path_factory.mktemp("building"),
        [{**ZHANG, "RAPARTMENT": "7D"}, {**ZHANG, "RAPARTMENT": "3A"}],
    )


def test_the_apartment_chooses_between_voters_of_one_name_in_one_building(
    building: Path,
) -> None:
    got = rulings(reviewed(building, [
        (1, 1, 1, "2026-03-01", "Li Zhang", "100 Canal St, Apt 3A"),
        (1, 1, 2, "2026-03-02", "Li Zhang", "100 Canal St #7D"),
        (1, 1, 3, "2026-03-03", "Li Zhang", "100 Canal St"),
    ]))  # fmt: skip
    assert got == {
        (1, 1, 1): (voter(2), []),  # 3A is voter 2
        (1, 1, 2): (voter(1), []),  # 7D is voter 1: not a duplicate of line 1
        (1, 1, 3): (None, ["ambiguous"]),  # no apartment: either of them
    }


@pytest.fixture(scope="module")
def namesakes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Five John Smiths at house number 10, each on a street starting with M; the signer of
    10 Madison Ave is the last of them (the highest SBOEID, the one a cut by name and SBOEID
    dropped first)."""
    streets = ["MAIN ST", "MILL RD", "MAPLE AVE", "MARKET ST", "MADISON AVE"]
    smiths = [{"LASTNAME": "SMITH", "FIRSTNAME": "JOHN", "RADDNUMBER": "10", "RSTREETNAME": s}
              for s in streets]  # fmt: skip
    return store(tmp_path_factory.mktemp("namesakes"), smiths)


def test_voters_who_share_the_name_and_house_number_never_hide_the_signer(
    namesakes: Path,
) -> None:
    got = rulings(reviewed(namesakes, [
        (1, 1, 1, "2026-03-01", "John Smith", "10 Madison Ave"),
        (1, 1, 2, "2026-03-02", "John Smith", "10 Madisson Avenue"),  # misspelt: still 5
        (1, 1, 3, "2026-03-03", "Jon Smith", "10 Main Street"),
    ]))  # fmt: skip
    assert got == {
        (1, 1, 1): (voter(5), []),
        (1, 1, 2): (voter(5), ["duplicate_same_petition"]),  # line 1 (Mar 1) counts
        (1, 1, 3): (voter(1), []),
    }


@pytest.fixture(scope="module")
def nicknamed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """1 Robert Brown, 2 William Green, 3 Elizabeth Hall, 4 James King, at 1, 2, 3, 4 Oak St;
    5 Joseph Diaz and 6 José Diaz at 5 Oak St; 7 José Ortiz alone at 7 Oak St."""
    people = [("BROWN", "ROBERT", "1"), ("GREEN", "WILLIAM", "2"), ("HALL", "ELIZABETH", "3"),
              ("KING", "JAMES", "4"), ("DIAZ", "JOSEPH", "5"), ("DIAZ", "JOSÉ", "5"),
              ("ORTIZ", "JOSÉ", "7")]  # fmt: skip
    return store(
        tmp_path_factory.mktemp("nicknamed"),
        [{"LASTNAME": a, "FIRSTNAME": b, "RADDNUMBER": c, "RSTREETNAME": "OAK ST"}
         for a, b, c in people],
    )  # fmt: skip


@pytest.mark.parametrize(
    ("name", "address", "sboeid"),
    [("Bob Brown", "1 Oak St", 1), ("Bill Green", "2 Oak St", 2), ("Liz Hall", "3 Oak St", 3),
     ("Jim King", "4 Oak St", 4)],
)  # fmt: skip
def test_a_nickname_is_the_voters_name_read_under_substantial_compliance(
    nicknamed: Path, name: str, address: str, sboeid: int
) -> None:
    (line,) = reviewed(nicknamed, [(1, 1, 1, "2026-03-01", name, address)])["lines"]
    assert (line["voter"]["SBOEID"], line["valid"]) == (voter(sboeid), True)
    assert any("(a nickname)" in d for d in line["match"]["differed"])
    assert line["match"]["reading"]["cite"] == "6-134(10)"
    assert "nickname" in line["match"]["reading"]["reading"]


def test_joe_at_the_address_of_a_joseph_and_a_jose_is_ambiguous(nicknamed: Path) -> None:
    # Joe is Joseph's nickname and one letter from José: neither is told apart by more than
    # a spelling, so the clerk chooses who signed. Both are DEM voters of the unit and neither
    # signed another line: valid whichever signed (§ 6-154(3)(a)(i)); strict: not counted.
    rows = [(1, 1, 1, "2026-03-01", "Joe Diaz", "5 Oak St")]
    (line,) = reviewed(nicknamed, rows)["lines"]
    assert (line["valid"], line["reasons"], line["voter"]) == (True, [], None)
    assert line["identity"]["cite"] == "6-154(3)(a)(i)"
    assert {c["SBOEID"] for c in line["candidates"]} == {voter(5), voter(6)}
    (strict,) = reviewed(nicknamed, rows, ambiguous_reading="strict")["lines"]
    assert [r["code"] for r in strict["reasons"]] == ["ambiguous"]
    assert strict["valid"] is False


def test_joe_for_a_jose_alone_at_his_address_is_a_variant_not_the_same_name(
    nicknamed: Path,
) -> None:
    (line,) = reviewed(nicknamed, [(1, 1, 1, "2026-03-01", "Joe Ortiz", "7 Oak St")])["lines"]
    assert line["voter"]["SBOEID"] == voter(7)
    assert "first name: 'JOE' on the line, 'JOSE' on file" in line["match"]["differed"]
    assert line["match"]["score"] < 1.0
