"""Petition reviews in worker processes, outside the server's: a review's work (the voter
file's joins, the rulings, the JSON) never competes with a clerk's write for the server's
interpreter, and a review that crashes or is killed takes nothing of the server with it.

A ``Pool`` has two slots, each with worker processes of its own, spawned at their first review,
at a lower CPU priority (``NICE``), DuckDB on one thread under ``MEMORY_LIMIT``: the public's
reviews, one at a time with a few waiting (one more is refused: ``Busy``, which the API answers
503 with Retry-After), and the clerks' reviews, on a worker of their own. A worker sends its
answer back through a pipe a piece at a time (``Stream``): the server never holds a whole
answer, and a client that reads slowly makes the worker wait, not the server's memory grow.
A worker that stops mid-review (``WorkerStopped``) has kept nothing: a review is kept in one
transaction of the voter store, after its last line is ruled.
"""

from __future__ import annotations

import logging
import math
import multiprocessing
import os
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from nyballot.errors import NyballotError, UsageError
from nyballot.petitions.request import Request

NICE = 10  # below the server's priority: a clerk's write is served first
MEMORY_LIMIT = "1GB"  # DuckDB's, in a worker (it spills to disk past it)
PIECE = 64 * 1024  # the bytes of an answer sent at a time
PROGRESS_SECONDS = 0.25  # how often a review kept for the desk's page says how far it is
log = logging.getLogger(__name__)


class Busy(NyballotError):
    """Every worker of a slot is reviewing and its queue is full: come back later."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class WorkerStopped(NyballotError):
    """A worker ended (crashed, killed) or failed before its review ended: nothing was kept."""


class TooManyLines(UsageError):
    """A lines file over the most lines its review may take (``Task.most``)."""

    def __init__(self, lines: int, most: int) -> None:
        super().__init__(f"lines file: {lines:,} lines; at most {most:,}")
        self.lines, self.most = lines, most

    def __reduce__(self) -> tuple[Any, ...]:  # sent back from the worker as it was made
        return TooManyLines, (self.lines, self.most)


@dataclass(frozen=True)
class Task:
    """One review for a worker: the lines file as sent and what the petition is for; with
    ``petition`` (a uid in the book of the desk at ``desk``) against its rivals there; ``keep``
    keeps it in the store; ``most`` caps its lines; with ``progress`` the worker tells how far
    it is instead of sending the answer (the desk's page shows it)."""

    body: bytes
    name: str
    wanted: Request
    store: str
    desk: str | None = None
    petition: str | None = None
    keep: bool = False
    most: int | None = None
    progress: bool = False


# --- in the worker process -----------------------------------------------------------------


def _main(conn: Connection) -> None:
    """A worker: each task it is sent, run to its end or its refusal, one after another."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops us
    os.nice(NICE)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        try:
            _run(task, conn.send)
        except NyballotError as exc:
            conn.send(("refused", exc))
        except (BrokenPipeError, ConnectionResetError):
            return  # the server let the task go
        except Exception as exc:  # a failure of ours: told, kept nothing, the worker goes on
            traceback.print_exc()
            conn.send(("failed", f"the review failed ({type(exc).__name__}); nothing was kept"))


def _run(task: Task, send: Callable[[tuple[Any, ...]], None]) -> None:
    from nyballot.petitions.lines import read_lines
    from nyballot.voters.store import opened

    lines = read_lines(task.body, task.name)
    if task.most is not None and len(lines.lines) > task.most:
        raise TooManyLines(len(lines.lines), task.most)
    if task.progress:
        send(("progress", 0, len(lines.lines)))
    # The store is let go before the last message: the server may open it for the next
    # request (a kept review's page) as soon as this one is answered.
    with ExitStack() as stack:
        con = stack.enter_context(opened(task.store, read_only=not task.keep))
        con.execute("SET threads = 1")  # one core for the review, the other for the server
        con.execute(f"SET memory_limit = '{MEMORY_LIMIT}'")
        run, in_book = _review(con, lines, task)
        if task.keep:
            _keep(con, run, in_book, task, send, stack.close)
        else:
            _answer(run, in_book, send, stack.close)


def _review(con: Any, lines: Any, task: Task) -> tuple[Any, dict[str, Any] | None]:
    """The review, not yet run, and what its result says of the book's filing."""
    from nyballot.petitions.book import book_review
    from nyballot.petitions.review import Review

    if task.petition is None:
        return Review(con, lines, task.wanted), None
    return book_review(con, lines, task.wanted, task.petition, _records(task.desk))


def _records(url: str | None) -> list[dict[str, Any]]:
    from nyballot.filing.desk import Desk

    desk = Desk(url)
    try:
        return desk.records()
    finally:
        desk.close()


def _answer(
    run: Any, in_book: dict[str, Any] | None, send: Callable[..., None], release: Callable[[], None]
) -> None:
    """The review's JSON, sent as it is written; started once the first line is ruled (every
    query of the store done), so that a refusal or a failure before then is the answer; the
    store released (``release``) before the last piece."""
    from nyballot.petitions.report import json_chunks

    def rest() -> dict[str, Any]:
        found: dict[str, Any] = run.rest()
        if in_book is not None:
            found["petition"]["in_book"] = in_book
        return found

    chunks = json_chunks(run.lines(), rest)
    held = [next(chunks), next(chunks)]
    send(("started", None))
    size = sum(map(len, held))
    for chunk in chunks:
        if size >= PIECE:
            send(("data", b"".join(held)))
            held, size = [], 0
        held.append(chunk)
        size += len(chunk)
    release()  # the last chunk, the tally, has been written
    send(("data", b"".join(held)))
    send(("done", None))


def _keep(
    con: Any, run: Any, in_book: dict[str, Any] | None, task: Task, send: Callable[..., None],
    release: Callable[[], None],
) -> None:  # fmt: skip
    """The review ruled, then kept with the petition's signers in one transaction; then its
    answer (``{"id", "page", ...}``), unless the desk's page follows it by its progress."""
    import orjson

    from nyballot.petitions.book import record_review

    ruled, told = [], time.monotonic()
    for line in run.lines():
        ruled.append(line)
        if task.progress and time.monotonic() - told >= PROGRESS_SECONDS:
            send(("progress", len(ruled), len(run.petition.lines)))
            told = time.monotonic()
    result = {"lines": ruled, **run.rest()}
    if in_book is not None:
        result["petition"]["in_book"] = in_book
    uid = record_review(con, result, task.petition, True)
    release()
    send(("started", uid))
    if not task.progress:
        answer = orjson.dumps({"id": uid, "page": f"/web/petitions/{uid}", **result})
        for start in range(0, len(answer), PIECE):
            send(("data", answer[start : start + PIECE]))
    send(("done", uid))


# --- in the server -------------------------------------------------------------------------


class Worker:
    """One worker process and the server's end of its pipe, started when first needed."""

    def __init__(self) -> None:
        self.process: Any = None
        self.conn: Connection | None = None

    def send(self, task: Task) -> None:
        if self.process is None or not self.process.is_alive():
            self._start()
        assert self.conn is not None
        self.conn.send(task)

    def _start(self) -> None:
        self.stop()
        context = multiprocessing.get_context("spawn")  # no copy of the server's threads
        mine, theirs = context.Pipe()
        self.process = context.Process(target=_main, args=(theirs,), daemon=True,
                                       name="nyballot-review")  # fmt: skip
        self.process.start()
        theirs.close()
        self.conn = mine

    def ready(self, timeout: float | None) -> bool:
        """Whether a message (or the worker's end) is there to receive, within ``timeout``."""
        assert self.conn is not None
        return self.conn.poll(timeout)

    def receive(self) -> tuple[Any, ...]:
        try:
            assert self.conn is not None
            message: tuple[Any, ...] = self.conn.recv()
        except (EOFError, OSError, AssertionError):
            why = f"the review's worker process stopped ({self._why()}) before the review ended"
            raise WorkerStopped(f"{why}; nothing was kept; send it again") from None
        return message

    def _why(self) -> str:
        if self.process is None:
            return "not started"
        self.process.join(1)
        code = self.process.exitcode
        if code is not None and code < 0:
            return f"killed by signal {signal.Signals(-code).name}"
        return f"exit code {code}"

    def stop(self) -> None:
        """End the process (mid-task: the task's work goes with it)."""
        if self.conn is not None:
            self.conn.close()
        if self.process is not None and self.process.is_alive():
            self.process.kill()
            self.process.join(5)
        self.process, self.conn = None, None


class Slot:
    """Workers that review one task each at a time, and a bounded queue of tasks waiting."""

    def __init__(self, name: str, workers: int, waiting: int) -> None:
        self.name = name
        self.idle = [Worker() for _ in range(workers)]
        self.workers, self.capacity = workers, workers + waiting
        self.taken = 0  # tasks running or waiting
        self.seconds = 30.0  # a review's time, as the last ones took (for Retry-After)
        self.cond = threading.Condition()

    def reserve(self) -> None:
        """A place for one more task, or ``Busy`` (never a wait)."""
        with self.cond:
            if self.taken >= self.capacity:
                waiting = self.capacity - self.workers
                raise Busy(f"{self.name}: {self.workers} running and {waiting} waiting, the "
                           "most this server takes; send it again later",
                           self.retry_after())  # fmt: skip
            self.taken += 1

    def retry_after(self) -> int:
        """Seconds until a place is likely free: the tasks ahead, at the recent reviews' pace."""
        ahead = max(1, self.taken - self.workers + 1)
        return max(1, min(600, math.ceil(self.seconds * ahead / self.workers)))

    def take(self, wait: bool = True) -> Worker | None:
        """An idle worker; without ``wait``, None when there is none."""
        with self.cond:
            while not self.idle and wait:
                self.cond.wait()
            return self.idle.pop() if self.idle else None

    def give(self, worker: Worker | None, seconds: float | None) -> None:
        """A task ended: its worker back to the idle (if it had one), its place freed."""
        with self.cond:
            if worker is not None:
                self.idle.append(worker)
            if seconds is not None:
                self.seconds = 0.7 * self.seconds + 0.3 * seconds
            self.taken -= 1
            self.cond.notify()

    def stop(self) -> None:
        with self.cond:
            for worker in self.idle:
                worker.stop()


class Stream:
    """One task on a worker of a slot whose place is reserved: ``start()`` waits for a worker
    and for the task's start (its refusal raised there), then iterating gives the answer's
    bytes as the worker sends them. Closing it before the end (the client went) stops the
    worker, so the next task gets a new one."""

    def __init__(self, slot: Slot, task: Task) -> None:
        self.slot, self.task = slot, task
        self.worker: Worker | None = None
        self.kept: str | None = None  # a kept review's id, once kept
        self.on_progress: Callable[[int, int], None] | None = None
        self.ended = self.closed = False
        self.began = time.monotonic()

    def start(self) -> None:
        """Wait for a worker, send the task, and wait until the answer starts."""
        self.try_take(wait=True)
        self.started(None)

    def try_take(self, wait: bool = False) -> bool:
        """Whether the task has a worker: one idle is taken and sent the task."""
        if self.worker is None:
            self.worker = self.slot.take(wait)
            if self.worker is not None:
                self._guarded(self.worker.send, self.task)
        return self.worker is not None

    def started(self, timeout: float | None) -> bool:
        """Whether the answer has started, waiting at most ``timeout`` seconds (None: until
        it has); its refusal raised."""
        assert self.worker is not None
        if not self._guarded(self.worker.ready, timeout):
            return False
        self.kept = self._guarded(self._until, "started")
        return True

    def _guarded(self, step: Callable[..., Any], *args: Any) -> Any:
        try:
            return step(*args)
        except BaseException:
            self.close()
            raise

    def __iter__(self) -> Iterator[bytes]:
        try:
            while not self.ended:
                message = self._next()
                if message[0] == "data":
                    yield message[1]
                elif message[0] == "done":
                    self.ended = True
                else:
                    raise WorkerStopped(f"the review ended unexpectedly ({message[0]})")
        finally:
            self.close()

    def _until(self, kind: str) -> Any:
        message = self._next()
        if message[0] != kind:
            raise WorkerStopped(f"the review's worker answered {message[0]}, not {kind}")
        return message[1]

    def _next(self) -> tuple[Any, ...]:
        """The worker's next message but progress (given to ``on_progress``); a refusal or a
        failure raised."""
        assert self.worker is not None
        while True:
            message = self.worker.receive()
            if message[0] == "refused":
                self.ended = True  # the worker is ready for the next task
                raise message[1]
            if message[0] == "failed":
                self.ended = True
                raise WorkerStopped(message[1])
            if message[0] != "progress":
                return message
            if self.on_progress is not None:
                self.on_progress(message[1], message[2])

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.worker is not None and not self.ended:
            self.worker.stop()  # mid-task: what it was doing is let go
        self.slot.give(self.worker, time.monotonic() - self.began if self.ended else None)

    def __del__(self) -> None:
        self.close()


class Pool:
    """The public's slot and the clerks' (``public_workers`` processes reviewing at once, at
    most ``public_waiting`` more waiting; one for clerks, ``clerk_waiting`` waiting)."""

    def __init__(self, public_workers: int = 1, public_waiting: int = 3,
                 clerk_waiting: int = 8) -> None:  # fmt: skip
        self.public = Slot("public reviews", public_workers, public_waiting)
        self.clerks = Slot("clerks' reviews", 1, clerk_waiting)

    def submit(self, task: Task, clerk: bool) -> Stream:
        """A stream of ``task`` with its place reserved (``Busy`` when there is none)."""
        slot = self.clerks if clerk else self.public
        slot.reserve()
        return Stream(slot, task)

    def stop(self) -> None:
        self.public.stop()
        self.clerks.stop()


_shared: list[Pool] = []


def shared_pool() -> Pool:
    """The pool of this process's applications that are given none (started lazily: a pool
    spawns no worker until its first review)."""
    if not _shared:
        _shared.append(Pool())
    return _shared[0]
