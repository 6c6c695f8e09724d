"""Voter-file import and petition review at the state's size, beside floors measured in the
same run.

    .venv/bin/python benchmarks/bench_voters.py [--voters 13000000] [--lines 10000 1000000]
        [--dir DIR] [--keep DIR] [--server postgresql://...]

Targets: import 13 million records in under 90 s and 2 GB; review 10,000 lines in under 5 s
and 1,000,000 lines in under 5 minutes. Floors: DuckDB's own bare scan of the same CSV (for
the import) and an exact join of the lines on name and address with no fuzzy matching (for
the review). The import and each review run as their own process so that their peak memory
is their own; a review is timed as the command line runs it (the JSON written as each line is
ruled), and its time is split into the store's queries and the Python around them. With
``--server``, the same file is imported into that PostgreSQL database too and the same lines are
reviewed there, beside the DuckDB file's figures (the server's schema is replaced).
"""

from __future__ import annotations

import argparse
import csv
import gc
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import duckdb

from nyballot.law.choice import LawChoice
from nyballot.petitions.lines import read_lines
from nyballot.petitions.report import write_json
from nyballot.petitions.review import Request, Review
from nyballot.voters.sample import write_sample
from nyballot.voters.store import connect, opened

CLI = [str(Path(sys.executable).parent / "nyballot")]


def timed(label: str, func, *args):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    value = func(*args)
    took = time.perf_counter() - start
    print(f"{label:<48} {took:8.2f} s", flush=True)
    return value, took


def bare_scan(path: Path) -> int:
    con = duckdb.connect()
    con.execute("SET threads = 2")
    row = con.execute(
        "SELECT count(*) FROM read_csv(?, header = false, all_varchar = true, "
        "encoding = 'latin-1', auto_detect = false, delim = ',', quote = '\"', "
        "columns = {" + ", ".join(f"'c{i}': 'VARCHAR'" for i in range(47)) + "})",
        [str(path)],
    ).fetchone()
    return int(row[0]) if row else 0


def import_process(path: Path, db: str) -> int:
    """Import in a child process; its own peak memory (KB)."""
    child = subprocess.Popen([*CLI, "voters", "import", str(path), "--db", db, "--date",
                              "2026-01-05", "--replace"], stderr=subprocess.DEVNULL)  # fmt: skip
    _, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"voters import into {db} failed")
    return int(usage.ru_maxrss)


def make_lines(db: Path, n: int, out: Path) -> None:
    con = connect(db, read_only=True)
    rows = con.execute(
        "SELECT FIRSTNAME, LASTNAME, RADDNUMBER, RSTREETNAME FROM voters "
        f"USING SAMPLE {n} ROWS (reservoir, 7)"
    ).fetchall()
    con.close()
    with out.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["sheet", "line", "date", "name", "address", "witness_name",
                    "witness_address", "witness_date"])  # fmt: skip
        for i, (first, last, house, street) in enumerate(rows):
            # Each sheet's first signer witnesses it, so a sheet's lines can all be valid.
            line = [i // 10 + 1, i % 10 + 1, "2026-03-01", f"{first} {last}", f"{house} {street}"]
            w.writerow(line + ([*line[3:5], "2026-03-31"] if i % 10 == 0 else ["", "", ""]))


def exact_join(db: str, lines: Path) -> int:
    with opened(db) as con:
        row = con.execute(
            "SELECT count(*) FROM read_csv(?, header = true, all_varchar = true) q "
            "JOIN voters v ON v.FIRSTNAME || ' ' || v.LASTNAME = q.name "
            "AND v.RADDNUMBER || ' ' || v.RSTREETNAME = q.address",
            [str(lines)],
        ).fetchone()
    return int(row[0]) if row else 0


class TimedConnection:
    """The store's connection, counting the time spent inside it (the queries and the
    fetching of their rows), in wall time, and in the review's own thread's processor time:
    the rest of that thread's time is the review's Python. The processor time moves less with
    the machine's load. A lookup made ahead on a connection of its own (``cursor``, in another
    thread) counts its wall time beside the Python's, not inside it."""

    def __init__(self, con: duckdb.DuckDBPyConnection, parent: TimedConnection | None = None):
        self.con, self.spent, self.cpu, self.ahead = con, 0.0, 0.0, 0.0
        self.parent = parent

    def timed(self, func, *args):  # type: ignore[no-untyped-def]
        wall, cpu = time.perf_counter(), time.thread_time()
        value = func(*args)
        if self.parent is not None:
            self.parent.ahead += time.perf_counter() - wall
        else:
            self.spent += time.perf_counter() - wall
            self.cpu += time.thread_time() - cpu
        return value

    def execute(self, *args):  # type: ignore[no-untyped-def]
        self.timed(self.con.execute, *args)
        return self

    def cursor(self) -> TimedConnection:
        return TimedConnection(self.con.cursor(), self)

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        found = getattr(self.con, name)
        if not name.startswith("fetch"):
            return found
        return lambda *args: self.timed(found, *args)


def one_review(db: str, lines: Path) -> None:
    """A review as ``petitions review --format json`` writes it (to /dev/null), in this
    process alone so that its peak memory is its own; prints its figures as JSON."""
    start, cpu = time.perf_counter(), time.thread_time()
    petition = read_lines(lines.read_bytes(), str(lines))
    request = Request(year=2026, party="DEM", required=1, law=LawChoice())
    gc.disable()  # as the command line does
    with opened(db) as store, open(os.devnull, "wb") as out:
        con = TimedConnection(store)
        run = Review(con, petition, request)  # type: ignore[arg-type]
        write_json(run.lines(), run.rest, out)
    took, cpu = time.perf_counter() - start, time.thread_time() - cpu
    used = resource.getrusage(resource.RUSAGE_SELF)
    peak, process_cpu = used.ru_maxrss * 1024, used.ru_utime + used.ru_stime
    figures = {"took": took, "store": con.spent, "ahead": con.ahead, "cpu": process_cpu,
               "python_cpu": cpu - con.cpu, "peak": peak,
               "valid": run.count.valid.total(), "load": os.getloadavg()[0]}  # fmt: skip
    print(json.dumps(figures))


def full_review(db: str, lines: Path, n: int) -> dict[str, float]:
    done = subprocess.run([sys.executable, __file__, "--review", db, str(lines)],
                          check=True, capture_output=True, text=True)  # fmt: skip
    figures: dict[str, float] = json.loads(done.stdout)
    python = figures["took"] - figures["store"]
    label = f"petitions review of {n:,} lines ({_kind(db)}), JSON written"
    print(f"{label:<48} {figures['took']:8.2f} s")
    print(f"  in the store's queries {figures['store']:.2f} s (and {figures['ahead']:.2f} s "
          "ahead, beside the Python); "
          f"the rest (Python, and waiting for a lookup) {python:.2f} s "
          f"({python / n * 1e6:.0f} us a line; processor time "
          f"{figures['python_cpu'] / n * 1e6:.0f} us a line); peak memory "
          f"{figures['peak'] / 1e6:,.0f} MB; load {figures['load']:.1f}; processor time of "
          f"every thread {figures['cpu']:.1f} s")  # fmt: skip
    return figures


def imported(source: Path, stores: list[str]) -> None:
    if not stores:
        return
    _, floor = timed("floor: DuckDB bare CSV scan", bare_scan, source)
    for db in stores:
        peak, took = timed(f"voters import ({_kind(db)})", import_process, source, db)
        print(f"  import / floor = {took / floor:.1f}x; peak memory {peak / 1024:.0f} MB")


def _kind(db: str) -> str:
    return "PostgreSQL" if "://" in db else "DuckDB file"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--voters", type=int, default=13_000_000)
    parser.add_argument("--lines", type=int, nargs="+", default=[10_000, 1_000_000])
    parser.add_argument("--dir", type=Path, help="Where the temporary files go.")
    parser.add_argument("--keep", type=Path, help="Keep (or reuse) the file and store here.")
    parser.add_argument("--server", metavar="URL", help="A PostgreSQL voter store to compare.")
    parser.add_argument(
        "--review",
        nargs=2,
        metavar=("STORE", "LINES"),
        help="Review LINES against STORE alone (used by the benchmark).",
    )
    args = parser.parse_args()
    if args.review:
        one_review(args.review[0], Path(args.review[1]))
        return
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="bench-voters-") as folder:
        root = args.keep or Path(folder)
        root.mkdir(parents=True, exist_ok=True)
        source, db = root / "AllNYSVoters_20260105.txt", root / "voters.duckdb"
        stores = [str(db), *([args.server] if args.server else [])]
        if not source.exists():
            with source.open("wb") as out:
                timed(f"voters sample --voters {args.voters:,}", write_sample, args.voters, 7, out)
            print(f"  file: {source.stat().st_size / 1e9:.2f} GB")
        imported(source, stores if not db.exists() else stores[1:])
        for n in args.lines:
            lines = root / f"lines-{n}.csv"
            make_lines(db, n, lines)
            for store in stores:
                kind = _kind(store)
                _, floor = timed(f"floor: exact join of {n:,} lines ({kind})", exact_join, store,
                                 lines)  # fmt: skip
                figures = full_review(store, lines, n)
                print(f"  review / floor = {figures['took'] / floor:.1f}x; "
                      f"{figures['valid']:,} valid of {n:,}")  # fmt: skip


if __name__ == "__main__":
    main()
