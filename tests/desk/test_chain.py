"""The tamper-evident book: the hash chain per board, verify, digests, backups that verify."""

from __future__ import annotations

import glob
import json
import sqlite3
import subprocess
import uuid
from contextlib import closing
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from nyballot.filing import access
from nyballot.filing.backup import MAX_BACKUP
from nyballot.filing.chain import record_hash
from nyballot.filing.desk import Desk, Submission
from nyballot.filing.store import dispose_all
from nyballot.web import create_app

from .conftest import CliRun, DeskClock, postgres_url


def paper(board: str, name: str) -> Submission:
    return Submission(
        kind="designating_petition",
        board=board,
        year=2026,
        candidates=[{"name": name, "residence": "Main St"}],
        office="Member of Assembly",
        party="Democratic",
    )


def fill(desk: Desk) -> list[dict[str, object]]:
    """Five filings: albany #1, #2, erie #3, albany #4 (next day), erie #5 (next day)."""
    out = []
    for at, board, name in [
        ("2026-04-01T10:00:00-04:00", "albany", "A1"),
        ("2026-04-01T11:00:00-04:00", "albany", "A2"),
        ("2026-04-01T12:00:00-04:00", "erie", "E1"),
        ("2026-04-02T09:00:00-04:00", "albany", "A3"),
        ("2026-04-02T09:30:00-04:00", "erie", "E2"),
    ]:
        desk.clock = DeskClock(at)
        out.append(desk.submit(paper(board, name), "Ann")[0])
    return out


def tamper(desk: Desk, sql: str) -> None:
    """What someone with the database's password could do: lift the guard and rewrite."""
    with desk.engine.begin() as conn:
        if desk.engine.dialect.name == "sqlite":
            conn.execute(text("DROP TRIGGER filings_no_update"))
            conn.execute(text("DROP TRIGGER filings_no_delete"))
        else:
            conn.execute(text("ALTER TABLE filings DISABLE TRIGGER filings_append_only"))
        conn.execute(text(sql))


def test_each_board_is_one_chain_and_verifies(db_url: str) -> None:
    desk = Desk(db_url)
    r = fill(desk)
    assert [x["prev_hash"] for x in r] == ["", r[0]["hash"], "", r[1]["hash"], r[2]["hash"]]
    stored = desk.records()
    assert all(x["hash"] == y["hash"] for x, y in zip(r, stored, strict=True))
    assert desk.verify() == (5, None)
    with TestClient(create_app(db_url, rate=0)) as c:
        report = c.get("/book/verify").json()
        assert (report["ok"], report["records"], report["first_broken"]) == (True, 5, None)
        digests = c.get("/book").json()["digests"]
    # The last hash of each board's day: albany 04-01 is #2, 04-02 #4; erie #3 and #5.
    assert [(d["board"], d["day"], d["seq"]) for d in digests] == [
        ("albany", "2026-04-01", 2), ("albany", "2026-04-02", 4),
        ("erie", "2026-04-01", 3), ("erie", "2026-04-02", 5),
    ]  # fmt: skip
    assert digests[1]["hash"] == r[3]["hash"]


def test_a_rewritten_row_is_caught_by_verify(db_url: str, run: CliRun) -> None:
    desk = Desk(db_url)
    r = fill(desk)
    tamper(desk, f"UPDATE filings SET office = 'Mayor' WHERE uid = '{r[3]['uid']}'")
    broken = desk.verify()[1]
    assert broken is not None and (broken.board, broken.seq) == ("albany", 4)
    assert broken.reason == "its hash does not match its content"
    code, out, _ = run("desk", "verify", "--db", db_url)
    assert code == 1
    assert (
        out.splitlines()[0] == f"BROKEN: board albany, record #4 ({r[3]['uid']}): {broken.reason}"
    )
    with TestClient(create_app(db_url, rate=0)) as c:
        report = c.get("/book/verify").json()
    assert report["ok"] is False and report["first_broken"]["seq"] == 4


def test_a_rewritten_row_with_its_hash_recomputed_breaks_the_next(db_url: str) -> None:
    desk = Desk(db_url)
    r = fill(desk)
    with desk.engine.connect() as conn:
        row = dict(conn.execute(text("SELECT * FROM filings WHERE id = 1")).mappings().one())
    new_hash = record_hash({**row, "office": "Mayor"})
    tamper(desk, f"UPDATE filings SET office = 'Mayor', hash = '{new_hash}' WHERE id = 1")
    broken = desk.verify()[1]
    assert broken is not None and (broken.board, broken.seq) == ("albany", 2)
    assert broken.reason == "its previous hash does not match record #1"
    assert r[1]["prev_hash"] != new_hash


def test_a_deleted_row_breaks_the_chain_after_it(db_url: str, run: CliRun) -> None:
    desk = Desk(db_url)
    fill(desk)
    tamper(desk, "DELETE FROM filings WHERE id = 3")
    broken = desk.verify()[1]
    assert broken is not None and (broken.board, broken.seq) == ("erie", 5)
    assert broken.reason == "its previous hash does not match the start of the board's book"
    report = json.loads(run("desk", "verify", "--format", "json", "--db", db_url)[1])
    assert report["first_broken"]["seq"] == 5 and report["records"] == 4


def test_a_paper_follows_the_last_record_in_the_book_not_the_last_one_the_desk_saw(
    db_url: str,
) -> None:
    """The board's last hash is read in the paper's own transaction: a record gone behind the
    desk's back (here erie's last, deleted) is never chained to."""
    desk = Desk(db_url)
    records = fill(desk)
    tamper(desk, "DELETE FROM filings WHERE id = 5")
    desk.clock = DeskClock("2026-04-02T10:00:00-04:00")
    new = desk.submit(paper("erie", "E3"), "Ann")[0]
    assert new["prev_hash"] == records[2]["hash"]  # erie #3, now the board's last record
    assert desk.verify() == (5, None)
    logged = [e for e in access.read_log(desk.engine) if e["target"] == new["uid"]]
    assert [e["outcome"] for e in logged] == ["recorded"]


def test_two_desks_on_one_board_keep_one_chain(db_url: str) -> None:
    """Two desks over one book (two server processes, say), taking turns on one board: each
    one's idea of the board's last hash is out of date at every turn but the first."""
    desks = [Desk(db_url), Desk(db_url)]
    for i in range(6):
        desks[i % 2].submit(paper("albany", f"A{i}"), f"clerk-{i % 2}")
    records = desks[0].records()
    assert [r["prev_hash"] for r in records] == ["", *(r["hash"] for r in records[:-1])]
    assert desks[1].verify() == (6, None)
    assert len([e for e in access.read_log(desks[0].engine) if e["action"] == "file"]) == 6


def test_backup_and_restore_a_sqlite_book(tmp_path: Path, run: CliRun) -> None:
    live = f"sqlite:///{tmp_path / 'live.sqlite3'}"
    fill(Desk(live))
    copy = tmp_path / "backup.sqlite3"
    assert run("desk", "backup", str(copy), "--db", live)[1] == f"{copy}: 5 filings backed up\n"
    code, _, err = run("desk", "backup", str(copy), "--db", live)
    assert code == 2 and "already exists" in err
    restored = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    assert run("desk", "restore", str(copy), "--db", restored)[:2] == (
        0, f"{copy}: 5 filings restored\n"
    )  # fmt: skip
    assert (
        run("desk", "verify", "--db", restored)[1].splitlines()[0]
        == "ok: 5 records, every board's chain holds"
    )
    assert Desk(restored).records() == Desk(live).records()
    code, _, err = run("desk", "restore", str(copy), "--db", restored)
    assert code == 2 and "already holds 5 filings" in err
    dispose_all()


def test_a_broken_backup_is_not_restored(tmp_path: Path, run: CliRun) -> None:
    live = f"sqlite:///{tmp_path / 'live.sqlite3'}"
    desk = Desk(live)
    fill(desk)
    tamper(desk, "UPDATE filings SET party = 'Whig' WHERE id = 2")
    copy = tmp_path / "backup.sqlite3"
    run("desk", "backup", str(copy), "--db", live)
    code, _, err = run("desk", "restore", str(copy), "--db", f"sqlite:///{tmp_path / 'r.db'}")
    assert code == 2 and "chain is broken at record #2 of board albany" in err
    dispose_all()


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        pytest.skip(f"{name} not installed")
    return found[-1]


def test_pg_dump_and_pg_restore_keep_a_book_that_verifies(tmp_path: Path, run: CliRun) -> None:
    base = postgres_url()
    assert base is not None
    libpq = base.replace("postgresql+psycopg://", "postgresql://")
    schema, copy = "t_" + uuid.uuid4().hex[:12], "r_" + uuid.uuid4().hex[:12]
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
        conn.execute(text(f"CREATE DATABASE {copy}"))
    try:
        url = f"{base}?options=-csearch_path%3D{schema}"
        assert run("desk", "backup", str(tmp_path / "x"), "--db", url)[2].count("pg_dump") == 1
        fill(Desk(url))
        dump = tmp_path / "book.dump"
        # The README's commands: a custom-format dump, restored into an empty database.
        subprocess.run([_pg_bin("pg_dump"), "-Fc", "-n", schema, "-f", str(dump), libpq],
                       check=True, capture_output=True)  # fmt: skip
        target = libpq.rsplit("/", 1)[0] + f"/{copy}"
        subprocess.run([_pg_bin("pg_restore"), "--no-owner", "-d", target, str(dump)],
                       check=True, capture_output=True)  # fmt: skip
        restored = base.rsplit("/", 1)[0] + f"/{copy}?options=-csearch_path%3D{schema}"
        code, out, _ = run("desk", "verify", "--db", restored)
        assert (code, out.splitlines()[0]) == (0, "ok: 5 records, every board's chain holds")
    finally:
        dispose_all()
        with admin.connect() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
            conn.execute(text(f"DROP DATABASE IF EXISTS {copy} WITH (FORCE)"))
        admin.dispose()


def test_what_is_not_a_backup_is_refused_and_left_as_it_was(tmp_path: Path, run: CliRun) -> None:
    empty = tmp_path / "empty.bak"
    empty.touch()
    other = tmp_path / "other.sqlite3"
    with closing(sqlite3.connect(other)) as con:
        con.execute("CREATE TABLE notes (text)")
        con.commit()
    before = other.read_bytes()
    huge = tmp_path / "huge.bak"  # sparse: past the cap without writing 4 GiB to disk
    with huge.open("wb") as f:
        f.truncate(MAX_BACKUP + 1)
    target = ("--db", f"sqlite:///{tmp_path / 'r.sqlite3'}")
    refused = [(empty, "not a backup of a book"), (other, "not a backup of a book"),
               (Path("/dev/zero"), "not a file"), (tmp_path / "gone", "no such file"),
               (huge, "larger than 4 GiB, the most a backup is read for")]  # fmt: skip
    for path, why in refused:
        code, out, err = run("desk", "restore", str(path), *target)
        assert (code, out) == (2, "") and err.startswith(f"nyballot: error: {path}: {why}")
        assert err.count("\n") == 1
    assert empty.read_bytes() == b"" and other.read_bytes() == before
    dispose_all()


def test_a_board_s_last_records_deleted_are_caught_by_a_kept_digest(
    db_url: str, run: CliRun
) -> None:
    desk = Desk(db_url)
    fill(desk)
    kept = [d["hash"] for d in Desk(db_url).records() if d["seq"] in (3, 5)]  # erie's digests
    code, out, _ = run("desk", "verify", "--db", db_url, *(f"--digest={h}" for h in kept))
    assert code == 0
    assert out.splitlines()[3:] == [
        f"digest {kept[0]}: record #3 of erie bears it",
        f"digest {kept[1]}: record #5 of erie bears it",
    ]
    # Erie's last record removed: the chain alone still holds (nothing follows it) ...
    tamper(desk, "DELETE FROM filings WHERE id = 5")
    assert desk.verify() == (4, None)
    # ... but the digest kept of erie's 04-02 is no longer in the book.
    code, out, _ = run("desk", "verify", "--db", db_url, "--digest", kept[1].upper())
    assert code == 1
    assert out.splitlines()[-1] == (
        f"NOT IN THE BOOK: digest {kept[1]}: a record up to it was rewritten or removed"
    )
    with TestClient(create_app(db_url, rate=0)) as c:
        report = c.get("/book/verify", params={"digest": kept}).json()
        assert report["ok"] is False and report["first_broken"] is None
        assert [x["found"] for x in report["digests"]] == [True, False]
        assert c.get("/book/verify?digest=abc").status_code == 400
    code, _, err = run("desk", "verify", "--db", db_url, "--digest", "abc")
    assert code == 2 and err.startswith("nyballot: error: --digest 'abc': expected")


def test_a_book_that_is_not_there_is_not_backed_up(tmp_path: Path, run: CliRun) -> None:
    # A mistyped path: opening it would create an empty book there, and back up nothing.
    typo = tmp_path / "bokk.sqlite3"
    code, _, err = run("desk", "backup", str(tmp_path / "b.bak"), "--db", f"sqlite:///{typo}")
    assert code == 2
    assert err == f"nyballot: error: backup: no book at {typo} (no such file); nothing done\n"
    assert not typo.exists() and not (tmp_path / "b.bak").exists()
