"""Records signed with the board's key: a record written into the database by someone without
the key fails verify, however correct its hash; seq is covered; the access log is a chain; a
book made before keys existed still verifies, its records reported unsigned."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import create_engine, text

from nyballot.errors import UsageError
from nyballot.filing.chain import CHAINED, record_hash
from nyballot.filing.desk import Desk
from nyballot.filing.keys import BoardKey, load_key, new_key
from nyballot.filing.store import _config, dispose_all

from .conftest import CliRun
from .test_chain import fill, paper, tamper


@pytest.fixture
def key(tmp_path: Path) -> BoardKey:
    return new_key(tmp_path / "board.key")


def _last(desk: Desk) -> dict[str, Any]:
    with desk.engine.connect() as conn:
        return dict(conn.execute(text("SELECT * FROM filings ORDER BY id DESC")).mappings().first())


def _forge(desk: Desk, **changes: Any) -> dict[str, Any]:
    """What someone who can write to the database but lacks the key can do: append a record
    after the board's last, backdated eight months, with a hash that is correct for it."""
    last = _last(desk)
    row = {**last, "id": last["id"] + 1, "uid": str(uuid.uuid4()), "idempotency_key": None,
           "prev_hash": last["hash"], "received_at": "2025-08-01T10:00:00-04:00",
           "recorded_at": "2025-08-01T10:00:00-04:00", "note": "forged"}  # fmt: skip
    row.update(changes)
    row["hash"] = record_hash(row)
    with desk.engine.begin() as conn:
        _insert(conn, row)
    return row


def _insert(conn: Any, row: dict[str, Any]) -> None:
    values = ", ".join(":" + c for c in row)
    conn.execute(text(f"INSERT INTO filings ({', '.join(row)}) VALUES ({values})"), row)


def test_every_record_is_signed_and_verifies(db_url: str, key: BoardKey) -> None:
    desk = Desk(db_url, key=key)
    records = fill(desk)
    assert {r["key_id"] for r in records} == {key.id}
    report = desk.verification()
    assert (report["records"], report["break"], report["signed"]) == (5, None, 5)
    assert report["keys"][0]["public_key"] == key.public_hex


@pytest.mark.parametrize(
    ("forgery", "reason"),
    [
        ({"signature": None, "key_id": None}, "it is unsigned after signed records"),
        ({"form": 1, "signature": None, "key_id": None}, "it is in the old form"),
        ({}, "its signature is not the board's"),  # the last record's signature, copied
    ],
)
def test_a_record_forged_without_the_key_fails_verify(
    db_url: str, key: BoardKey, forgery: dict[str, Any], reason: str
) -> None:
    # Before: a record appended with a correct hash passed verify and every kept digest.
    desk = Desk(db_url, key=key)
    fill(desk)
    forged = _forge(desk, **forgery)
    broken = desk.verify()[1]
    assert broken is not None and broken.uid == forged["uid"]
    assert broken.reason.startswith(reason)


def test_a_key_of_the_forger_s_own_fails_against_the_published_key(
    db_url: str, key: BoardKey, tmp_path: Path, run: CliRun
) -> None:
    desk = Desk(db_url, key=key)
    fill(desk)
    forger = new_key(tmp_path / "forger.key")
    Desk(db_url, key=forger)  # the forger's key, stored in the book beside the board's
    forged = _forge(desk, key_id=forger.id, signature=None)
    signature = forger.sign(forged["hash"])
    tamper(desk, f"UPDATE filings SET signature = '{signature}' WHERE uid = '{forged['uid']}'")
    code, out, _ = run("desk", "verify", "--db", db_url, "--public-key", key.public_hex)
    assert code == 1
    assert out.splitlines()[0].endswith(f"it is signed by key {forger.id}, not the board's key")


def test_seq_is_covered_by_the_hash(db_url: str, key: BoardKey) -> None:
    desk = Desk(db_url, key=key)
    r = fill(desk)
    tamper(desk, f"UPDATE filings SET id = 50 WHERE uid = '{r[4]['uid']}'")
    broken = desk.verify()[1]
    assert broken is not None and (broken.seq, broken.reason) == (
        50,
        "its hash does not match its content",
    )


def test_the_access_log_is_a_chain(db_url: str, run: CliRun) -> None:
    desk = Desk(db_url)
    fill(desk)
    assert desk.verification()["access_log"] == {"lines": 5, "first_broken": None}
    with desk.engine.begin() as conn:
        conn.execute(text("UPDATE access_log SET client = '10.9.9.9' WHERE id = 3"))
    assert desk.verification()["access_log"] == {"lines": 3, "first_broken": 3}
    code, out, _ = run("desk", "verify", "--db", db_url)
    assert code == 1 and "BROKEN: access log line #3: its chain does not hold" in out


def old_book(tmp_path: Path, revision: str) -> str:
    """A book at ``revision`` of the schema holding two records as the desk wrote them then
    (form 1: the hash without seq); its URL."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = create_engine(url)
    with engine.connect() as conn:
        command.upgrade(_config(conn), revision)
        conn.commit()
    prev = ""
    for n in (1, 2):
        row: dict[str, Any] = {c: "" for c in CHAINED} | {
            "uid": f"u-{n}", "idempotency_key": None, "kind": "designating_petition",
            "board": "albany", "year": 2026, "independent_body": False, "candidates": "[]",
            "refers_to": None, "outcome": None, "fee_cents": 0, "fatal": False, "postmark": None,
            "filed_on": None, "late_reason": None, "supersedes": None, "prev_hash": prev,
            "verdict": "timely", "decision": "{}", "received_at": f"2026-04-0{n}T10:00:00-04:00",
            "law": "current",
        }  # fmt: skip
        row["hash"] = prev = record_hash(row)
        with engine.begin() as conn:
            _insert(conn, row)
    engine.dispose()
    return url


def test_a_book_made_before_keys_verifies_its_records_unsigned(
    tmp_path: Path, key: BoardKey
) -> None:
    url = old_book(tmp_path, "0002")
    desk = Desk(url, key=key)  # migrated to the signed form; the board's key from now on
    desk.submit(paper("albany", "A9"), "Ann")
    report = desk.verification()
    assert (report["records"], report["break"]) == (3, None)
    assert (report["signed"], report["unsigned"]) == (1, 2)
    dispose_all()


def test_a_signed_book_takes_no_unsigned_record(db_url: str, key: BoardKey) -> None:
    fill(Desk(db_url, key=key))
    with pytest.raises(
        UsageError, match="this book's records are signed: give the board's signing_key"
    ):
        Desk(db_url).submit(paper("albany", "A9"), "Ann")


def test_the_commands_make_show_sign_and_check(tmp_path: Path, run: CliRun) -> None:
    key_file = tmp_path / "board.key"
    code, out, err = run("desk", "signing-key", "--new", str(key_file))
    assert code == 0 and err.startswith(f"{key_file}: a new key")
    made = load_key(str(key_file))
    assert out == f"key {made.id}: public key {made.public_hex}\n"
    assert oct(key_file.stat().st_mode & 0o777) == "0o600"
    assert run("desk", "signing-key", "--show", str(key_file))[1] == out
    assert run("desk", "signing-key", "--new", str(key_file))[0] == 2  # never overwritten
    db = ["--db", f"sqlite:///{tmp_path / 'b.sqlite3'}", "--signing-key", str(key_file)]
    code, filed, _ = run("desk", "file", "designating_petition", "--board", "albany", "--year",
                         "2026", "--candidate", "Ana Ruiz", "--format", "json", *db)  # fmt: skip
    assert code == 0 and json.loads(filed)["key_id"] == made.id
    code, out, _ = run("desk", "verify", "--public-key", made.public_hex, *db[:2])
    assert code == 0
    assert out.splitlines()[1] == (
        "signatures: 1 signed, 0 unsigned; checked against the public keys given"
    )
    assert run("desk", "book", "--format", "json", *db[:2])[1].count(made.public_hex) == 1
    code, _, err = run("desk", "verify", "--public-key", "abc", *db[:2])
    assert code == 2 and "expected the 64 hexadecimal digits" in err
