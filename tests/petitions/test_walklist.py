"""The canvassers' walk list: the voters of the party in the unit who may sign, by street and
house, as a spreadsheet's CSV and a printed PDF; never a date of birth. Every expected list is
worked out by hand from the records below (tests/petitions/voterfile.py gives the rest of each:
active, enrolled DEM, registered 2010, Yonkers, AD 7; the file is of 2026-01-05)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from nyballot.cli import main
from nyballot.errors import UsageError
from nyballot.petitions.walklist import WalkList, as_csv, as_html, rows, walk_list
from nyballot.voters.store import connect

from .voterfile import store

# A birth date no output may show, in any of its spellings.
BORN = {"DOB": "19450317"}
VOTERS = [
    {"LASTNAME": "RUIZ", "FIRSTNAME": "ANA", "RADDNUMBER": "12", "RSTREETNAME": "MAIN ST", **BORN},
    {"LASTNAME": "COLE", "FIRSTNAME": "BEN", "RADDNUMBER": "12", "RSTREETNAME": "MAIN ST",
     "RAPARTMENT": "2"},
    {"LASTNAME": "DIAZ", "FIRSTNAME": "CARL", "MIDDLENAME": "J", "RADDNUMBER": "4",
     "RSTREETNAME": "MAIN ST"},
    {"LASTNAME": "EVANS", "FIRSTNAME": "DORA", "RADDNUMBER": "3", "RSTREETNAME": "ELM ST"},
    # Not on the list: another party, inactive, purged, pre-registered, another district.
    {"LASTNAME": "FOX", "FIRSTNAME": "ED", "RADDNUMBER": "5", "RSTREETNAME": "MAIN ST",
     "ENROLLMENT": "REP"},
    {"LASTNAME": "GRAY", "FIRSTNAME": "FAY", "RADDNUMBER": "5", "RSTREETNAME": "MAIN ST",
     "STATUS": "I"},
    {"LASTNAME": "HILL", "FIRSTNAME": "GUS", "RADDNUMBER": "6", "RSTREETNAME": "MAIN ST",
     "STATUS": "P", "PURGE_DATE": "20230429"},
    {"LASTNAME": "IVES", "FIRSTNAME": "HAL", "RADDNUMBER": "6", "RSTREETNAME": "MAIN ST",
     "STATUS": "17"},
    {"LASTNAME": "JUNG", "FIRSTNAME": "IDA", "RADDNUMBER": "8", "RSTREETNAME": "MAIN ST",
     "AD": "8"},
    # On the list: the district written "07" is AD 7; a half number is its own house.
    {"LASTNAME": "KING", "FIRSTNAME": "JO", "RADDNUMBER": "12", "RSTREETNAME": "MAIN ST",
     "RAPARTMENT": "1", "AD": "07"},
    {"LASTNAME": "LOPEZ", "FIRSTNAME": "KAY", "RADDNUMBER": "12", "RHALFCODE": "1/2",
     "RSTREETNAME": "MAIN ST"},
    # Active and of the party in the unit, but registered after the file's day: may not sign.
    {"LASTNAME": "MOORE", "FIRSTNAME": "LEN", "RADDNUMBER": "20", "RSTREETNAME": "MAIN ST",
     "REGDATE": "20260201"},
    # A name a spreadsheet would run as a formula is written as text.
    {"LASTNAME": "=1+1", "FIRSTNAME": "MAX", "RADDNUMBER": "9", "RSTREETNAME": "OAK AVE"},
]  # fmt: skip
# By hand: Yonkers' streets in order (ELM ST, MAIN ST, OAK AVE, PEARL ST: the sheets' witness,
# Iris Grant, is a DEM voter of AD 7 too), houses by number (4, 12, 12 1/2), at a house the
# voter without an apartment first, then apartments 1 and 2.
WALK = [
    ("ELM ST", "3", "", "EVANS", "DORA"),
    ("MAIN ST", "4", "", "DIAZ", "CARL"),
    ("MAIN ST", "12", "", "RUIZ", "ANA"),
    ("MAIN ST", "12", "1", "KING", "JO"),
    ("MAIN ST", "12", "2", "COLE", "BEN"),
    ("MAIN ST", "12 1/2", "", "LOPEZ", "KAY"),
    ("OAK AVE", "9", "", "=1+1", "MAX"),
    ("PEARL ST", "30", "", "GRANT", "IRIS"),
]
AD7 = (("AD", "7"),)


@pytest.fixture(scope="module")
def voters(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return store(tmp_path_factory.mktemp("walk"), VOTERS)


def _walk(path: Path, party: str = "DEM", units: tuple[tuple[str, str], ...] = AD7) -> WalkList:
    con = connect(path, read_only=True)
    try:
        return walk_list(con, party, units, 2026)
    finally:
        con.close()


def test_the_voters_who_may_sign_are_listed_by_street_and_house(voters: Path) -> None:
    walk = _walk(voters)
    got = [(r[0], r[2], r[3], r[4], r[5]) for r in rows(walk)]
    assert got == WALK
    assert walk.count == 8
    # MOORE is the one active DEM voter of AD 7 left out: registered after the file's day.
    assert walk.left_out == 1
    main_st = walk.streets[1]
    assert (main_st.name, main_st.city, main_st.count) == ("MAIN ST", "YONKERS", 5)
    assert [h.number for h in main_st.houses] == ["4", "12", "12 1/2"]


def test_the_csv_opens_in_a_spreadsheet_and_never_shows_a_birth_date(voters: Path) -> None:
    text = as_csv(_walk(voters))
    assert text.startswith("\ufeffstreet,city,house,apartment,last_name,first_name")
    assert text.count("\r\n") == 1 + 8  # the header and a line per voter
    assert "'=1+1" in text  # shown as text, never run
    for dob in ("19450317", "1945-03-17", "03/17/1945", "19800101", "1980-01-01"):
        assert dob not in text


def test_the_html_says_who_may_sign_with_the_words_of_the_law(voters: Path) -> None:
    import datetime as dt

    html = as_html(_walk(voters), dt.date(2026, 1, 6))
    # 2026 designating petitions: signing Feb 24 to Apr 2 (tests/golden/calendar/2026.yaml).
    assert "Signing period 2026-02-24" in html and "to 2026-04-02" in html
    assert "§ 6-136(2)" in html and "of the then enrolled voters of the party" in html
    assert "1 other active voter(s) of the party in the unit may not sign" in html
    assert "1945" not in html and "1980" not in html


@pytest.mark.parametrize(
    ("party", "units", "message"),
    [
        ("DEM", (("AD", "9"),), "party DEM, unit AD=9: no active voter of the party in the unit"),
        ("GRN", AD7, "party GRN, unit AD=7: no active voter"),
        ('D"M', AD7, "party 'D\"M': expected a party's code"),
        ("DEM", (), "unit: give the unit the petition is for"),
    ],
)
def test_a_list_of_nobody_is_refused_in_one_line(
    voters: Path, party: str, units: tuple[tuple[str, str], ...], message: str
) -> None:
    with pytest.raises(UsageError) as refused:
        _walk(voters, party, units)
    assert str(refused.value).startswith(message)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--unit", "XX=71"], "--unit XX: expected one of COUNTYCODE, AD, SD, CD, LD, ED"),
        (["--unit", "AD"], "--unit 'AD': expected FIELD=VALUE"),
        (["--unit", "AD=7", "--db", "missing.duckdb"],
         "voter store 'missing.duckdb': no voter file imported"),
    ],
)  # fmt: skip
def test_bad_input_exits_2_with_one_line(
    args: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        main(["voters", "walklist", "--party", "DEM", *args])
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"nyballot: error: {message}"), err


def test_the_command_writes_the_csv_and_says_how_many(
    voters: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ad7.csv"
    main(["voters", "walklist", "--party", "dem", "--unit", "AD=7", "--db", str(voters),
          "--year", "2026", "-o", str(out)])  # fmt: skip
    assert capsys.readouterr().out == f"{out}: 8 voters on 4 streets (csv)\n"
    body = out.read_bytes().decode("utf-8")
    assert body.splitlines()[1].startswith("ELM ST,YONKERS,3,,EVANS,DORA,")


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler's pdftotext")
def test_the_pdf_prints_the_list_in_walking_order(voters: Path, tmp_path: Path) -> None:
    out = tmp_path / "ad7.pdf"
    main(["voters", "walklist", "--party", "DEM", "--unit", "AD=7", "--db", str(voters),
          "--year", "2026", "--format", "pdf", "-o", str(out)])  # fmt: skip
    assert out.read_bytes().startswith(b"%PDF-")
    text = subprocess.run(
        ["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True
    ).stdout
    names = ["EVANS, DORA", "DIAZ, CARL J", "RUIZ, ANA", "KING, JO", "COLE, BEN", "LOPEZ, KAY",
             "GRANT, IRIS"]  # fmt: skip
    places = [text.index(n) for n in names]
    assert places == sorted(places)
    assert "MOORE" not in text and "FOX" not in text and "1945" not in text
