"""Faults: a migration killed half way, the disk full, PostgreSQL restarted, a busy port, a file
that never ends. Nothing acknowledged is lost, nothing is recorded twice, errors are one line."""

from __future__ import annotations

import json
import os
import resource
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, text

from nyballot.api import create_app
from nyballot.filing.store import MIGRATIONS, _config, dispose_all

from .conftest import CliRun, DeskClock

NYBALLOT = str(Path(sys.executable).with_name("nyballot"))
PAPER = {
    "kind": "designating_petition",
    "board": "erie",
    "year": 2026,
    "candidates": [{"name": "Lee Park", "residence": "Buffalo"}],
    "office": "Member of Assembly",
    "party": "Republican",
}


def _book_at_0001(path: Path, rows: int) -> str:
    """A book at the first schema revision, with ``rows`` filings, its WAL checkpointed away."""
    url = f"sqlite:///{path}"
    engine = create_engine(url)
    with engine.connect() as conn:
        command.upgrade(_config(conn), "0001")
        conn.commit()
        decision = json.dumps({"verdict": "timely", "cites": ["1-106(1)"], "pad": "x" * 1500})
        conn.execute(
            text(
                "INSERT INTO filings (uid, request_hash, kind, board, year, law, method, "
                "received_at, candidates, verdict, fatal, decision, clerk, recorded_at) VALUES "
                "(:uid, 'h', 'designating_petition', :board, 2026, 'current', 'in_person', "
                "'2026-04-01T10:00:00-04:00', '[]', 'timely', 0, :decision, 'ann', "
                "'2026-04-01T10:00:00-04:00')"
            ),
            [
                {"uid": f"u-{i:05d}", "board": ("erie", "albany")[i % 2], "decision": decision}
                for i in range(rows)
            ],
        )
        conn.commit()
    engine.dispose()
    return url


MIGRATE = "import sys; from nyballot.filing.store import engine_for; engine_for(sys.argv[1])"


def test_sigkill_during_a_migration_leaves_the_old_book_whole(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    url = _book_at_0001(path, 2000)
    wal = Path(f"{path}-wal")
    proc = subprocess.Popen([sys.executable, "-c", MIGRATE, url])
    # Kill it once the migration's transaction is writing (its pages spill into the WAL).
    deadline = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < deadline:
        if wal.exists() and wal.stat().st_size > 400_000:
            proc.send_signal(signal.SIGKILL)
            break
        time.sleep(0.002)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL, "the migration ended before it could be killed"
    engine = create_engine(url)
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA integrity_check")).scalar() == "ok"
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0001"
        assert conn.execute(text("SELECT count(*) FROM filings")).scalar() == 2000
    assert "hash" not in {c["name"] for c in inspect(engine).get_columns("filings")}
    engine.dispose()
    # Opened again, the migration runs whole and the old records are chained.
    from nyballot.filing.desk import Desk

    desk = Desk(url)
    assert desk.verify() == (2000, None)
    assert MIGRATIONS.is_dir()
    dispose_all()


def _limited(max_bytes: int) -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (max_bytes, max_bytes))


FILL = """
import json, sys
from nyballot.filing.access import Actor
from nyballot.filing.desk import Desk, Submission
desk = Desk(sys.argv[1])
for i in range(1, 10_000):
    paper = Submission(**json.loads(sys.argv[2]))
    print(desk.submit(paper, Actor("ann", client="cli"), f"k-{i}")[0]["uid"], flush=True)
"""


def test_a_full_disk_refuses_in_one_line_and_loses_nothing(tmp_path: Path, run: CliRun) -> None:
    path = tmp_path / "full.sqlite3"
    url = f"sqlite:///{path}"
    common = ["desk", "file", "designating_petition", "--board", "erie", "--year", "2026",
              "--candidate", "Lee Park@Buffalo", "--office", "Member of Assembly",
              "--format", "json", "--db", url]  # fmt: skip
    assert run(*common, "--key", "k-0")[0] == 0
    dispose_all()
    # Files may grow by at most 64 KiB past the book's size: a few filings, then the disk is full.
    limit = path.stat().st_size + 64 * 1024
    writer = subprocess.run([sys.executable, "-c", FILL, url, json.dumps(PAPER)],
                            capture_output=True, text=True,
                            preexec_fn=lambda: _limited(limit))  # fmt: skip
    acked = writer.stdout.split()
    assert writer.returncode != 0 and "StorageError" in writer.stderr and len(acked) < 9_000
    # The command line on a disk with no room at all: one line, exit 2, nothing written.
    proc = subprocess.run([NYBALLOT, *common, "--key", "k-cli"], capture_output=True, text=True,
                          preexec_fn=lambda: _limited(4096))  # fmt: skip
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("nyballot: error: ")
    assert "nothing was recorded" in proc.stderr or "full" in proc.stderr, proc.stderr
    from nyballot.filing.desk import Desk

    desk = Desk(url)
    uids = {r["uid"] for r in desk.records()}
    assert set(acked) <= uids and len(uids) == len(acked) + 1  # k-0 and every one acknowledged
    assert desk.verify()[1] is None
    # With room again, the refused paper is recorded once under its key.
    code, out, _ = run(*common, "--key", "k-cli")
    assert code == 0 and json.loads(out)["replayed"] is False
    assert desk.count() == len(acked) + 2
    dispose_all()


def _started(url: str) -> object:
    engine = create_engine(url)
    with engine.connect() as conn:
        when = conn.execute(text("SELECT pg_postmaster_start_time()")).scalar()
    engine.dispose()
    return when


def _pg_ctl(url: str, *args: str) -> None:
    engine = create_engine(url)
    with engine.connect() as conn:
        data = conn.execute(text("SHOW data_directory")).scalar()
    engine.dispose()
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
    if not found or data is None:
        pytest.skip("pg_ctl not found")
    user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    log = str(Path(data).parent / "server.log")  # where scripts/postgres keeps it
    # The server started must not hold this process's pipes: its output goes to the log.
    command = [*user, str(found[-1]), "-D", data, "-l", log, *args]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def test_postgres_restarted_mid_run_the_client_retries_its_key(db_url: str) -> None:
    if not db_url.startswith("postgresql"):
        pytest.skip("a PostgreSQL restart")
    token = None
    with TestClient(create_app(db_url, rate=0, clock=DeskClock())) as c:
        from nyballot.filing.desk import Desk

        token = Desk(db_url).create_token("Ann", "clerk")
        auth = {"Authorization": f"Bearer {token}"}

        def post(key: str) -> list[int]:
            """The client's loop: retry the same key while the server says 503."""
            codes = []
            for _ in range(10):
                r = c.post("/filings", json=PAPER, headers={**auth, "Idempotency-Key": key})
                codes.append(r.status_code)
                if r.status_code != 503:
                    break
                assert r.headers["Retry-After"] == "1"
                assert "nothing was recorded" in r.json()["error"]
                time.sleep(0.2)
            return codes

        assert post("before") == [201]
        started = _started(db_url)
        _pg_ctl(db_url, "restart", "-m", "fast", "-w")
        assert _started(db_url) > started  # the server did restart
        after = post("after")
        # The first try meets the connection the restart cut: 503, and the key is recorded once.
        assert after[0] == 503 and after[-1] == 201 and set(after[1:-1]) <= {503}, after
        # The answer to "after" was lost on the way, say: the client sends it again.
        assert post("after") == [200]
        assert post("before") == [200]
        rows = c.get("/book").json()["rows"]
    assert len(rows) == 2 and Desk(db_url).verify() == (2, None)


def test_a_connection_cut_under_the_desk_fails_one_filing_and_the_next_is_recorded(
    db_url: str,
) -> None:
    """The server ends the desk's pooled connections (as a restart does): the filing that meets
    one is refused in one line, nothing recorded; the lost connections are not handed out
    again, so the same paper sent again under its key is recorded, once."""
    if not db_url.startswith("postgresql"):
        pytest.skip("PostgreSQL connections cut by the server")
    from nyballot.filing.desk import Desk, Submission
    from nyballot.filing.errors import StorageError

    desk = Desk(db_url)
    desk.submit(Submission(**PAPER), "ann", "k-1")
    pooled = [desk.engine.raw_connection(), desk.engine.raw_connection()]  # two in the pool
    pids = [c.driver_connection.info.backend_pid for c in pooled]  # type: ignore[union-attr]
    for connection in pooled:
        connection.close()
    admin = create_engine(db_url)
    with admin.connect() as conn:
        for pid in pids:
            conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
    admin.dispose()
    with pytest.raises(StorageError, match="nothing was recorded"):
        desk.submit(Submission(**PAPER), "ann", "k-2")
    _, replayed = desk.submit(Submission(**PAPER), "ann", "k-2")
    assert not replayed and desk.count() == 2 and desk.verify() == (2, None)


def test_serve_on_a_busy_port_says_so_in_one_line(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        proc = subprocess.run(
            [NYBALLOT, "serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 's.db'}"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert proc.returncode == 2
    assert proc.stderr == (
        f"nyballot: error: --port {port}: already in use on 127.0.0.1 (another server is "
        "running there); stop it or choose another port\n"
    )


def test_a_file_that_never_ends_is_refused_at_the_cap(run: CliRun) -> None:
    code, out, err = run("delegates", "/dev/zero", "--at-large", "10")
    assert (code, out) == (2, "")
    assert err == "nyballot: error: /dev/zero: larger than 4 MiB; a results file is far smaller\n"
