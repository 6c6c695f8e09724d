"""Calendar requests per second through the HTTP API (a real uvicorn server).

.venv/bin/python benchmarks/bench_api.py [--seconds 5] [--clients 8] [--workers 1]
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--path", default="/calendar/2026")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'api.sqlite3'}"
        exe = str(Path(sys.executable).with_name("nyballot"))
        server = subprocess.Popen(
            [exe, "serve", "--port", str(port), "--db", url, "--workers", str(args.workers)]
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
            counts = [0] * args.clients
            stop = time.perf_counter() + args.seconds

            def client(k: int) -> None:
                with httpx.Client(base_url=base) as c:
                    while time.perf_counter() < stop:
                        c.get(args.path).raise_for_status()
                        counts[k] += 1

            threads = [threading.Thread(target=client, args=(k,)) for k in range(args.clients)]
            start = time.perf_counter()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            elapsed = time.perf_counter() - start
            total = sum(counts)
            print(
                f"GET {args.path}: {total} requests in {elapsed:.1f} s = {total / elapsed:.1f} "
                f"req/s ({args.clients} clients, {args.workers} server worker(s))"
            )
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
