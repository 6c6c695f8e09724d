"""``GET /calendar/2026`` at 16 clients through the HTTP API (a real ``nyballot serve``), with the
latency percentiles the clients saw, beside ``/health`` (the floor) in the same run.

.venv/bin/python benchmarks/bench_api.py [--seconds 5] [--clients 16] [--workers 1] [--runs 3]

The goal: ``GET /calendar/2026`` at 16 clients with p99 under 50 ms. Where the time goes is
printed first: each route called in this process straight through the application (no socket, no
HTTP parsing), which is the server's own work per request; under load, the CPU time per request
of the server process and of the clients is printed beside what the clients saw. The load comes
from ``wrk`` (a compiled client, installed by ``scripts/wrk`` when missing), so 16 clients do
not take the two cores from the server; without it (``--client asyncio``, or wrk missing), from
one asyncio process holding 16 connections; ``--client httpx``: 16 Python threads, as this
benchmark used to measure. Each client sends the next request as soon as it has read the whole
answer. Three requests are measured in turns: ``/health``, the calendar as a bare client asks
for it (152 KB of JSON), and the calendar as a browser or ``curl --compressed`` asks for it
(``Accept-Encoding: gzip``). The server runs without its per-client rate limit (every client
here is 127.0.0.1). ``/health`` goes through the framework's routing, which a calendar answered
before skips, so the calendar's ratio to that floor can be under 1.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

GZIP = ("accept-encoding", "gzip, deflate")


@dataclass
class Run:
    label: str
    requests: int
    seconds: float
    p50: float  # milliseconds
    p99: float
    size: int  # bytes of the body each answer carried
    cpu: float  # the server's CPU time (user and system) per request, milliseconds
    client_cpu: float  # the clients' (wrk's, or this process's), per request, milliseconds

    def __str__(self) -> str:
        return (
            f"{self.label:<16} {self.requests / self.seconds:5.0f} req/s  "
            f"p50 {self.p50:5.1f} ms  p99 {self.p99:5.1f} ms  CPU ms/req server {self.cpu:.2f}, "
            f"clients {self.client_cpu:.2f}  "
            f"{self.size:>7,} B"
        )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_cpu(pid: int) -> float:
    """Seconds of CPU (user and system) the server process and its workers have used so far
    (Linux's /proc; 0 elsewhere)."""
    total, pids = 0.0, [pid]
    while pids:
        p = pids.pop()
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            children = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        pids += [int(c) for c in children]
    return total


def client_cpu() -> float:
    """Seconds of CPU used so far by this process and its finished children (wrk)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def load() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


# --- the application alone ------------------------------------------------------------------


def in_app(path: str, headers: tuple[tuple[str, str], ...], n: int) -> tuple[float, float]:
    """Median and 99th percentile, in microseconds, of one request handed straight to the
    application (every middleware and the route; no socket, no HTTP parsing)."""
    from nyballot.api import create_app

    with tempfile.TemporaryDirectory() as folder:
        app = create_app(f"sqlite:///{Path(folder) / 'api.sqlite3'}", rate=0)
        scope: dict[str, Any] = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": b"",
            "root_path": "",
            "headers": [(b"host", b"127.0.0.1"), *((k.encode(), v.encode()) for k, v in headers)],
            "client": ("127.0.0.1", 50000),
            "server": ("127.0.0.1", 8000),
        }

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: Any) -> None:
            return None

        async def times() -> list[float]:
            await app(dict(scope), receive, send)  # the calendar computed and kept
            spent = []
            for _ in range(n):
                start = time.perf_counter()
                await app(dict(scope), receive, send)
                spent.append(time.perf_counter() - start)
            return sorted(spent)

        spent = asyncio.run(times())
    return spent[n // 2] * 1e6, spent[int(n * 0.99)] * 1e6


# --- load over HTTP -------------------------------------------------------------------------


def with_wrk(
    url: str, headers: tuple[tuple[str, str], ...], clients: int, seconds: float
) -> tuple[int, float, float]:
    """Requests, p50 and p99 (ms) from wrk: one thread, ``clients`` connections."""
    args = ["wrk", "-t1", f"-c{clients}", f"-d{seconds:g}s", "--latency", "--timeout", "30s"]
    for name, value in headers:
        args += ["-H", f"{name}: {value}"]
    out = subprocess.run([*args, url], capture_output=True, text=True, check=True).stdout
    if "Non-2xx" in out or "Socket errors" in out:
        raise SystemExit(f"wrk saw errors:\n{out}")

    def ms(label: str) -> float:
        found = re.search(rf"^\s*{label}\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        if found is None:
            raise SystemExit(f"no {label} in wrk's output:\n{out}")
        scale = {"us": 1e-3, "ms": 1.0, "s": 1e3}[found.group(2)]
        return float(found.group(1)) * scale

    total = re.search(r"^\s*(\d+) requests in", out, re.M)
    assert total is not None, out
    return int(total.group(1)), ms("50%"), ms("99%")


def with_asyncio(
    url: str, headers: tuple[tuple[str, str], ...], clients: int, seconds: float
) -> tuple[int, float, float]:
    """The same from one asyncio process: ``clients`` keep-alive connections, each sending the
    next request when it has read the last answer (headers, then Content-Length bytes)."""
    found = re.fullmatch(r"http://([^:/]+):(\d+)(/.*)", url)
    assert found is not None, url
    host, port, path = found.group(1), int(found.group(2)), found.group(3)
    extra = "".join(f"{k}: {v}\r\n" for k, v in headers)
    request = f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n{extra}\r\n".encode()

    async def client(stop: float, spent: list[float]) -> None:
        reader, writer = await asyncio.open_connection(host, port)
        while (start := time.perf_counter()) < stop:
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            if not head.startswith(b"HTTP/1.1 200"):
                raise SystemExit(f"{path}: {head.splitlines()[0]!r}")
            length = re.search(rb"(?im)^content-length:\s*(\d+)", head)
            assert length is not None, head
            await reader.readexactly(int(length.group(1)))
            spent.append(time.perf_counter() - start)
        writer.close()

    async def every() -> list[float]:
        spent: list[float] = []
        stop = time.perf_counter() + seconds
        await asyncio.gather(*(client(stop, spent) for _ in range(clients)))
        return sorted(spent)

    spent = asyncio.run(every())
    n = len(spent)
    return n, spent[n // 2] * 1e3, spent[int(n * 0.99)] * 1e3


def with_httpx(
    url: str, headers: tuple[tuple[str, str], ...], clients: int, seconds: float
) -> tuple[int, float, float]:
    """The same from ``clients`` Python threads, one httpx client each (as this benchmark
    measured before wrk): the threads take much of the two cores from the server."""
    import threading

    spent: list[float] = []
    stop = time.perf_counter() + seconds

    def client() -> None:
        with httpx.Client(headers={"accept-encoding": "identity", **dict(headers)}) as c:
            while (start := time.perf_counter()) < stop:
                c.get(url).raise_for_status()
                spent.append(time.perf_counter() - start)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    spent.sort()
    n = len(spent)
    return n, spent[n // 2] * 1e3, spent[int(n * 0.99)] * 1e3


CLIENTS = {"wrk": with_wrk, "asyncio": with_asyncio, "httpx": with_httpx}


def measure(
    server: int,
    base: str,
    label: str,
    path: str,
    headers: tuple[tuple[str, str], ...],
    args: argparse.Namespace,
) -> Run:
    asked = {"accept-encoding": "identity", **dict(headers)}  # httpx would ask for gzip
    answer = httpx.get(base + path, headers=asked).raise_for_status()
    size = int(answer.headers.get("content-length", len(answer.content)))  # as sent
    run = CLIENTS[args.client]
    start, cpu, own = time.perf_counter(), server_cpu(server), client_cpu()
    total, p50, p99 = run(base + path, headers, args.clients, args.seconds)
    elapsed = time.perf_counter() - start
    cpu, own = (server_cpu(server) - cpu) / total * 1000, (client_cpu() - own) / total * 1000
    return Run(label, total, elapsed, p50, p99, size, cpu, own)


def serve(args: argparse.Namespace, folder: str) -> tuple[subprocess.Popen[bytes], str]:
    url = f"sqlite:///{Path(folder) / 'api.sqlite3'}"
    return started(["--db", url, "--workers", str(args.workers), "--rate-limit", "0"])


def started(options: list[str], **popen: Any) -> tuple[subprocess.Popen[bytes], str]:
    """``nyballot serve`` on a free port with ``options``, once it answers ``/health``; the
    process and its base URL."""
    port = free_port()
    exe = str(Path(sys.executable).with_name("nyballot"))
    server = subprocess.Popen([exe, "serve", "--port", str(port), *options], **popen)
    base = f"http://127.0.0.1:{port}"
    for _ in range(400):
        try:
            httpx.get(base + "/health").raise_for_status()
            break
        except httpx.HTTPError:
            time.sleep(0.05)
    return server, base


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--path", default="/calendar/2026")
    parser.add_argument("--client", choices=sorted(CLIENTS), default="wrk")
    args = parser.parse_args()
    if args.client == "wrk" and shutil.which("wrk") is None:
        installer = Path(__file__).resolve().parent.parent / "scripts" / "wrk"
        if subprocess.run([str(installer)], check=False).returncode != 0:
            print("wrk could not be installed: one asyncio process instead")
            args.client = "asyncio"

    print(f"In the application, no socket ({load()}):")
    floor = in_app("/health", (), 3000)
    print(f"  /health{'':<26} p50 {floor[0]:6.0f} us  p99 {floor[1]:6.0f} us")
    for label, headers in (("", ()), (" gzip", (GZIP,))):
        p50, p99 = in_app(args.path, headers, 3000)
        print(
            f"  {args.path + label:<33} p50 {p50:6.0f} us  p99 {p99:6.0f} us  "
            f"({p50 / floor[0]:.1f}x /health)"
        )

    with tempfile.TemporaryDirectory() as folder:
        server, base = serve(args, folder)
        every: list[tuple[Run, Run, Run]] = []
        try:
            for k in range(args.runs):
                print(
                    f"Run {k + 1}: /health, then GET {args.path}; {args.clients} clients "
                    f"({args.client}), {args.workers} server worker(s), {load()}"
                )
                health = measure(server.pid, base, "/health", "/health", (), args)
                plain = measure(server.pid, base, "plain", args.path, (), args)
                gzip = measure(server.pid, base, "gzip accepted", args.path, (GZIP,), args)
                print(f"  {health}")
                for run in (plain, gzip):
                    print(f"  {run}  p99 {run.p99 / health.p99:.1f}x /health's")
                every.append((health, plain, gzip))
        finally:
            server.terminate()
            server.wait(10)
    summary(every)


def summary(every: list[tuple[Run, Run, Run]]) -> None:
    """The p99s of every run, lowest to highest, and their ratios to /health's."""
    print(f"Over {len(every)} run(s), p99 lowest-highest (and as a ratio to /health's):")
    for k, label in enumerate(run.label for run in every[0]):
        p99s = sorted(runs[k].p99 for runs in every)
        ratios = sorted(runs[k].p99 / runs[0].p99 for runs in every)
        print(
            f"  {label:<16} {p99s[0]:5.1f}-{p99s[-1]:5.1f} ms"
            + (f"  ({ratios[0]:.1f}-{ratios[-1]:.1f}x)" if k else "")
        )


if __name__ == "__main__":
    main()
