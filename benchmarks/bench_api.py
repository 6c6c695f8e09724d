"""Calendar requests per second through the HTTP API (a real uvicorn server), with the
latency percentiles the clients saw.

.venv/bin/python benchmarks/bench_api.py [--seconds 5] [--clients 16] [--workers 1]

The goal: ``GET /calendar/2026`` at 16 clients with p99 under 50 ms. The server runs without
its per-client rate limit (every client here is 127.0.0.1).
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def measure(base: str, path: str, clients: int, seconds: float, workers: int) -> None:
    latencies: list[list[float]] = [[] for _ in range(clients)]
    stop = time.perf_counter() + seconds

    def client(k: int) -> None:
        with httpx.Client(base_url=base) as c:
            while (start := time.perf_counter()) < stop:
                c.get(path).raise_for_status()
                latencies[k].append(time.perf_counter() - start)

    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    every = sorted(x for per in latencies for x in per)
    total = len(every)
    p50, p99 = (every[min(total - 1, int(total * q))] * 1000 for q in (0.50, 0.99))
    print(
        f"GET {path}: {total} requests in {elapsed:.1f} s = {total / elapsed:.1f} req/s "
        f"({clients} clients, {workers} server worker(s)); p50 {p50:.1f} ms, p99 {p99:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--path", default="/calendar/2026")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'api.sqlite3'}"
        exe = str(Path(sys.executable).with_name("nyballot"))
        server = subprocess.Popen(
            [
                *(exe, "serve", "--port", str(port), "--db", url),
                *("--workers", str(args.workers), "--rate-limit", "0"),
            ]
        )
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(200):
                try:
                    httpx.get(base + "/health").raise_for_status()
                    break
                except httpx.HTTPError:
                    time.sleep(0.05)
            httpx.get(base + args.path).raise_for_status()  # warm up
            for path in ("/health", args.path):  # the floor first: the least route there is
                measure(base, path, args.clients, args.seconds, args.workers)
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
