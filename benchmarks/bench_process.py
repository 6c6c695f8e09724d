"""How long does a whole command take? Run: .venv/bin/python benchmarks/bench_process.py

`nyballot calendar 2026 --format json` (or, with ``--command special``, a special election's
calendar; with ``--command signatures``, `nyballot signatures --year 2027 --unit assembly
--enrolled 30000`) as a process of its own (start, import, load the law,
compute, write), against `python -c pass` started the same way in the same run. The figure that
matters is the ratio of the best times, which does not depend on the machine's speed; the target
is at most 15. The first run fills the law cache (see ``nyballot.cache``); it is reported
apart, as is a run with the cache off (``NYBALLOT_CACHE_DIR=off``). The runs write Python's
bytecode caches as an installed package has them (``PYTHONDONTWRITEBYTECODE`` is dropped):
otherwise every start would compile the package's sources again. The processor time each
takes (user and system, of the child process) is reported beside the wall time: on a loaded
machine it moves far less than the wall clock does.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET = 15.0
COMMANDS = {
    "calendar": ["calendar", "2026", "--format", "json"],
    # A special election's whole calendar: a year's calendar with its events, the special
    # rules in the office's forms, and the year's rules counted again with its day.
    "special": [
        "special", "--office", "assembly", "--proclaimed", "2026-02-02", "--election",
        "2026-03-17", "--vacancy", "2026-01-28", "--format", "json",
    ],
    "signatures": ["signatures", "--year", "2027", "--unit", "assembly", "--enrolled", "30000"],
}  # fmt: skip


def once(argv: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - started


def best(argv: list[str], env: dict[str, str], runs: int) -> float:
    return min(once(argv, env) for _ in range(runs))


def processor(argv: list[str], env: dict[str, str], runs: int) -> float:
    """The least processor time (user and system) of ``runs`` runs."""
    found = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        found.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--command", choices=COMMANDS, default="calendar")
    args = parser.parse_args()
    command = COMMANDS[args.command]
    nyballot = str(Path(sys.executable).parent / "nyballot")
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "NYBALLOT_CACHE_DIR": folder}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        cold = once([nyballot, *command], env)  # fills the cache
        floor = best([sys.executable, "-c", "pass"], env, args.runs)
        warm = best([nyballot, *command], env, args.runs)
        off = best([nyballot, *command], {**env, "NYBALLOT_CACHE_DIR": "off"}, 3)
        cpu_floor = processor([sys.executable, "-c", "pass"], env, args.runs)
        cpu = processor([nyballot, *command], env, args.runs)
    ratio = warm / floor
    print(f"python -c pass: {floor * 1000:.0f} ms (best of {args.runs})")
    print(
        f"nyballot {' '.join(command)}: {warm * 1000:.0f} ms; ratio {ratio:.1f} "
        f"(target <= {TARGET:g}){'' if ratio <= TARGET else '  OVER TARGET'}"
    )
    print(f"  first run, filling the cache: {cold * 1000:.0f} ms")
    print(f"  cache off: {off * 1000:.0f} ms; ratio {off / floor:.1f}")
    print(
        f"  processor time: {cpu * 1000:.0f} ms against {cpu_floor * 1000:.0f} ms; "
        f"ratio {cpu / cpu_floor:.1f}"
    )


if __name__ == "__main__":
    main()
