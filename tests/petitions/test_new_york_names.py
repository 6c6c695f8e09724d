"""Names and addresses as New York's voters write them: each case a voter on file and the
lines that must find that voter (or must not), the rulings counted by hand.

Every file here is 2026, designating, DEM, signed within Feb 24 to Apr 2, each sheet witnessed
by Iris Grant (DEM, on file) unless the case is the witness: a line has no reason but the one
the case is about.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest

from nyballot.law.choice import LawChoice
from nyballot.petitions.lines import read_lines
from nyballot.petitions.match import Query, find
from nyballot.petitions.review import Request, review
from nyballot.voters.store import connect

from .voterfile import HEADER, reviewed, rulings, store, voter

# 1-4: compound surnames, each at its own house on Birch St.
RODRIGUEZ_SANTIAGO = {"LASTNAME": "RODRIGUEZ SANTIAGO", "FIRSTNAME": "MARIA",
                      "RADDNUMBER": "10", "RSTREETNAME": "BIRCH ST"}  # fmt: skip
DE_LA_CRUZ = {"LASTNAME": "DE LA CRUZ", "FIRSTNAME": "ANA", "RADDNUMBER": "12",
              "RSTREETNAME": "BIRCH ST"}  # fmt: skip
GARCIA_LOPEZ = {"LASTNAME": "GARCIA-LOPEZ", "FIRSTNAME": "ELENA", "RADDNUMBER": "14",
                "RSTREETNAME": "BIRCH ST"}  # fmt: skip
O_BRIEN = {"LASTNAME": "O'BRIEN", "FIRSTNAME": "SEAN", "RADDNUMBER": "16",
           "RSTREETNAME": "BIRCH ST"}  # fmt: skip
# 5: a surname without a second one, which a signer adds.
VARGAS = {"LASTNAME": "VARGAS", "FIRSTNAME": "LUIS", "RADDNUMBER": "18", "RSTREETNAME": "BIRCH ST"}
# 6: married, registered as JONES, previously SMITH (PREVNAME).
JONES = {"LASTNAME": "JONES", "FIRSTNAME": "JANE", "PREVNAME": "SMITH JANE",
         "RADDNUMBER": "20", "RSTREETNAME": "BIRCH ST"}  # fmt: skip
# 7, 8: a father who goes by his middle name, and his son who bears it first.
JAMES_ROBERT = {"LASTNAME": "SMITH", "FIRSTNAME": "JAMES", "MIDDLENAME": "ROBERT",
                "RADDNUMBER": "22", "RSTREETNAME": "BIRCH ST"}  # fmt: skip
ROBERT = {"LASTNAME": "SMITH", "FIRSTNAME": "ROBERT", "RADDNUMBER": "22", "RSTREETNAME": "BIRCH ST",
          "DOB": "20000101"}  # fmt: skip
# 9, 10: one voter, active, and the purged duplicate record of the same registration.
OKAFOR = {"LASTNAME": "OKAFOR", "FIRSTNAME": "CHIDI", "RADDNUMBER": "24",
          "RSTREETNAME": "BIRCH ST", "DOB": "19750505"}  # fmt: skip
OKAFOR_PURGED = {**OKAFOR, "STATUS": "P", "REASONCODE": "DUPLICATE", "PURGE_DATE": "20200101"}
# 11: a numbered street; 12: a house number a hand may write as S39.
HARLEM = {"LASTNAME": "BAEZ", "FIRSTNAME": "ROSA", "RADDNUMBER": "682", "RPREDIRECTION": "W",
          "RSTREETNAME": "140 ST", "RCITY": "NEW YORK", "RZIP5": "10031"}  # fmt: skip
KIM = {"LASTNAME": "KIM", "FIRSTNAME": "MIN", "RADDNUMBER": "539", "RSTREETNAME": "ELM ST"}
# 13, 14: two voters of one name in one house, on its 4th and 2nd floors.
FLOOR_4 = {"LASTNAME": "NOWAK", "FIRSTNAME": "PIOTR", "RADDNUMBER": "7",
           "RSTREETNAME": "OAK ST", "RAPARTMENTTYPE": "FL", "RAPARTMENT": "4"}  # fmt: skip
FLOOR_2 = {**FLOOR_4, "RAPARTMENT": "2"}
# 15: a voter in a purged record only.
GONE = {"LASTNAME": "PARK", "FIRSTNAME": "JOON", "RADDNUMBER": "30", "RSTREETNAME": "ELM ST",
        "STATUS": "P", "REASONCODE": "MOVED", "PURGE_DATE": "20200101"}  # fmt: skip
# 16: a voter with a spaced surname who witnesses a sheet; 17: a house a hand writes lO8.
SAINT_JOHN = {"LASTNAME": "SAINT JOHN", "FIRSTNAME": "CLAIRE", "RADDNUMBER": "32",
              "RSTREETNAME": "ELM ST"}  # fmt: skip

ABE = {"LASTNAME": "ABE", "FIRSTNAME": "KENJI", "RADDNUMBER": "108", "RSTREETNAME": "ELM ST"}
# 18: a first name of three words, one a particle; 19: a middle initial Y (Spanish "and", which
# name parsers join to the words beside it); 20: a hyphenated surname.
PORTILLO = {"LASTNAME": "PORTILLO-BELTRAN", "FIRSTNAME": "MARIA DEL CARMEN",
            "MIDDLENAME": "ROSALIA", "RADDNUMBER": "34", "RSTREETNAME": "ELM ST"}  # fmt: skip
AMOROS = {"LASTNAME": "AMOROS BLANCA", "FIRSTNAME": "OLGA", "MIDDLENAME": "Y",
          "RADDNUMBER": "36", "RSTREETNAME": "ELM ST"}  # fmt: skip
CAMPOS = {"LASTNAME": "CAMPOS-MEYERS", "FIRSTNAME": "ROBERT", "RADDNUMBER": "38",
          "RSTREETNAME": "ELM ST"}  # fmt: skip
# 21: a surname a name parser takes for a suffix's initials (O.B.I.); 22: a previous surname
# that is also the first name; 23: a spaced surname.
OBI = {"LASTNAME": "OBI", "FIRSTNAME": "UCHE", "MIDDLENAME": "U", "RADDNUMBER": "40",
       "RSTREETNAME": "ELM ST"}  # fmt: skip
CHAO = {"LASTNAME": "SUN", "FIRSTNAME": "CHAO", "PREVNAME": "CHAO", "RADDNUMBER": "42",
        "RSTREETNAME": "ELM ST"}  # fmt: skip
ROYBAL_TERAN = {"LASTNAME": "ROYBAL TERAN", "FIRSTNAME": "LEONEL", "RADDNUMBER": "44",
                "RSTREETNAME": "ELM ST"}  # fmt: skip

VOTERS = [RODRIGUEZ_SANTIAGO, DE_LA_CRUZ, GARCIA_LOPEZ, O_BRIEN, VARGAS, JONES, JAMES_ROBERT,
          ROBERT, OKAFOR, OKAFOR_PURGED, HARLEM, KIM, FLOOR_4, FLOOR_2, GONE, SAINT_JOHN,
          ABE, PORTILLO, AMOROS, CAMPOS, OBI, CHAO, ROYBAL_TERAN]  # fmt: skip


@pytest.fixture(scope="module")
def path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return store(tmp_path_factory.mktemp("names"), VOTERS)


@pytest.fixture(scope="module")
def con(path: Path) -> duckdb.DuckDBPyConnection:
    return connect(path, read_only=True)


def found(con: duckdb.DuckDBPyConnection, name: str, address: str) -> str | None:
    """The SBOEID of the one voter the line names, or None (no voter, or ambiguous)."""
    (match,) = find(con, [Query(name, address)])
    return None if match is None or match.ambiguous else str(match.voter["SBOEID"])


@pytest.mark.parametrize(
    ("name", "address", "number"),
    [
        # A surname with a space, copied exactly (once read as a middle name and a surname).
        ("Maria Rodriguez Santiago", "10 Birch St", 1),
        ("Rodriguez Santiago, Maria", "10 Birch St", 1),
        # One part of it, either one.
        ("Maria Santiago", "10 Birch St", 1),
        ("Maria Rodriguez", "10 Birch St", 1),
        # Its parts hyphenated.
        ("Maria Rodriguez-Santiago", "10 Birch St", 1),
        # Particles joined, spaced or capitalised inside.
        ("Ana De La Cruz", "12 Birch St", 2),
        ("Ana Delacruz", "12 Birch St", 2),
        ("Ana DeLaCruz", "12 Birch St", 2),
        ("Ana Cruz", "12 Birch St", 2),
        # A hyphenated surname: one part, or both spaced.
        ("Elena Lopez", "14 Birch St", 3),
        ("Elena Garcia", "14 Birch St", 3),
        ("Elena Garcia Lopez", "14 Birch St", 3),
        # An apostrophe written, left out, or spaced.
        ("Sean O'Brien", "16 Birch St", 4),
        ("Sean OBrien", "16 Birch St", 4),
        ("Sean O Brien", "16 Birch St", 4),
        # A second surname the file lacks.
        ("Luis Vargas Polanco", "18 Birch St", 5),
        ("Luis Vargas-Polanco", "18 Birch St", 5),
        # A first name with a particle in it, which is no surname's.
        ("María del Carmen Rosalia Portillo-Beltrán", "34 Elm St", 18),
        ("Maria del Carmen Portillo", "34 Elm St", 18),
        ("MARIA DEL CARMEN R PORTILLO BELTRAN", "34 Elm St", 18),
        # A middle initial Y, copied.
        ("Olga Y Amorós Blanca", "36 Elm St", 19),
        # A hyphenated surname with a letter wrong in one part.
        ("Robert Campos-Muyers", "38 Elm St", 20),
        # A surname a name parser reads as a suffix (the initials of an order), after an
        # initial it would take for the surname.
        ("Uche U Obi", "40 Elm St", 21),
        ("UCHE U OBI", "40 Elm St", 21),
        # A previous surname (PREVNAME) that is also the voter's first name.
        ("Chao Chao", "42 Elm St", 22),
        # A spaced surname with a letter wrong, and an accent, in its second part.
        ("Leonel Roybal Tarán", "44 Elm St", 23),
        ("Leonel Roybal Taran", "44 Elm St", 23),
    ],
)
def test_a_surname_is_the_whole_lastname_field_and_any_of_its_writings(
    con: duckdb.DuckDBPyConnection, name: str, address: str, number: int
) -> None:
    assert found(con, name, address) == voter(number)


def test_a_surname_copied_whole_differs_in_nothing_and_one_part_is_said(
    con: duckdb.DuckDBPyConnection,
) -> None:
    whole, part = find(con, [Query("Maria Rodriguez Santiago", "10 Birch St"),
                             Query("Maria Santiago", "10 Birch St")])  # fmt: skip
    assert whole is not None and whole.exact
    assert part is not None
    assert part.read_as["last name"] == "one part of the surname on file"
    assert "last name: 'SANTIAGO' on the line, 'RODRIGUEZ SANTIAGO' on file" in part.differed[0]


def test_a_part_alone_that_is_a_particle_names_nobody(con: duckdb.DuckDBPyConnection) -> None:
    assert found(con, "Ana De", "12 Birch St") is None


def test_a_line_under_the_previous_surname_finds_the_voter_and_says_which_name(
    con: duckdb.DuckDBPyConnection,
) -> None:
    (match,) = find(con, [Query("Jane Smith", "20 Birch St")])
    assert match is not None and match.voter["SBOEID"] == voter(6)
    assert match.previous_name
    assert match.read_as["last name"] == (
        "the surname of the voter's previous name on file (SMITH)"
    )


@pytest.mark.parametrize("name", ["Robert J Smith", "J Robert Smith", "James Robert Smith"])
def test_a_voter_who_goes_by_the_middle_name_is_found(
    con: duckdb.DuckDBPyConnection, name: str
) -> None:
    assert found(con, name, "22 Birch St") == voter(7)


def test_robert_smith_is_the_son_who_bears_the_name_first_not_his_father(
    con: duckdb.DuckDBPyConnection,
) -> None:
    # JAMES ROBERT SMITH (7) goes by Robert; his son ROBERT SMITH (8) lives with him. The line
    # "Robert Smith" is the son's: a first name on file comes before a middle name gone by.
    assert found(con, "Robert Smith", "22 Birch St") == voter(8)
    (father,) = find(con, [Query("Robert J Smith", "22 Birch St")])
    assert father is not None
    assert father.read_as["first name"] == "the middle name on file, which the voter goes by"


def test_a_purged_duplicate_never_competes_with_the_active_record(path: Path) -> None:
    got = rulings(reviewed(path, [
        (1, 1, 1, "2026-03-01", "Chidi Okafor", "24 Elm St"),  # no: Birch St (another street)
        (1, 1, 2, "2026-03-01", "Chidi Okafor", "24 Birch St"),
        (1, 1, 3, "2026-03-01", "Joon Park", "30 Elm St"),
    ]))  # fmt: skip
    assert got[(1, 1, 2)] == (voter(9), [])  # the active record (9), not its purged twin (10)
    assert got[(1, 1, 3)] == (voter(15), ["not_registered"])  # purged only: not registered


@pytest.mark.parametrize(
    "address",
    [
        "682 W 140th",
        "682 West 140 St",
        "682 140th Street",
        "682 W 140th St, Apt 3",
        "682 W 140",
        "682 w 140, New York",
    ],
)
def test_a_numbered_street_with_or_without_its_type_and_ordinal(
    con: duckdb.DuckDBPyConnection, address: str
) -> None:
    assert found(con, "Rosa Baez", address) == voter(11)


@pytest.mark.parametrize("address", ["682 E 140th St", "682 W 141st St"])
def test_another_direction_or_number_is_another_street(
    con: duckdb.DuckDBPyConnection, address: str
) -> None:
    assert found(con, "Rosa Baez", address) is None


@pytest.mark.parametrize(
    ("house", "read", "number"), [("S39", "539", 12), ("lO8", "108", 17), ("I08", "108", 17)]
)
def test_letters_a_hand_writes_for_digits_are_read_as_them(
    con: duckdb.DuckDBPyConnection, house: str, read: str, number: int
) -> None:
    # KIM MIN lives at 539 Elm St (S for 5), ABE KENJI at 108 (l or I for 1, O for 0).
    name = "Min Kim" if number == 12 else "Kenji Abe"
    (match,) = find(con, [Query(name, f"{house} Elm St")])
    assert match is not None and match.voter["SBOEID"] == voter(number)
    assert match.read_as["house number"] == f"'{house}' written, read as {read}"


@pytest.mark.parametrize(
    ("unit", "number"),
    [("4th Fl.", 13), ("4th Floor", 13), ("Fl 4", 13), ("1st Fl", None), ("2nd Fl", 14),
     ("#2", 14), ("Apt 4", 13)],
)  # fmt: skip
def test_a_floor_is_read_against_the_files_unit_kind_and_number(
    con: duckdb.DuckDBPyConnection, unit: str, number: int | None
) -> None:
    # Two PIOTR NOWAKs in 7 Oak St: FL 4 (13) and FL 2 (14). A floor neither of them lives on
    # names neither (the apartment disagrees with both).
    assert found(con, "Piotr Nowak", f"7 Oak St, {unit}") == (voter(number) if number else None)


def test_a_witness_with_a_spaced_surname_is_found_and_the_sheet_stands(path: Path) -> None:
    lines = HEADER + (
        '1,1,1,2026-03-01,"Luis Vargas","18 Birch St","Claire Saint John","32 Elm St",2026-03-20\n'
        '1,1,2,2026-03-01,"Rosa Baez","682 W 140th",,,\n'
    )
    con = connect(path, read_only=True)
    try:
        request = Request(year=2026, party="DEM", required=1, law=LawChoice())
        result = review(con, read_lines(lines.encode(), "lines.csv"), request)
    finally:
        con.close()
    assert rulings(result) == {(1, 1, 1): (voter(5), []), (1, 1, 2): (voter(11), [])}


def test_a_line_under_the_previous_surname_counts_by_default_and_not_when_read_strictly(
    path: Path,
) -> None:
    rows = [(1, 1, 1, "2026-03-01", "Jane Smith", "20 Birch St")]
    counted = reviewed(path, rows)
    (line,) = counted["lines"]
    assert rulings(counted) == {(1, 1, 1): (voter(6), [])}
    said = line["match"]["reading"]["previous_name"]
    assert (said["reading"], said["cite"]) == ("counts", "6-134(10)")
    assert counted["petition"]["previous_name_reading"] == "counts"
    strict = reviewed(path, rows, previous_name_reading="strict")
    assert rulings(strict) == {(1, 1, 1): (None, ["not_found"])}
    detail = strict["lines"][0]["reasons"][0]["detail"]
    assert voter(6) in detail and "§ 6-130" in detail
    assert any(n.startswith("Lines under a voter's previous surname read strict (§ 6-130")
               for n in strict["notes"])  # fmt: skip


def test_the_command_line_takes_the_previous_name_reading(
    run_cli: Callable[..., tuple[int, str, str]], path: Path, tmp_path: Path
) -> None:
    lines = tmp_path / "lines.csv"
    lines.write_text(HEADER + '1,1,1,2026-03-01,"Jane Smith","20 Birch St",'
                     '"Iris Grant","30 Pearl St",2026-03-20\n')  # fmt: skip
    asked = ["petitions", "review", str(lines), "--db", str(path), "--year", "2026",
             "--party", "DEM", "--required", "1", "--format", "json"]  # fmt: skip
    code, out, err = run_cli(*asked)
    assert code == 0, err
    assert [x["valid"] for x in json.loads(out)["lines"]] == [True]
    code, out, err = run_cli(*asked, "--previous-name-reading", "strict")
    assert code == 0, err
    assert [x["valid"] for x in json.loads(out)["lines"]] == [False]
    code, _, err = run_cli(*asked, "--previous-name-reading", "loose")
    assert code == 2 and "loose" in err


@pytest.mark.parametrize(
    ("name", "address"),
    [
        ("Min Kim", "539 Elm Ave"),  # Elm Ave is not Elm St
        ("Rita Baez", "682 W 140th St"),  # RITA is three letters off ROSA: another name
        ("Min Kim", "539 Elm St, Yonkers 10999"),  # another town's ZIP ...
    ],
)
def test_another_street_type_a_far_first_name_or_another_town_is_nobody(
    con: duckdb.DuckDBPyConnection, name: str, address: str
) -> None:
    # ... and, with it, a line no different from the voter's: still found (the next case).
    if "10999" in address:
        assert found(con, "Mn Kim", address) is None  # another town and a slip: nobody
        assert found(con, name, address) == voter(12)  # another ZIP alone: the voter
        return
    assert found(con, name, address) is None
