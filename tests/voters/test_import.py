"""Importing a voter file: the layout, the date, atomicity, and every refusal naming the line."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest

from nyballot.errors import UsageError
from nyballot.voters.layout import FIELDS_45, FIELDS_47
from nyballot.voters.sample import write_sample
from nyballot.voters.scan import MAX_LINE
from nyballot.voters.store import import_file, opened, voter_file

Run = Callable[..., tuple[int, str, str]]


def record(layout: tuple[str, ...] = FIELDS_47, **values: str) -> str:
    row = dict.fromkeys(layout, "")
    row.update(LASTNAME="RUIZ", FIRSTNAME="ANA", RADDNUMBER="40", RSTREETNAME="GRAND ST",
               ENROLLMENT="DEM", STATUS="A", REGDATE="20100101", SBOEID="NY1")  # fmt: skip
    row.update(values)
    return ",".join(f'"{row[k]}"' for k in layout) + "\r\n"


def write(path: Path, *lines: str) -> Path:
    path.write_bytes("".join(lines).encode("latin-1"))
    return path


def test_the_date_comes_from_the_file_name(tmp_path: Path) -> None:
    source = write(tmp_path / "AllNYSVoters_20260105.txt", record(), record(SBOEID="NY2"))
    info = import_file(source, str(tmp_path / "v.duckdb"))
    assert (info.date, info.date_source, info.records, info.fields) == (
        dt.date(2026, 1, 5), "file name", 2, 47,
    )  # fmt: skip


def test_an_older_45_field_file_is_read_by_its_field_count(tmp_path: Path) -> None:
    source = write(tmp_path / "old.txt", record(FIELDS_45, RAPARTMENT="3B"))
    import_file(source, str(tmp_path / "v.duckdb"), date=dt.date(2020, 1, 1))
    with opened(str(tmp_path / "v.duckdb")) as con:
        row = con.execute("SELECT RAPARTMENT, RSTREETNAME, RAPARTMENTTYPE FROM voters").fetchone()
        assert voter_file(con).fields == 45
    assert row == ("3B", "GRAND ST", None)


def test_latin_1_names_are_read_as_latin_1(tmp_path: Path) -> None:
    source = write(tmp_path / "v.txt", record(LASTNAME="PEÑA"))
    import_file(source, str(tmp_path / "v.duckdb"), date=dt.date(2026, 1, 5))
    with opened(str(tmp_path / "v.duckdb")) as con:
        assert con.execute("SELECT LASTNAME, last_n FROM voters").fetchone() == ("PEÑA", "PENA")


BAD: list[tuple[str, list[str], str]] = [
    ("wrong field count", [record(), '"A","B"\r\n'], "line 2: 2 fields; expected 47"),
    ("bad date", [record(), record(DOB="19991340")], "line 2: DOB '19991340' is not a date"),
    ("short first line", ['"A","B","C"\r\n'], "line 1: 3 fields; expected 47"),
    ("unclosed quote", [record(), record(), '"unterminated,\r\n'], "line 3: an unclosed quote \\("),
    ("lone quote", [record(), record(LASTNAME='RU"IZ')], "bad.txt: line 2: an unclosed quote"),
    ("NUL byte", [record(), record(), record(LASTNAME="A\0B")], "line 3: a NUL byte"),
    ("long line", [record(), record(VOTERHISTORY="x" * (MAX_LINE + 1))], "line 2: longer than"),
]


@pytest.mark.parametrize(("lines", "message"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_a_malformed_file_is_refused_naming_the_line_and_nothing_changes(
    tmp_path: Path, lines: list[str], message: str
) -> None:
    db = tmp_path / "v.duckdb"
    import_file(write(tmp_path / "good.txt", record()), str(db), date=dt.date(2025, 1, 1))
    before = db.read_bytes()
    with pytest.raises(UsageError, match=message):
        import_file(write(tmp_path / "bad.txt", *lines), str(db), replace=True)
    assert db.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["bad.txt", "good.txt", "v.duckdb"]


def test_a_store_that_holds_a_file_needs_replace(tmp_path: Path) -> None:
    db = str(tmp_path / "v.duckdb")
    import_file(write(tmp_path / "a.txt", record()), db, date=dt.date(2025, 1, 1))
    with pytest.raises(UsageError, match="replace: give it to replace the store"):
        import_file(write(tmp_path / "b.txt", record()), db)


def test_replacing_the_file_keeps_the_reviews(tmp_path: Path) -> None:
    db = str(tmp_path / "v.duckdb")
    import_file(write(tmp_path / "a.txt", record()), db, date=dt.date(2025, 1, 1))
    with opened(db, read_only=False) as con:
        con.execute(
            "INSERT INTO petition_signers (petition, sboeid, sheet, line) "
            "VALUES ('P1', 'NY1', 1, 1)"
        )
    import_file(write(tmp_path / "b.txt", record(), record(SBOEID="NY2")), db, replace=True,
                date=dt.date(2026, 1, 5))  # fmt: skip
    with opened(db) as con:
        assert voter_file(con).records == 2
        assert con.execute("SELECT petition FROM petition_signers").fetchall() == [("P1",)]


def test_the_cli_imports_with_progress_and_refuses_in_one_line(
    tmp_path: Path, run_cli: Run
) -> None:
    db = str(tmp_path / "v.duckdb")
    source = write(tmp_path / "AllNYSVoters_20260105.txt", record())
    code, out, err = run_cli("voters", "import", str(source), "--db", db)
    assert code == 0
    assert "1 records of 2026-01-05" in out
    assert "checked 100%" in err
    code, out, err = run_cli("voters", "import", str(tmp_path / "missing.txt"), "--db", db,
                             "--replace")  # fmt: skip
    assert code == 2
    assert err.count("\n") == 1 and "missing.txt" in err and "Traceback" not in err


def test_an_unclosed_quote_is_one_line_in_plain_words(tmp_path: Path, run_cli: Run) -> None:
    db = tmp_path / "v.duckdb"
    source = write(tmp_path / "q.txt", record(), record(SBOEID="NY2"), '"unterminated,\r\n')
    code, out, err = run_cli("voters", "import", str(source), "--date", "2026-01-01", "--db",
                             str(db))  # fmt: skip
    assert (code, out) == (2, "")
    # Progress lines come first on stderr; the refusal is the one line after them.
    assert err.endswith(
        f"\n  loading 47-field records\nnyballot: error: {source}: line 3: an unclosed quote "
        "(a quote inside a quoted field is written twice)\n"
    )
    assert not db.exists()  # nothing imported, no store left behind


def test_a_sample_is_the_same_for_the_same_seed(tmp_path: Path, run_cli: Run) -> None:
    one = run_cli("voters", "sample", "--voters", "300", "--seed", "7")[1]
    two = run_cli("voters", "sample", "--voters", "300", "--seed", "7")[1]
    other = run_cli("voters", "sample", "--voters", "300", "--seed", "8")[1]
    assert one == two != other
    assert one.count("\n") == 300
    source = tmp_path / "sample.txt"
    source.write_bytes(one.encode("utf-8", "surrogateescape"))
    info = import_file(source, str(tmp_path / "v.duckdb"), date=dt.date(2026, 1, 5))
    assert (info.records, info.fields) == (300, 47)


def test_a_store_that_is_not_a_store_is_refused_before_the_file_is_read(
    run_cli: Run, tmp_path: Path
) -> None:
    voters = tmp_path / "voters.txt"
    assert run_cli("voters", "sample", "--voters", "50", "-o", str(voters))[0] == 0
    folder = tmp_path / "folder"
    folder.mkdir()
    code, _, err = run_cli("voters", "import", str(voters), "--db", str(folder), "--replace")
    assert (code, err) == (2, f"nyballot: error: voter store '{folder}': not a file\n")
    # The voter file itself given as the store: refused, and left as it was (never replaced).
    before = voters.read_bytes()
    code, _, err = run_cli("voters", "import", str(voters), "--db", str(voters), "--replace")
    assert code == 2 and err.count("\n") == 1 and "cannot open" in err, err
    assert voters.read_bytes() == before
    assert not list(tmp_path.glob(".*importing*"))


def test_a_store_made_before_a_kept_table_existed_is_replaced(tmp_path: Path) -> None:
    voters, store = tmp_path / "voters.txt", tmp_path / "voters.duckdb"
    with voters.open("wb") as out:
        write_sample(30, 1, out)
    import_file(voters, str(store), date=dt.date(2026, 1, 5))
    con = duckdb.connect(str(store))
    con.execute("INSERT INTO reviews VALUES ('r1', '2026-03-01', 'a review', '{}')")
    con.execute("DROP TABLE petition_signers")  # as a store of an earlier version had none
    con.close()
    import_file(voters, str(store), replace=True, date=dt.date(2026, 2, 5))
    with opened(str(store)) as con:
        assert voter_file(con).date == dt.date(2026, 2, 5)
        assert con.execute("SELECT id FROM reviews").fetchall() == [("r1",)]
        assert con.execute("SELECT count(*) FROM petition_signers").fetchone() == (0,)
