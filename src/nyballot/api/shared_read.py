"""A read from a database server, shared by everyone who asks for it at about the same time.

A kept page is answered only after the book's version is read, and on a database server that
read is a round trip, made in a worker thread. Sixteen readers each taking a thread for it
spend their time in the threads' turns at the interpreter, not in the database. So one read is
under way at a time (per event loop): whoever asks while it is under way waits on the loop for
the next, which begins only after that one has ended, and everyone waiting for it shares its
answer. A reader therefore never gets an answer read before it asked: it sees every commit
acknowledged before it asked, as a read of its own would.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

import anyio

T = TypeVar("T")


@dataclass
class _Turns(Generic[T]):
    under_way: asyncio.Task[T] | None = None  # the read that has begun
    next: asyncio.Task[T] | None = None  # the read whoever asks now waits for


class SharedRead(Generic[T]):
    """``read()`` in a worker thread, at most one at a time on each event loop, its answer
    shared by everyone who asked before it began."""

    def __init__(self, read: Callable[[], T]) -> None:
        self.read = read
        self._loops: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Turns[T]] = (
            weakref.WeakKeyDictionary()
        )

    async def __call__(self) -> T:
        loop = asyncio.get_running_loop()
        turns = self._loops.setdefault(loop, _Turns())
        if turns.next is None:
            turns.next = loop.create_task(self._after(turns, turns.under_way))
        # Shielded: a reader that leaves does not cancel the read the others wait for.
        return await asyncio.shield(turns.next)

    async def _after(self, turns: _Turns[T], before: asyncio.Task[T] | None) -> T:
        if before is not None:
            await asyncio.wait([before])
        turns.under_way, turns.next = turns.next, None  # whoever asks now waits for the next
        return await anyio.to_thread.run_sync(self.read)
