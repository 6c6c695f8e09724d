"""What a line's own words tell the review, case by case, each ruling counted by hand: a surname
that is a generation word, a misread house number beside a misspelt surname, an ambiguous line
and unreadable dates on their own grounds (each petition citing its own sections).

Every file here is 2026, designating, DEM unless said, each sheet witnessed by Iris Grant (DEM,
on file): a line has no reason but the one the case is about.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nyballot.petitions.lines import read_lines
from nyballot.petitions.review import Request, review
from nyballot.voters.store import connect

from .voterfile import HEADER, REQUEST, reviewed, rulings, store, voter


@pytest.fixture(scope="module")
def voters(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """1: Karen A Senior, 2796 144 St; 2: Evelyn Brown, 406 Jackson Ave; 3: Elliot Coleman,
    2099 Essex Ct; 4: Robert Kowalczyk Jr (DEM) and 5: Robert Kowalczyk Sr (REP), 18 Birch St."""
    birch = {"LASTNAME": "KOWALCZYK", "FIRSTNAME": "ROBERT", "RADDNUMBER": "18",
             "RSTREETNAME": "BIRCH ST"}  # fmt: skip
    return store(tmp_path_factory.mktemp("said"), [
        {"LASTNAME": "SENIOR", "FIRSTNAME": "KAREN", "MIDDLENAME": "A", "RADDNUMBER": "2796",
         "RSTREETNAME": "144 ST"},
        {"LASTNAME": "BROWN", "FIRSTNAME": "EVELYN", "RADDNUMBER": "406",
         "RSTREETNAME": "JACKSON AVE"},
        {"LASTNAME": "COLEMAN", "FIRSTNAME": "ELLIOT", "RADDNUMBER": "2099",
         "RSTREETNAME": "ESSEX CT"},
        {**birch, "NAMESUFFIX": "JR"},
        {**birch, "NAMESUFFIX": "SR", "ENROLLMENT": "REP"},
    ])  # fmt: skip


def test_a_surname_senior_is_her_surname_not_her_generation(voters: Path) -> None:
    # "Senior" after a lone first name, or after a first name and an initial, can only be the
    # surname: nothing before it could be one.
    got = rulings(reviewed(voters, [
        (1, 1, 1, "2026-03-01", "Karen Senior", "2796 144 St"),
        (1, 2, 1, "2026-03-01", "Karen A Senior", "2796 144 St"),
    ]))  # fmt: skip
    assert got == {
        (1, 1, 1): (voter(1), []),
        (1, 2, 1): (voter(1), ["duplicate_same_petition"]),  # her second line, same day
    }


def test_a_misread_house_number_beside_a_misspelt_surname_finds_the_voter(voters: Path) -> None:
    # 403 for 406 (one digit) and Brwon for Brown (two letters transposed): the first name
    # and the street agree, so the line is Evelyn Brown's, read as substantial compliance.
    (line,) = reviewed(voters, [(1, 1, 1, "2026-03-01", "Evelyn Brwon", "403 Jackson Ave")])[
        "lines"
    ]
    assert (line["voter"]["SBOEID"], line["valid"]) == (voter(2), True)
    assert line["match"]["differed"] == [
        "last name: 'BRWON' on the line, 'BROWN' on file",
        "house number: '403' on the line, '406' on file",
    ]
    assert line["match"]["reading"]["cite"] == "6-134(10)"


def test_a_misread_house_number_with_the_first_name_also_another_is_nobody(
    voters: Path,
) -> None:
    # 2499 for 2099, Cole for Coleman and Ellie for Elliot: three parts wrong is another
    # person, not a slip of the pen.
    got = rulings(reviewed(voters, [(1, 1, 1, "2026-03-01", "Ellie Cole", "2499 Essex Ct")]))
    assert got == {(1, 1, 1): (None, ["not_found"])}


def test_an_ambiguous_line_cites_its_own_words_and_says_who_may_sign(voters: Path) -> None:
    # No suffix at the address of a Jr (DEM) and a Sr (REP): ambiguous on a DEM petition, even
    # though only the Jr could sign it validly (who signed decides, and the line does not say);
    # read strictly, not counted until a clerk chooses.
    row = (1, 1, 1, "2026-03-01", "Robert Kowalczyk", "18 Birch St")
    (line,) = reviewed(voters, [row], ambiguous_reading="strict")["lines"]
    (why,) = line["reasons"]
    assert (why["code"], why["cite"]) == ("ambiguous", "6-130")
    # § 6-130: the sheets set forth "the name of the signer, his or her residence address".
    assert why["words"] == "the name of the signer, his or her residence address"
    assert f"{voter(4)} ROBERT KOWALCZYK JR, 18 BIRCH ST (may sign this petition)" in why["detail"]
    assert f"{voter(5)} ROBERT KOWALCZYK SR, 18 BIRCH ST (may not sign" in why["detail"]
    assert line["voter"] is None and line["valid"] is False


def test_an_independent_petitions_ambiguous_and_unreadable_dates_cite_section_6_140(
    voters: Path,
) -> None:
    result = reviewed(voters, [
        (1, 1, 1, "2026-03-01", "Robert Kowalczyk", "18 Birch St"),
        (1, 1, 2, "March 3", "Evelyn Brown", "406 Jackson Ave"),
    ], kind="independent", party=None)  # fmt: skip
    # Each line's first ruling (line 1 was also signed before the independent petitions'
    # first day, § 6-138(4)). § 6-140(1)(a): the signer states "that my present place of
    # residence is truly stated opposite my signature hereto", and sets "the day and year
    # placed opposite my signature".
    first, second = ([x["reasons"][0]["code"], x["reasons"][0]["cite"]] for x in result["lines"])
    assert (first, second) == (["ambiguous", "6-140(1)(a)"], ["date_unreadable", "6-140(1)(a)"])
    words = result["lines"][1]["reasons"][0]["words"]
    assert words == "the day and year placed opposite my signature"


def _lines(witness_date: str) -> bytes:
    """Sheet 1 (witness dated ``witness_date``): Evelyn Brown and Elliot Coleman; sheet 2
    (witness dated 2026-03-20): Karen Senior."""
    return (
        HEADER
        + '1,1,1,2026-03-01,"Evelyn Brown","406 Jackson Ave",Iris Grant,30 Pearl St,'
        + f"{witness_date}\n"
        + '1,1,2,2026-03-01,"Elliot Coleman","2099 Essex Ct",,,\n'
        + '1,2,1,2026-03-01,"Karen Senior","2796 144 St",Iris Grant,30 Pearl St,2026-03-20\n'
    ).encode()


def test_a_bad_witness_date_is_the_ruling_of_its_sheets_lines_not_the_files(
    voters: Path,
) -> None:
    con = connect(voters, read_only=True)
    try:
        result = review(con, read_lines(_lines("2026-02-30"), "lines.csv"), REQUEST)
    finally:
        con.close()
    # Sheet 1's two lines cannot be read against their witness's date (no February 30); sheet
    # 2's line stands: 1 valid, 2 invalid.
    assert rulings(result) == {
        (1, 1, 1): (voter(2), ["witness_date_unreadable"]),
        (1, 1, 2): (voter(3), ["witness_date_unreadable"]),
        (1, 2, 1): (voter(1), []),
    }
    why = result["lines"][0]["reasons"][0]
    assert why["cite"] == "6-132(2)" and why["text_unverified"]
    assert "'2026-02-30'" in why["detail"]
    assert (result["tally"]["valid"], result["tally"]["invalid"]) == (1, 2)


def test_a_good_witness_date_leaves_the_same_lines_valid(voters: Path) -> None:
    # The same file with the witness's date readable: all three lines stand.
    con = connect(voters, read_only=True)
    try:
        result = review(con, read_lines(_lines("2026-03-20"), "lines.csv"), Request(**{
            **REQUEST.__dict__}))  # fmt: skip
    finally:
        con.close()
    assert result["tally"]["valid"] == 3


@pytest.mark.parametrize(
    ("text", "first", "middle", "last", "generation"),
    [
        ("Karen Senior", "KAREN", "", "SENIOR", ""),
        ("Karen A Senior", "KAREN", "A", "SENIOR", ""),
        ("Karen Senior Jr", "KAREN", "", "SENIOR", "JR"),
        ("Robert Kowalczyk, Jr.", "ROBERT", "", "KOWALCZYK", "JR"),
        # nameparser reads "Res" and "Junior" as suffixes and leaves no surname or first name:
        # the words are read in their places.
        ("Donna Res", "DONNA", "", "RES", ""),
        ("Presley, Junior C", "JUNIOR", "C", "PRESLEY", ""),
        ("", "", "", "", ""),  # a line whose name is left blank: no name, not an error
    ],
)
def test_a_name_is_read_into_its_parts(
    text: str, first: str, middle: str, last: str, generation: str
) -> None:
    from nyballot.petitions.parse import Name, parse_name

    assert parse_name(text) == Name(first, middle, last, generation)


def test_a_slip_near_the_start_of_a_surname_is_still_close(tmp_path: Path) -> None:
    # Peredes for Paredes: one letter in seven (Damerau-Levenshtein's share 6/7 = 0.857, over
    # 0.84), though Jaro-Winkler gives it 0.814.
    path = store(tmp_path, [{"LASTNAME": "PAREDES", "FIRSTNAME": "SHANNON", "MIDDLENAME": "T",
                             "RADDNUMBER": "113", "RSTREETNAME": "125 ST"}])  # fmt: skip
    got = rulings(reviewed(path, [(1, 1, 1, "2026-03-01", "Shannon T Peredes", "113 125 St")]))
    assert got == {(1, 1, 1): (voter(1), [])}


def test_a_whole_middle_name_that_agrees_is_above_a_files_initial(tmp_path: Path) -> None:
    # 1: Elizabeth F Foreman, 2: Elizabeth Francisco Foreman, one home: "Lizzy Francisco
    # Foreman" is the second (the first's file holds only an initial the name begins with).
    family = {"LASTNAME": "FOREMAN", "FIRSTNAME": "ELIZABETH", "RADDNUMBER": "2259",
              "RSTREETNAME": "JACKSON CT"}  # fmt: skip
    path = store(tmp_path, [{**family, "MIDDLENAME": "F"}, {**family, "MIDDLENAME": "FRANCISCO"}])
    got = rulings(reviewed(path, [
        (1, 1, 1, "2026-03-01", "Lizzy Francisco Foreman", "2259 Jackson Ct"),
        (1, 1, 2, "2026-03-01", "Lizzy F Foreman", "2259 Jackson Ct"),  # an initial: either
    ], ambiguous_reading="either"))  # fmt: skip
    # Line 2 fits both; the second signed line 1, so it is not valid whichever signed.
    assert got == {(1, 1, 1): (voter(2), []), (1, 1, 2): (None, ["ambiguous"])}
