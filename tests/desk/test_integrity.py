"""verify, backup and restore look for a book before they open one, and ask the database
whether the file is sound before they say ok."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from nyballot.filing.desk import Desk
from nyballot.filing.store import dispose_all

from .conftest import CliRun
from .test_chain import fill


@pytest.mark.parametrize("command", ["verify", "backup", "restore"])
def test_a_mistyped_path_is_refused_and_no_book_is_made(
    tmp_path: Path, run: CliRun, command: str
) -> None:
    # Before, verify opened the path, made an empty book there and said "ok: 0 records".
    typo = tmp_path / "bokk.sqlite3"
    args = {"verify": [], "backup": [str(tmp_path / "b.bak")], "restore": [str(typo)]}[command]
    code, out, err = run("desk", command, *args, "--db", f"sqlite:///{typo}")
    assert (code, out) == (2, "")
    expected = {
        "verify": f"verify: no book at {typo} (no such file); nothing done",
        "backup": f"backup: no book at {typo} (no such file); nothing done",
        "restore": f"{typo}: no such file",
    }[command]
    assert err == f"nyballot: error: {expected}\n"
    assert not typo.exists() and not (tmp_path / "b.bak").exists()


def test_a_file_that_holds_no_book_is_not_verified_or_made_into_one(
    tmp_path: Path, run: CliRun
) -> None:
    other = tmp_path / "other.sqlite3"
    with closing(sqlite3.connect(other)) as con:
        con.execute("CREATE TABLE notes (x)")
    code, out, err = run("desk", "verify", "--db", f"sqlite:///{other}")
    assert (code, out) == (2, "")
    assert err == (
        f"nyballot: error: verify: no book at {other} (no table of filings in it); nothing done\n"
    )
    with closing(sqlite3.connect(other)) as con:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    assert tables == ["notes"]


def _malformed(tmp_path: Path) -> Path:
    """A book whose chain holds but whose file SQLite reports malformed: the index on
    refers_to is made to describe another column, so its entries no longer match the rows."""
    path = tmp_path / "damaged.sqlite3"
    fill(Desk(f"sqlite:///{path}"))
    dispose_all()
    with closing(sqlite3.connect(path)) as con:
        con.execute("PRAGMA writable_schema = ON")
        con.execute(
            "UPDATE sqlite_master SET sql = 'CREATE INDEX ix_filings_refers_to ON filings (kind)'"
            " WHERE name = 'ix_filings_refers_to'"
        )
        con.commit()
    with closing(sqlite3.connect(path)) as con:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] != "ok"
    return path


def test_a_malformed_book_fails_verify(tmp_path: Path, run: CliRun) -> None:
    # Before: "ok: 5 records, every board's chain holds", exit 0.
    path = _malformed(tmp_path)
    code, out, _ = run("desk", "verify", "--db", f"sqlite:///{path}")
    assert code == 1
    assert out.startswith("DAMAGED: the database's integrity check reports: ")
    assert "ok:" not in out


def test_a_malformed_backup_is_not_restored(tmp_path: Path, run: CliRun) -> None:
    path = _malformed(tmp_path)
    target = tmp_path / "restored.sqlite3"
    code, out, err = run("desk", "restore", str(path), "--db", f"sqlite:///{target}")
    assert (code, out) == (2, "")
    assert err.startswith(f"nyballot: error: {path} is damaged (integrity check: ")
    assert err.endswith("); not restored\n") and err.count("\n") == 1
    assert not target.exists()


def test_a_malformed_book_is_not_backed_up(tmp_path: Path, run: CliRun) -> None:
    path = _malformed(tmp_path)
    copy = tmp_path / "copy.bak"
    code, _, err = run("desk", "backup", str(copy), "--db", f"sqlite:///{path}")
    assert code == 2
    assert err.startswith(f"nyballot: error: backup: the book at {path} is damaged")
    assert not copy.exists()


def test_a_sound_book_verifies_with_its_integrity(db_url: str, run: CliRun) -> None:
    fill(Desk(db_url))
    code, out, _ = run("desk", "verify", "--db", db_url, "--format", "json")
    assert code == 0 and '"integrity":[]' in out.replace(" ", "")
