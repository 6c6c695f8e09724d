"""Reviews in worker processes, outside the server's: the public's queue refuses when full (503,
JSON, Retry-After) while a clerk's review has its own worker; a worker killed mid-review is a
clear 500 and keeps nothing; the rulings are the same as the review's in the server's own
process."""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from nyballot.filing import access
from nyballot.filing.desk import Desk
from nyballot.petitions import workers
from nyballot.petitions.book import review_in_book
from nyballot.petitions.lines import read_lines
from nyballot.petitions.request import Request, parse_units
from nyballot.petitions.review import review
from nyballot.voters.store import connect
from nyballot.web import create_app
from nyballot.web.local import serve_locally

from .papers import RIVAL_LINE, rivals_in_book

DATA = Path(__file__).parent / "data"
LINES = (DATA / "lines.csv").read_bytes()  # a header and 13 signature lines
QUERY = "year=2026&party=DEM&unit=COUNTYCODE=60&unit=AD=7&enrolled=40"
WANTED = Request(2026, party="DEM", units=parse_units(["COUNTYCODE=60", "AD=7"]), enrolled=40)


@pytest.fixture
def pool() -> Iterator[workers.Pool]:
    """A pool of its own: one public worker and none waiting, one clerks' worker."""
    found = workers.Pool(public_workers=1, public_waiting=0, clerk_waiting=0)
    yield found
    found.stop()


@pytest.fixture
def desk_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'desk.sqlite3'}"


@pytest.fixture
def client(
    store: Path, desk_url: str, pool: workers.Pool, monkeypatch: pytest.MonkeyPatch
) -> Iterator[TestClient]:
    monkeypatch.setenv("NYBALLOT_VOTERS_DB", str(store))
    with TestClient(create_app(desk_url, reviews=pool)) as c:
        yield c


@pytest.fixture
def token(desk_url: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {Desk(desk_url).create_token('Ann Clerk', 'clerk')}"}


def kept_reviews(store: Path) -> int:
    con = connect(store, read_only=True)
    try:
        row = con.execute("SELECT count(*) FROM reviews").fetchone()
        return int(row[0]) if row else 0
    finally:
        con.close()


def test_a_public_review_past_the_queue_is_refused_and_a_clerks_is_not(
    client: TestClient, pool: workers.Pool, token: dict[str, str]
) -> None:
    pool.public.reserve()  # the one public worker's place taken: a review under way
    refused = client.post(f"/petitions/review?{QUERY}", content=LINES)
    assert refused.status_code == 503
    assert "public reviews: 1 running and 0 waiting" in refused.json()["error"]
    assert int(refused.headers["retry-after"]) >= 1
    # A clerk's token reviews on the clerks' own worker meanwhile: 4 valid (test_api's count).
    clerks = client.post(f"/petitions/review?{QUERY}", content=LINES, headers=token)
    assert clerks.status_code == 200 and clerks.json()["tally"]["valid"] == 4
    pool.public.give(None, None, None)  # that review ended: the next public one is taken
    again = client.post(f"/petitions/review?{QUERY}", content=LINES)
    assert again.status_code == 200 and again.json()["tally"]["valid"] == 4


def test_the_retry_after_counts_the_reviews_ahead() -> None:
    slot = workers.Slot("public reviews", workers=1, waiting=2)
    slot.seconds = 20.0  # the recent reviews took 20 s each
    for _ in range(3):
        slot.reserve()
    with pytest.raises(workers.Busy) as busy:
        slot.reserve()
    # One running and two waiting: the third place ahead frees in about 3 x 20 s = 60 s.
    assert busy.value.retry_after == 60


def kill_on_send(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each worker killed as soon as it has been sent its review."""
    send = workers.Worker.send

    def send_then_kill(self: workers.Worker, task: workers.Task) -> None:
        send(self, task)
        self.process.kill()

    monkeypatch.setattr(workers.Worker, "send", send_then_kill)


def test_a_worker_killed_mid_review_answers_500_and_keeps_nothing(
    client: TestClient, token: dict[str, str], store: Path, desk_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    with monkeypatch.context() as patched:
        kill_on_send(patched)
        public = client.post(f"/petitions/review?{QUERY}", content=LINES)
        keep = client.post(f"/petitions/reviews?{QUERY}", content=LINES, headers=token)
    for answer in (public, keep):
        assert answer.status_code == 500
        assert "worker process stopped (killed by signal SIGKILL)" in answer.json()["error"]
        assert "nothing was kept" in answer.json()["error"]
    assert kept_reviews(store) == 0
    logged = [r for r in access.read_log(Desk(desk_url).engine) if r["action"] == "keep review"]
    assert [r["outcome"][:41] for r in logged] == ["refused: the review's worker process stop"]
    # The next review gets a new worker, and is kept.
    again = client.post(f"/petitions/reviews?{QUERY}", content=LINES, headers=token)
    assert again.status_code == 201 and kept_reviews(store) == 1


def test_a_worker_killed_while_ruling_keeps_nothing(store: Path) -> None:
    """Killed once it has read the file and begun (its first word of progress)."""
    pool = workers.Pool()
    task = workers.Task(LINES, "lines file", WANTED, str(store), keep=True, progress=True)
    stream = pool.submit(task, clerk=True)
    told: list[int] = []

    def kill(done: int, total: int) -> None:
        told.append(total)
        assert stream.worker is not None and stream.worker.process is not None
        stream.worker.process.kill()

    stream.on_progress = kill
    try:
        with pytest.raises(workers.WorkerStopped, match="nothing was kept"):
            stream.start()
    finally:
        pool.stop()
    assert told == [13] and kept_reviews(store) == 0
    assert pool.clerks.taken == 0  # its place freed


def test_the_worker_rules_as_the_servers_own_process_did(
    client: TestClient, store: Path, token: dict[str, str]
) -> None:
    con = connect(store, read_only=True)
    try:
        here = review(con, read_lines(LINES, "lines file"), WANTED)
    finally:
        con.close()
    there = client.post(f"/petitions/review?{QUERY}", content=LINES)
    assert there.json() == json.loads(json.dumps(here))
    kept = client.post(f"/petitions/reviews?{QUERY}", content=LINES, headers=token).json()
    assert {k: v for k, v in kept.items() if k not in ("id", "page")} == there.json()


def test_a_review_in_the_book_rules_as_in_the_servers_process(
    client: TestClient, store: Path, desk_url: str, token: dict[str, str]
) -> None:
    desk = Desk(desk_url)
    filed = rivals_in_book(desk)
    # The first petition's review, kept by the clerks' worker, records Sofia Rossi's signature.
    kept = client.post(f"/petitions/reviews?{QUERY}&petition={filed[0]}", content=RIVAL_LINE,
                       headers=token)  # fmt: skip
    assert kept.status_code == 201
    there = client.post(f"/petitions/review?{QUERY}&petition={filed[1]}", content=LINES)
    con = connect(store, read_only=True)
    try:
        lines = read_lines(LINES, "lines file")
        here = review_in_book(con, lines, WANTED, filed[1], desk.records())
    finally:
        con.close()
    assert there.status_code == 200 and there.json() == json.loads(json.dumps(here))
    # Line 11, Sofia Rossi's, is struck as the rival's duplicate in both (§ 6-134(3)).
    rossi = there.json()["lines"][10]["reasons"]
    assert [r["code"] for r in rossi] == ["duplicate_other_petition"]


def test_a_queued_review_whose_client_leaves_is_let_go(
    store: Path, desk_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NYBALLOT_VOTERS_DB", str(store))
    pool = workers.Pool(public_workers=1, public_waiting=1)
    pool.public.reserve()
    busy = pool.public.take()  # the one public worker reviewing another's file
    try:
        with serve_locally(create_app(desk_url, reviews=pool)) as base:
            with pytest.raises(httpx.ReadTimeout):  # the client waits 1 s, then leaves
                httpx.post(f"{base}/petitions/review?{QUERY}", content=LINES, timeout=1)
            for _ in range(50):  # the server sees it gone within a look or two (0.1 s each)
                if pool.public.taken == 1:
                    break
                time.sleep(0.1)
            assert pool.public.taken == 1  # the other's review alone: the queue's place freed
    finally:
        pool.public.give(None, busy, None)
        pool.stop()


def a_long_public_review(pool: workers.Pool, store: Path) -> workers.Stream:
    """A public review of 26,000 lines (the file's 13 again and again, each time on sheets
    of their own) on its worker."""
    rows = list(csv.reader(io.StringIO(LINES.decode())))
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(rows[0])
    for copy in range(2_000):
        writer.writerows([[str(int(row[0]) + 10 * copy), *row[1:]] for row in rows[1:]])
    body = out.getvalue().encode()
    task = workers.Task(body, "lines file", WANTED, str(store))
    stream = pool.submit(task, clerk=False)
    assert stream.try_take()  # sent to the public's worker, which reviews it
    return stream


def test_a_clerks_write_to_the_store_stops_the_publics_review(
    client: TestClient, pool: workers.Pool, store: Path, token: dict[str, str]
) -> None:
    kept = client.post(f"/petitions/reviews?{QUERY}", content=LINES, headers=token).json()
    stream = a_long_public_review(pool, store)
    line = {"sheet": 1, "line": 1, "valid": False, "reason": "struck at the hearing"}
    override = client.post(f"/petitions/reviews/{kept['id']}/overrides", json=line, headers=token)
    assert override.status_code == 201  # the store written, not refused as held by a reader
    with pytest.raises(workers.Busy, match="stopped for a clerk's write"):
        stream.started(None)
    assert pool.public.taken == 0 and pool.public.paused == 0
    # A clerk's review kept while a public one runs stops it too, to write.
    stream = a_long_public_review(pool, store)
    again = client.post(f"/petitions/reviews?{QUERY}", content=LINES, headers=token)
    assert again.status_code == 201 and kept_reviews(store) == 2
    with pytest.raises(workers.Busy, match="stopped for a clerk's write"):
        stream.started(None)
    public = client.post(f"/petitions/review?{QUERY}", content=LINES)  # the public's turn again
    assert public.status_code == 200 and public.json()["tally"]["valid"] == 4
