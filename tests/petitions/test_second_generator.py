"""The second labelled generator (benchmarks/second_generator.py): the same seed makes the same
file and lines, the file is one ``nyballot voters import`` takes, and every kind of line is
there with the voter it names (or none), that voter being what the kind says."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import duckdb
import pytest

from nyballot.petitions.parse import parse_address, parse_name
from nyballot.voters.layout import FIELDS_47
from nyballot.voters.normal import norm
from nyballot.voters.store import connect

from .benchmark_module import load

pytest.importorskip("faker")
pytest.importorskip("anyascii")
# The generator hands DuckDB its name pools as Python lists, which DuckDB binds an element at a
# time, looking for pandas each time where it is not installed (the bench extra brings it):
# minutes instead of seconds.
pytest.importorskip("pandas")


gen = load("second_generator")
VOTERS, LINES = 20_000, 700


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Any]]:
    folder = tmp_path_factory.mktemp("second")
    source, db = gen.build(folder, VOTERS)
    return source, gen.make_lines(db, LINES)


@pytest.fixture(scope="module")
def store(
    made: tuple[Path, list[Any]], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[duckdb.DuckDBPyConnection]:
    from nyballot.voters.store import import_file

    path = tmp_path_factory.mktemp("store") / "voters.duckdb"
    import_file(made[0], str(path), date=dt.date(2026, 1, 5))
    con = connect(path, read_only=True)
    yield con
    con.close()


def test_the_same_seed_makes_the_same_file_and_lines(tmp_path: Path) -> None:
    first, first_db = gen.build(tmp_path / "a", 3_000, seed=7)
    again, again_db = gen.build(tmp_path / "b", 3_000, seed=7)
    other, _ = gen.build(tmp_path / "c", 3_000, seed=8)
    assert first.read_bytes() == again.read_bytes()
    assert first.read_bytes() != other.read_bytes()
    assert gen.make_lines(first_db, 120, seed=7) == gen.make_lines(again_db, 120, seed=7)


def test_the_file_is_the_state_layout_and_imports(
    made: tuple[Path, list[Any]], run_cli: Callable[..., tuple[int, str, str]], tmp_path: Path
) -> None:
    assert gen.FIELDS == FIELDS_47
    raw = made[0].read_bytes()
    rows = raw.decode("latin-1").splitlines()
    assert raw.isascii()  # so the same bytes in UTF-8 and ISO-8859-1
    field = r'"[^"]*"'
    assert all(re.fullmatch(rf"{field}(,{field}){{46}}", row) for row in rows)
    duplicates = sum(',"DUPLICATE",' in row for row in rows)
    assert len(rows) == VOTERS + duplicates and duplicates > 0
    code, out, _ = run_cli(
        "voters", "import", str(made[0]), "--db", str(tmp_path / "v.duckdb"),
        "--date", "2026-01-05",
    )  # fmt: skip
    assert code == 0
    assert f"{len(rows):,} records of 2026-01-05 (date as given), 47 fields" in out


def _record(con: duckdb.DuckDBPyConnection, sboeid: str) -> dict[str, Any]:
    cursor = con.execute("SELECT * FROM voters WHERE SBOEID = ?", [sboeid])
    names = [d[0] for d in cursor.description]
    row = cursor.fetchone()
    assert row is not None, sboeid
    return dict(zip(names, row, strict=True))


def _words(text: str) -> list[str]:
    """A name's words folded (accents off, capitals), hyphens and apostrophes taken as spaces."""
    return norm(text.replace("-", " ").replace("'", " ")).split()


def _name(line: Any) -> list[str]:
    """The words of a line's name, without a generation written last."""
    words = _words(line.name)
    return words[:-1] if words[-1] in ("JR", "SR", "II", "III", "IV") else words


def _holds(words: list[str], part: list[str]) -> bool:
    return any(words[i : i + len(part)] == part for i in range(len(words)))


# What the voter of each kind's lines is, and what the line makes of the voter's name or
# address: each a test that fails if the kind is not what it says.
CHECKS: dict[str, Callable[[Any, dict[str, Any]], bool]] = {
    "spaced surname copied exactly": lambda x, v: (
        " " in v["LASTNAME"] and norm(v["LASTNAME"]) in norm(x.name)
    ),
    "hyphenated surname copied exactly": lambda x, v: (
        "-" in v["LASTNAME"] and _holds(_words(x.name), _words(v["LASTNAME"])) and "-" in x.name
    ),
    "first part of two surnames": lambda x, v: (
        len(_words(v["LASTNAME"])) == 2 and _name(x)[-1] == _words(v["LASTNAME"])[0]
    ),
    "second part of two surnames": lambda x, v: (
        len(_words(v["LASTNAME"])) == 2 and _name(x)[-1] == _words(v["LASTNAME"])[1]
    ),
    # another surname, of one word or more, after the file's
    "second surname added": lambda x, v: (
        len(_words(v["LASTNAME"])) == 1 and v["LASTNAME"] in _name(x)[1:-1]
    ),
    "previous surname (PREVNAME)": lambda x, v: (
        bool(v["PREVNAME"])
        and _holds(_words(v["PREVNAME"]), _name(x)[-1:])
        and not _holds(_name(x), _words(v["LASTNAME"]))
    ),
    "goes by middle name": lambda x, v: (
        len(v["MIDDLENAME"]) > 1 and _name(x)[0] == _words(v["MIDDLENAME"])[0]
    ),
    "voter with a purged duplicate": lambda x, v: v["STATUS"] != "P",
    "numbered street without type": lambda x, v: (
        v["RSTREETNAME"][0].isdigit() and not re.search(r"(?i)\b(st|street)\b", x.address)
    ),
    "house number letter for digit": lambda x, v: (
        bool(re.match(r"\S*[SOlIB]", x.address))
        and x.address.split(" ")[0].translate(str.maketrans("SOlIB", "50118")) == v["RADDNUMBER"]
    ),
    "unit: floor": lambda x, v: v["RAPARTMENTTYPE"] == "FL",
    "unit: Rear or Bsmt": lambda x, v: v["RAPARTMENTTYPE"] in ("REAR", "BSMT"),
    "unit: PH or Penthouse": lambda x, v: v["RAPARTMENTTYPE"] == "PH",
    "enrolled in another party": lambda x, v: v["ENROLLMENT"] != "DEM",
    "purged (not a duplicate)": lambda x, v: v["STATUS"] == "P",
}


def test_every_kind_is_there_with_its_voter(
    made: tuple[Path, list[Any]], store: duckdb.DuckDBPyConnection
) -> None:
    lines = made[1]
    assert {x.kind for x in lines} == set(gen.KINDS)
    for line in lines:
        if line.truth is None:
            assert line.kind in ("moved (no voter)", "not registered (no voter)")
            assert not line.valid
            continue
        voter = _record(store, line.truth)
        may_sign = voter["STATUS"] != "P" and voter["ENROLLMENT"] == "DEM"
        assert line.valid == may_sign, line
        check = CHECKS.get(line.kind)
        assert check is None or check(line, voter), (line, voter)


def test_a_purged_duplicate_is_the_same_person_at_the_same_address(
    made: tuple[Path, list[Any]], store: duckdb.DuckDBPyConnection
) -> None:
    same = ("LASTNAME", "FIRSTNAME", "MIDDLENAME", "DOB", "RADDNUMBER", "RSTREETNAME",
            "RAPARTMENT")  # fmt: skip
    for line in made[1]:
        if line.kind != "voter with a purged duplicate":
            continue
        voter = _record(store, line.truth)
        twins = store.execute(
            "SELECT SBOEID FROM voters WHERE STATUS = 'P' AND REASONCODE = 'DUPLICATE' AND "
            + " AND ".join(f"{f} IS NOT DISTINCT FROM ?" for f in same),
            [voter[f] for f in same],
        ).fetchall()
        assert len(twins) == 1 and twins[0][0] != line.truth


def test_nobody_of_a_strangers_name_lives_at_the_address(
    made: tuple[Path, list[Any]], store: duckdb.DuckDBPyConnection
) -> None:
    """A moved or unregistered signer's line names nobody on file at its house."""
    for line in made[1]:
        if line.truth is not None:
            continue
        name, address = parse_name(line.name), parse_address(line.address)
        found = store.execute(
            "SELECT count(*) FROM voters WHERE house_n = ? AND street_key = ? AND first_n = ? "
            "AND last_n = ?",
            [address.house, address.street_key, name.first, name.last],
        ).fetchone()
        assert found == (0,), line
