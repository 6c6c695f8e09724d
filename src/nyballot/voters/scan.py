"""A first pass over a voter file, before anything is stored: size, NUL bytes, line length,
and the layout (47 or 45 fields) from the first line.

It reads the file in large blocks with ``bytes.find``, so it costs a fraction of the load; the
CSV itself (quotes, field counts on every line) is then read by the database.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path

from nyballot.errors import UsageError
from nyballot.voters.layout import LAYOUTS

MAX_FILE = 16 * 1024**3  # the state's file is about 5 GB
MAX_LINE = 64 * 1024  # a record is a few hundred bytes
BLOCK = 8 * 1024 * 1024


def scan(path: Path, progress: Callable[[str], None] | None = None) -> int:
    """The number of fields of the file's records; UsageError naming the line if unfit."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise UsageError(f"{path}: cannot read ({exc.strerror})") from None
    if not path.is_file():
        raise UsageError(f"{path}: not a file")
    if size > MAX_FILE:
        raise UsageError(f"{path}: {size:,} bytes; more than the {MAX_FILE:,} a voter file has")
    if size == 0:
        raise UsageError(f"{path}: empty")
    lines = 0
    run = 0  # bytes since the last line break
    shown = -1
    with path.open("rb") as f:
        first = f.readline(MAX_LINE + 1)
        fields = _fields(path, first)
        f.seek(0)
        done = 0
        while block := f.read(BLOCK):
            nul = block.find(b"\0")
            if nul >= 0:
                line = lines + block.count(b"\n", 0, nul) + 1
                raise UsageError(f"{path}: line {line}: a NUL byte")
            run = _check_lengths(path, block, run, lines)
            lines += block.count(b"\n")
            done += len(block)
            percent = done * 100 // size
            if progress is not None and percent // 10 != shown:
                shown = percent // 10
                progress(f"checked {percent}% ({lines:,} lines)")
    return fields


def _check_lengths(path: Path, block: bytes, run: int, lines: int) -> int:
    """Refuse a line longer than MAX_LINE; return the bytes since the block's last break.

    Within each stretch of MAX_LINE bytes any line that starts and ends is shorter than the
    limit, so only lines crossing a stretch's first break need counting.
    """
    start = 0
    while start < len(block):
        end = min(start + MAX_LINE, len(block))
        first = block.find(b"\n", start, end)
        if first < 0:
            run += end - start
            if run > MAX_LINE:
                line = lines + block.count(b"\n", 0, start) + 1
                raise UsageError(f"{path}: line {line}: longer than {MAX_LINE:,} bytes")
        else:
            if run + first - start > MAX_LINE:
                line = lines + block.count(b"\n", 0, first) + 1
                raise UsageError(f"{path}: line {line}: longer than {MAX_LINE:,} bytes")
            run = end - block.rfind(b"\n", start, end) - 1
        start = end
    return run


def _fields(path: Path, first: bytes) -> int:
    if len(first) > MAX_LINE:
        raise UsageError(f"{path}: line 1: longer than {MAX_LINE:,} bytes")
    text = first.decode("latin-1").rstrip("\r\n")
    row = next(csv.reader([text]), [])
    if len(row) not in LAYOUTS:
        raise UsageError(
            f"{path}: line 1: {len(row)} fields; expected 47 (or 45 in files before December 2021)"
        )
    return len(row)
