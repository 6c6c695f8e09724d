"""Keying a scanned volume: keystrokes and seconds per line for a simulated clerk, and the
server's p99 per keyed line (the key committed and the next line claimed, one request) with a
petition review running beside it, through a real ``nyballot serve``.

    .venv/bin/python benchmarks/bench_keying.py [--voters 100000] [--lines 400] [--clerks 2]
        [--reviewers 1] [--keys-per-second 5] [--keep DIR]

The volume is kept in the desk's book before the server starts (its crops drawn with Pillow,
as a scan gives them), ``--lines`` signature lines on sheets of 10, each a voter sampled from
the store: what the clerk types is the voter's name and address and a date. One line in ten is
blank (one key, Alt+B). The clerk types at ``--keys-per-second`` (5: 300 keys a minute, a
practised data-entry clerk) and asks the type-ahead once per address field (the page asks after
each pause of 150 ms; a steady typist pauses at the field's end). Seconds per line is the
typing at that rate plus the server's answers the clerk waits for (the key; the type-ahead is
not waited for). ``--clerks`` clerks key the volume at once; ``--reviewers`` clients without a
token each send ``POST /petitions/review`` of a 2,000-line file one after another meanwhile.
The target: a keyed line under 50 ms p99 beside the review.
"""

from __future__ import annotations

import argparse
import io
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_api import load, started
from bench_book import p99
from bench_review_load import reviews, voter_store
from bench_voters import make_lines

from nyballot.filing.access import Actor
from nyballot.filing.desk import Desk, Submission
from nyballot.keying.store import Keying
from nyballot.paper.model import LineCrop, ScannedSheet, ScannedVolume

GOAL_MS = 50.0
LINES_PER_SHEET = 10
BLANK_EVERY = 10  # one line in ten left blank by its signer
DATE = "03/01/2026"


def crop(text: str) -> bytes:
    image = Image.new("L", (1200, 60), 255)
    ImageDraw.Draw(image).text((10, 20), text, fill=0)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def signers(store: Path, n: int, folder: Path) -> list[tuple[str, str]]:
    """``n`` voters of the store as a line names them: name, address."""
    path = folder / f"keying-{n}.csv"
    make_lines(store, n, path)
    rows = path.read_text(encoding="utf-8").splitlines()[1:]
    import csv

    return [(row[3], row[4]) for row in csv.reader(rows)]


def volume(lines: list[tuple[str, str]]) -> ScannedVolume:
    """The scanned volume: sheets of 10 lines, each crop showing what is written on it."""
    sheets = []
    for start in range(0, len(lines), LINES_PER_SHEET):
        number = start // LINES_PER_SHEET + 1
        crops = tuple(
            LineCrop(n + 1, (0, 0, 1200, 60), crop(f"{name}  {address}  {DATE}"))
            for n, (name, address) in enumerate(lines[start : start + LINES_PER_SHEET])
        )
        sheets.append(
            ScannedSheet(
                number, "lines", None, crops, LineCrop(0, (0, 0, 1200, 60), crop("witness"))
            )
        )
    return ScannedVolume("bench.pdf", "0" * 64, len(sheets), tuple(sheets))


def keyed_as(sheet: int, line: int, lines: list[tuple[str, str]]) -> dict[str, str]:
    """What the clerk keys of a line (the witness statement: the sheet's first signer)."""
    number = (sheet - 1) * LINES_PER_SHEET + max(line, 1) - 1
    if line and line % BLANK_EVERY == 0:
        return {"state": "blank"}
    name, address = lines[number]
    return {"name": name, "address": address, "date": DATE}


def keystrokes(keyed: dict[str, str]) -> int:
    if keyed.get("state") == "blank":
        return 1
    return len(keyed["name"]) + len(keyed["address"]) + len(keyed["date"]) + 3  # Tab, Tab, Enter


def clerk(
    base: str, token: str, uid: str, lines: list[tuple[str, str]], out: dict[str, list[float]],
    lookups: bool = True,
) -> None:  # fmt: skip
    """One clerk keying until no line is left: each key's time, each type-ahead's, the keys."""
    headers = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=base, headers=headers, timeout=60) as c:
        line = c.post(f"/desk/keying/volumes/{uid}/claim").raise_for_status().json()["line"]
        while line is not None:
            keyed = keyed_as(line["sheet"], line["line"], lines)
            if "name" in keyed and lookups:
                t = time.perf_counter()
                c.get("/desk/keying/lookup", params={"name": keyed["name"],
                      "address": keyed["address"]}).raise_for_status()  # fmt: skip
                out["lookup"].append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            answer = c.post(f"/desk/keying/volumes/{uid}/lines/{line['sheet']}/{line['line']}",
                            json=keyed).raise_for_status()  # fmt: skip
            out["key"].append((time.perf_counter() - t) * 1000)
            out["keys"].append(keystrokes(keyed))
            line = answer.json()["next"]


def asked(took: list[float]) -> str:
    if not took:
        return "no type-ahead asked"
    return f"type-ahead p50 {statistics.median(took):.1f} ms, p99 {p99(took):.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--voters", type=int, default=100_000)
    parser.add_argument("--lines", type=int, default=400)
    parser.add_argument("--clerks", type=int, default=2)
    parser.add_argument("--reviewers", type=int, default=1)
    parser.add_argument("--keys-per-second", type=float, default=5.0)
    parser.add_argument("--no-lookups", action="store_true", help="No type-ahead asked.")
    parser.add_argument("--keep", type=Path, help="Where the voter store is (or is made).")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="nyballot-keying-"))
    folder.mkdir(parents=True, exist_ok=True)
    store = voter_store(folder, args.voters)
    review_lines = folder / "lines-2000.csv"
    if not review_lines.exists():
        make_lines(store, 2000, review_lines)
    lines = signers(store, args.lines, folder)
    desk_dir = Path(tempfile.mkdtemp(prefix="nyballot-keying-desk-"))
    url = f"sqlite:///{desk_dir / 'desk.sqlite3'}"
    desk = Desk(url)
    tokens = [desk.create_token(f"Clerk {n + 1}", "clerk") for n in range(args.clerks)]
    filed, _ = desk.submit(Submission(kind="designating_petition", board="erie", year=2026,
                                      candidates=[{"name": "Ana Ruiz", "residence": "Buffalo"}],
                                      office="Member of Assembly", party="Democratic"),
                           Actor("Bench Clerk", "clerk"))  # fmt: skip
    uid = Keying(desk.engine).keep(volume(lines), filed["uid"], "erie", "Bench Clerk", 1)
    server, base = started(
        ["--db", url, "--voters-db", str(store), "--rate-limit", "0", "--review-workers", "1",
         "--review-queue", "3"], stderr=subprocess.DEVNULL,
    )  # fmt: skip
    stop, took, refused = threading.Event(), [], []
    body = review_lines.read_bytes()
    beside = [threading.Thread(target=reviews, args=(base, body, stop, took, refused))
              for _ in range(args.reviewers)]  # fmt: skip
    out: dict[str, list[float]] = {"key": [], "lookup": [], "keys": []}
    try:
        print(f"voter store {store} ({args.voters:,} voters); {load()}")
        for t in beside:
            t.start()
        time.sleep(2 if args.reviewers else 0)  # the reviews under way first
        started_at = time.perf_counter()
        clerks = [threading.Thread(target=clerk, args=(base, token, uid, lines, out,
                                                         not args.no_lookups))
                  for token in tokens]  # fmt: skip
        for t in clerks:
            t.start()
        for t in clerks:
            t.join()
        wall = time.perf_counter() - started_at
    finally:
        stop.set()
        for t in beside:
            t.join()
        server.terminate()
        server.wait(10)
    keyed = len(out["key"])
    typing = statistics.mean(out["keys"]) / args.keys_per_second
    waiting = statistics.mean(out["key"]) / 1000
    print(f"  {keyed} lines keyed by {args.clerks} clerks in {wall:.1f} s of server time, "
          f"beside {args.reviewers} review(s) of 2,000 lines ({len(took)} ended, "
          f"{len(refused)} refused)")  # fmt: skip
    print(f"  keystrokes per line {statistics.mean(out['keys']):.1f}; seconds per line "
          f"{typing + waiting:.2f} at {args.keys_per_second:g} keys a second "
          f"({typing:.2f} typing, {waiting * 1000:.1f} ms waiting for the server)")  # fmt: skip
    print(f"  keyed line p50 {statistics.median(out['key']):.1f} ms, p99 {p99(out['key']):.1f} ms "
          f"(target < {GOAL_MS:g}); {asked(out['lookup'])}; {load()}")  # fmt: skip


if __name__ == "__main__":
    main()
