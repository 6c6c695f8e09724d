"""Petition reviews in worker processes, outside the server's: a review's work (the voter
file's joins, the rulings, the JSON) never competes with a clerk's write for the server's
interpreter, and a review that crashes or is killed takes nothing of the server with it.

A ``Pool`` has two slots, each with worker processes of its own, spawned at their first
review, below the server's CPU priority (``lower_priority``), DuckDB on one thread under
``MEMORY_LIMIT``: the public's reviews, one at a time with a few waiting (one more is refused:
``Busy``, which the API answers 503 with Retry-After), and the clerks' reviews, on a worker of
their own. A worker sends its answer back through a pipe a piece at a time (``Stream``): the
server never holds a whole answer, and a client that reads slowly makes the worker wait, not
the server's memory grow. A worker that stops mid-review (``WorkerStopped``) has kept nothing:
a review is kept in one transaction of the voter store, after its last line is ruled. DuckDB
lets a writer in alone, so a clerk's write to the store stops the public's reviews first
(``Pool.writing``, ``Slot.interrupt``).
"""

from __future__ import annotations

import contextlib
import logging
import math
import multiprocessing
import os
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from nyballot.errors import NyballotError, UsageError
from nyballot.petitions.request import Request

NICE = 10  # a clerk's review: below the server's priority, so a clerk's write is served first
MEMORY_LIMIT = "1GB"  # DuckDB's, in a worker (it spills to disk past it)
PIECE = 256 * 1024  # the bytes of an answer sent at a time
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


def _main(conn: Connection, lowest: bool) -> None:
    """A worker: each task it is sent, run to its end or its refusal, one after another."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops us
    lower_priority(lowest)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        try:
            _run(task, conn)
        except NyballotError as exc:
            conn.send(("refused", exc))
        except (BrokenPipeError, ConnectionResetError):
            return  # the server let the task go
        except Exception as exc:  # a failure of ours: told, kept nothing, the worker goes on
            traceback.print_exc()
            conn.send(("failed", f"the review failed ({type(exc).__name__}); nothing was kept"))


def lower_priority(lowest: bool) -> None:
    """Below the server: with ``lowest`` (the public's reviews) Linux's SCHED_IDLE, the processor
    only when nothing else of the machine's wants it, so that the server's every wake-up takes
    it at once; else (or where there is no such policy) ``NICE``."""
    if lowest and hasattr(os, "sched_setscheduler"):
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
            return
    os.nice(NICE)


def _run(task: Task, conn: Connection) -> None:
    from nyballot.petitions.lines import read_lines
    from nyballot.voters.store import opened

    lines = read_lines(task.body, task.name)
    if task.most is not None and len(lines.lines) > task.most:
        raise TooManyLines(len(lines.lines), task.most)
    if task.progress:
        conn.send(("progress", 0, len(lines.lines)))
    # Read only, beside the other workers' reviews; let go before the last message, so that
    # the server may open the store for the next request as soon as this one is answered.
    with ExitStack() as stack:
        con = stack.enter_context(opened(task.store))
        con.execute("SET threads = 1")  # one core for the review, the other for the server
        con.execute(f"SET memory_limit = '{MEMORY_LIMIT}'")
        run, in_book = _review(con, lines, task)
        if not task.keep:
            _answer(run, in_book, conn.send, stack.close)
            return
        result = _ruled(run, in_book, task, conn.send)
    _keep(result, task, conn)


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

    chunks = json_chunks(run.lines(), lambda: _rest(run, in_book))
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


def _ruled(
    run: Any, in_book: dict[str, Any] | None, task: Task, send: Callable[..., None]
) -> dict[str, Any]:
    """The whole review, telling how far it is if the task asks."""
    ruled, told = [], time.monotonic()
    for line in run.lines():
        ruled.append(line)
        if task.progress and time.monotonic() - told >= PROGRESS_SECONDS:
            send(("progress", len(ruled), len(run.petition.lines)))
            told = time.monotonic()
    return {"lines": ruled, **_rest(run, in_book)}


def _rest(run: Any, in_book: dict[str, Any] | None) -> dict[str, Any]:
    """The review's all but its lines, with what it says of the book's filing."""
    found: dict[str, Any] = run.rest()
    if in_book is not None:
        found["petition"]["in_book"] = in_book
    return found


def _keep(result: dict[str, Any], task: Task, conn: Connection) -> None:
    """The review kept with the petition's signers in one transaction, once the server has
    stopped the public's reviews, which read the store (DuckDB lets a writer in alone); then
    its answer (``{"id", "page", ...}``), unless the desk's page follows it by its progress."""
    import orjson

    from nyballot.petitions.book import record_review

    conn.send(("write", None))
    if conn.recv() != ("go", None):
        raise WorkerStopped("the server did not let the review be kept; nothing was kept")
    with _writable(task.store) as con:
        uid = record_review(con, result, task.petition, True)
    conn.send(("started", uid))
    if not task.progress:
        answer = orjson.dumps({"id": uid, "page": f"/web/petitions/{uid}", **result})
        for start in range(0, len(answer), PIECE):
            conn.send(("data", answer[start : start + PIECE]))
    conn.send(("done", uid))


@contextmanager
def _writable(store: str, seconds: float = 10.0) -> Iterator[Any]:
    """The store opened to write, tried again for ``seconds`` while another process holds it
    (a page of a kept review being read in the server, a moment)."""
    from nyballot.voters.store import StoreInUse, opened

    deadline = time.monotonic() + seconds
    while True:
        try:
            stack = ExitStack()
            con = stack.enter_context(opened(store, read_only=False))
            break
        except StoreInUse:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
    with stack:
        yield con


# --- in the server -------------------------------------------------------------------------


class Worker:
    """One worker process and the server's end of its pipe, started when first needed."""

    def __init__(self, lowest: bool = False) -> None:
        self.lowest = lowest  # at the lowest priority (``lower_priority``)
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
        self.process = context.Process(target=_main, args=(theirs, self.lowest), daemon=True,
                                       name="nyballot-review")  # fmt: skip
        self.process.start()
        theirs.close()
        self.conn = mine

    def ready(self, timeout: float | None) -> bool:
        """Whether a message (or the worker's end) is there to receive, within ``timeout``."""
        conn = self.conn
        try:
            return conn is None or conn.poll(timeout)
        except (EOFError, OSError):
            return True  # stopped meanwhile: ``receive`` says so

    def reply(self, message: tuple[Any, ...]) -> None:
        if self.conn is not None:
            self.conn.send(message)

    def receive(self) -> tuple[Any, ...]:
        conn = self.conn  # another thread may stop the worker meanwhile (``Slot.interrupt``)
        try:
            if conn is None:
                raise EOFError
            message: tuple[Any, ...] = conn.recv()
        except (EOFError, OSError):
            why = f"the review's worker process stopped ({self._why()}) before the review ended"
            raise WorkerStopped(f"{why}; nothing was kept; send it again") from None
        return message

    def _why(self) -> str:
        process = self.process
        if process is None:
            return "stopped by the server"
        process.join(1)
        code = process.exitcode
        if code is not None and code < 0:
            return f"killed by signal {signal.Signals(-code).name}"
        return f"exit code {code}"

    def stop(self) -> None:
        """End the process (mid-task: the task's work goes with it, and its hold on the
        store once it has ended)."""
        process, conn = self.process, self.conn
        self.process, self.conn = None, None
        if process is not None and process.is_alive():
            process.kill()
            process.join(5)
        if conn is not None:
            conn.close()


class Slot:
    """Workers that review one task each at a time, and a bounded queue of tasks waiting;
    paused (``interrupt``), it starts none."""

    def __init__(self, name: str, workers: int, waiting: int, lowest: bool = False) -> None:
        self.name = name
        self.idle = [Worker(lowest) for _ in range(workers)]
        self.workers, self.capacity = workers, workers + waiting
        self.taken = 0  # tasks running or waiting
        self.running: set[Stream] = set()
        self.paused = 0
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

    def take(self, stream: Stream | None = None, wait: bool = True) -> Worker | None:
        """An idle worker for ``stream``; without ``wait``, None when there is none."""
        with self.cond:
            while (not self.idle or self.paused) and wait:
                self.cond.wait()
            if not self.idle or self.paused:
                return None
            if stream is not None:
                self.running.add(stream)
            return self.idle.pop()

    def give(self, stream: Stream | None, worker: Worker | None, seconds: float | None) -> None:
        """A task ended: its worker back to the idle (if it had one), its place freed."""
        with self.cond:
            self.running.discard(stream)
            if worker is not None:
                self.idle.append(worker)
            if seconds is not None:
                self.seconds = 0.7 * self.seconds + 0.3 * seconds
            self.taken -= 1
            self.cond.notify_all()

    def interrupt(self) -> None:
        """Stop the tasks running (each answered ``Busy``: send it again) and start none
        until ``resume``: a clerk's write to the store goes first."""
        with self.cond:
            self.paused += 1
            running = list(self.running)
        for stream in running:
            stream.interrupted = True
            if stream.worker is not None:
                stream.worker.stop()

    def resume(self) -> None:
        with self.cond:
            self.paused -= 1
            self.cond.notify_all()

    def stop(self) -> None:
        with self.cond:
            for worker in self.idle:
                worker.stop()


class Stream:
    """One task on a worker of a slot whose place is reserved: ``start()`` waits for a worker
    and for the task's start (its refusal raised there), then iterating gives the answer's
    bytes as the worker sends them. Closing it before the end (the client went) stops the
    worker, so the next task gets a new one. A task that keeps its review asks to write
    (``gate``: the slot whose reviews are stopped meanwhile)."""

    def __init__(self, slot: Slot, task: Task, gate: Slot | None = None) -> None:
        self.slot, self.task, self.gate = slot, task, gate
        self.worker: Worker | None = None
        self.kept: str | None = None  # a kept review's id, once kept
        self.on_progress: Callable[[int, int], None] | None = None
        self.ended = self.closed = self.interrupted = self.holding = self.sent = False
        self.began = time.monotonic()

    def start(self) -> None:
        """Wait for a worker, send the task, and wait until the answer starts."""
        self.try_take(wait=True)
        self.started(None)

    def try_take(self, wait: bool = False) -> bool:
        """Whether the task has a worker: one idle is taken and sent the task."""
        if self.claim(wait):
            self.send()
        return self.worker is not None

    def claim(self, wait: bool = False) -> bool:
        """Whether the task has a worker (one idle is taken, not yet sent the task)."""
        if self.worker is None:
            self.worker = self.slot.take(self, wait)
        return self.worker is not None

    def send(self) -> None:
        """The task sent to its worker (a large file fills the pipe until the worker reads)."""
        assert self.worker is not None
        if not self.sent:
            self.sent = True
            self._guarded(self.worker.send, self.task)

    def started(self, timeout: float | None) -> bool:
        """Whether the answer has started, waiting at most ``timeout`` seconds (None: until
        it has); its refusal raised."""
        message = self._guarded(self._next, timeout)
        if message is None:
            return False
        if message[0] != "started":
            self.close()
            raise WorkerStopped(f"the review's worker answered {message[0]}, not started")
        self.kept = message[1]
        self._let_go()
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
                message = self._next(None)
                assert message is not None
                if message[0] == "data":
                    yield message[1]
                elif message[0] == "done":
                    self.ended = True
                else:
                    raise WorkerStopped(f"the review ended unexpectedly ({message[0]})")
        finally:
            self.close()

    def _next(self, timeout: float | None) -> tuple[Any, ...] | None:
        """The worker's next message but progress (given to ``on_progress``) and the asking
        to write (granted); None if there is none within ``timeout`` (None: wait for it); a
        refusal or a failure raised."""
        assert self.worker is not None
        while True:
            if timeout is not None and not self.worker.ready(timeout):
                return None
            message = self._receive()
            if message[0] in ("refused", "failed"):
                self.ended = True  # the worker is ready for the next task
                raise message[1] if message[0] == "refused" else WorkerStopped(message[1])
            if message[0] == "write":
                self._hold()
                self.worker.reply(("go", None))
            elif message[0] != "progress":
                return message
            elif self.on_progress is not None:
                self.on_progress(message[1], message[2])

    def _receive(self) -> tuple[Any, ...]:
        assert self.worker is not None
        try:
            return self.worker.receive()
        except WorkerStopped:
            if not self.interrupted:
                raise
            raise Busy(f"{self.slot.name}: this review was stopped for a clerk's write to the "
                       "voter store; nothing was kept; send it again", 2) from None  # fmt: skip

    def _hold(self) -> None:
        if self.gate is not None and not self.holding:
            self.gate.interrupt()
            self.holding = True

    def _let_go(self) -> None:
        if self.holding:
            self.holding = False
            assert self.gate is not None
            self.gate.resume()

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self._let_go()
        if self.worker is not None and not self.ended:
            self.worker.stop()  # mid-task: what it was doing is let go
        self.slot.give(self, self.worker, time.monotonic() - self.began if self.ended else None)

    def __del__(self) -> None:
        self.close()


class Pool:
    """The public's slot and the clerks' (``public_workers`` processes reviewing at once, at
    most ``public_waiting`` more waiting; one for clerks, ``clerk_waiting`` waiting)."""

    def __init__(self, public_workers: int = 1, public_waiting: int = 3,
                 clerk_waiting: int = 8) -> None:  # fmt: skip
        self.public = Slot("public reviews", public_workers, public_waiting, lowest=True)
        self.clerks = Slot("clerks' reviews", 1, clerk_waiting)

    def submit(self, task: Task, clerk: bool) -> Stream:
        """A stream of ``task`` with its place reserved (``Busy`` when there is none)."""
        slot = self.clerks if clerk else self.public
        slot.reserve()
        return Stream(slot, task, self.public if clerk else None)

    @contextmanager
    def writing(self) -> Iterator[None]:
        """While a clerk writes to the voter store in the server: no public review reads it
        (DuckDB lets a writer in alone), those under way stopped and answered 503."""
        self.public.interrupt()
        try:
            yield
        finally:
            self.public.resume()

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
