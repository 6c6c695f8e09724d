"""The book's version on a database server is read once for everyone asking at about the same
time, and never answered from a read that began before the asker asked."""

from __future__ import annotations

import asyncio
import threading

import pytest

from nyballot.api.shared_read import SharedRead


class Book:
    """A version that a writer moves on, read in a worker thread that waits for ``go``."""

    def __init__(self) -> None:
        self.version, self.reads = 0, 0
        self.go, self.begun = threading.Event(), threading.Event()

    def read(self) -> int:
        self.reads += 1
        seen = self.version  # the snapshot this read sees: as it begins
        self.begun.set()
        if not self.go.wait(5):
            raise TimeoutError("never let go")
        return seen


async def _until(event: threading.Event) -> None:
    while not event.is_set():
        await asyncio.sleep(0.001)


def test_readers_asking_at_once_share_one_read() -> None:
    book = Book()
    book.go.set()
    shared = SharedRead(book.read)

    async def run() -> list[int]:
        return await asyncio.gather(*(shared() for _ in range(16)))

    assert asyncio.run(run()) == [0] * 16
    assert book.reads == 1


def test_a_reader_never_gets_a_read_begun_before_it_asked() -> None:
    book = Book()
    shared = SharedRead(book.read)

    async def run() -> tuple[int, int]:
        first = asyncio.ensure_future(shared())
        await _until(book.begun)  # the first read has its snapshot: version 0
        book.version = 1  # a write is acknowledged, then a second reader asks
        second = asyncio.ensure_future(shared())
        await asyncio.sleep(0.01)
        book.go.set()
        return await first, await second

    assert asyncio.run(run()) == (0, 1)
    assert book.reads == 2


def test_a_reader_that_leaves_does_not_stop_the_read_of_the_others() -> None:
    book = Book()
    shared = SharedRead(book.read)

    async def run() -> int:
        leaving, staying = asyncio.ensure_future(shared()), asyncio.ensure_future(shared())
        await _until(book.begun)
        leaving.cancel()
        book.go.set()
        return await staying

    assert asyncio.run(run()) == 0


def test_a_failed_read_fails_its_readers_and_the_next_reads_again() -> None:
    calls: list[int] = []

    def read() -> int:
        calls.append(1)
        if len(calls) == 1:
            raise ConnectionError("server gone")
        return 7

    shared = SharedRead(read)

    async def run() -> int:
        failed = await asyncio.gather(shared(), shared(), return_exceptions=True)
        assert all(isinstance(f, ConnectionError) for f in failed)
        return await shared()

    assert asyncio.run(run()) == 7
    assert len(calls) == 2


def test_each_event_loop_has_its_own_turns() -> None:
    book = Book()
    book.go.set()
    shared = SharedRead(book.read)
    assert asyncio.run(shared()) == 0
    book.version = 3
    assert asyncio.run(shared()) == 3  # a new loop: not the old loop's finished read


@pytest.mark.parametrize("readers", [2, 5])
def test_readers_after_a_read_under_way_share_the_next(readers: int) -> None:
    book = Book()
    shared = SharedRead(book.read)

    async def run() -> list[int]:
        first = asyncio.ensure_future(shared())
        await _until(book.begun)
        book.version = 2
        later = [asyncio.ensure_future(shared()) for _ in range(readers)]
        await asyncio.sleep(0.01)
        book.go.set()
        return [await first, *[await r for r in later]]

    assert asyncio.run(run()) == [0] + [2] * readers
    assert book.reads == 2
