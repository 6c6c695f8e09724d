"""nyballot desk ... and nyballot serve, as a user runs them."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from .conftest import HEAD, CliRun


def test_desk_commands(db_url: str, run: CliRun) -> None:
    db = ("--db", db_url)
    assert f"revision {HEAD}" in run("desk", "init", *db)[1]
    code, out, _ = run("desk", "file", "party_nomination", "--board", "state", "--year", "2026",
        "--received", "2026-06-04T12:00-04:00", "--late-entry", "mail opened late",
        "--candidate", "Kim Lee@Albany",
        "--office", "Governor", "--party", "Conservative", "--format", "json", *db,
    )  # fmt: skip
    assert code == 0, out
    record = json.loads(out)
    code, out, _ = run("desk", "object", record["uid"], "--board", "state", "--year", "2026",
        "--received", "2026-06-05T10:00-04:00", "--late-entry", "mail opened late", *db,
    )  # fmt: skip
    assert code == 0 and "TIMELY" in out
    code, out, _ = run("desk", "book", "--format", "csv", *db)
    assert out.splitlines()[1].split(",")[3] == "Kim Lee (Albany)"
    assert "<table>" in run("desk", "book", "--format", "html", *db)[1]
    code, out, _ = run("desk", "due", "--all", "--format", "json", *db)
    assert {c["name"] for c in json.loads(out)} >= {"objections", "specifications", "notice"}
    code, _, err = run("desk", "file", "petition", "--board", "nyc", "--year", "2026", *db)
    assert code == 2 and err.startswith("nyballot: error: kind 'petition'")
    assert run("desk", "token", "--clerk", "Ann", *db)[1].startswith("nyb_")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_serve_starts_and_answers(tmp_path: Path) -> None:
    port = _free_port()
    url = f"sqlite:///{tmp_path / 'served.sqlite3'}"
    proc = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("nyballot")),
            "serve",
            "--port",
            str(port),
            "--db",
            url,
        ],
        env={**os.environ},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        # A loaded machine can take many seconds to start a process: wait on a deadline, and
        # stop at once if the server exited.
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5) as r:
                    assert json.load(r) == {"status": "ok"}
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    proc.kill()
                    _, err = proc.communicate(timeout=10)
                    pytest.fail(f"server did not start: {err[-500:]!r}")
                time.sleep(0.1)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/calendar/2026") as r:
            assert json.load(r)["year"] == 2026
    finally:
        proc.terminate()
        proc.wait(10)


def test_the_printed_book_marks_late_entries_and_publishes_the_digests(
    db_url: str, run: CliRun
) -> None:
    db = ("--db", db_url)
    code, out, _ = run("desk", "file", "designating_petition", "--board", "erie", "--year", "2026",
        "--received", "2026-04-01T11:00-04:00", "--late-entry", "counter down", "--clerk", "Sue",
        "--candidate", "Kim Lee@Buffalo", "--office", "Member of Assembly", "--party", "DEM",
        "--format", "json", *db,
    )  # fmt: skip
    assert code == 0, out
    last = json.loads(out)
    table = run("desk", "book", *db)[1]
    # The stamped column, its wrapped lines joined: the stamp, then the late entry's marks.
    stamped = " ".join(line.split("│")[2].strip() for line in table.splitlines() if "│" in line)
    recorded = last["recorded_at"].replace("T", " ")[:16]
    assert f"2026-04-01 11:00 (late entry: counter down; recorded {recorded} by Sue)" in stamped
    assert f"erie  {last['recorded_at'][:10]}  #1  {last['hash']}" in table
    assert json.loads(run("desk", "book", "--format", "json", *db)[1])["digests"] == [
        {"board": "erie", "day": last["recorded_at"][:10], "seq": 1, "hash": last["hash"]}
    ]
    page = run("desk", "book", "--format", "html", *db)[1]
    assert "Daily digests" in page and last["hash"] in page


def test_the_printed_book_shows_brackets_as_written(db_url: str, run: CliRun) -> None:
    # Square brackets are markup to the table printer; "[/]" closing nothing made it fail.
    db = ("--db", db_url)
    code, out, _ = run("desk", "file", "designating_petition", "--board", "erie", "--year", "2026",
        "--candidate", "Kim [/] Lee@Buffalo", "--office", "X [red]", "--party", "DEM", *db,
    )  # fmt: skip
    assert code == 0, out
    code, table, err = run("desk", "book", *db)
    assert (code, err) == (0, "")
    assert "Kim [/] Lee" in table and "X [red]" in table


def test_due_on_a_day_and_every_clock_at_once_is_refused(db_url: str, run: CliRun) -> None:
    code, out, err = run("desk", "due", "--on", "2026-04-01", "--all", "--db", db_url)
    assert (code, out) == (2, "")
    assert err == "nyballot: error: --on and --all: give one of them (a day, or every clock)\n"


def test_a_candidate_without_a_name_is_refused_naming_the_flag(db_url: str, run: CliRun) -> None:
    code, _, err = run("desk", "file", "designating_petition", "--board", "albany", "--year",
                       "2026", "--candidate", "@12 Main St, Albany", "--db", db_url)  # fmt: skip
    assert code == 2
    assert err == (
        "nyballot: error: --candidate '@12 Main St, Albany': no name before the @ "
        "(NAME[@RESIDENCE])\n"
    )
