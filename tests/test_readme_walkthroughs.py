"""The clerk's walkthroughs (docs/clerks.md) run as written, in a shell, and print what the page
says."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "clerks.md").read_text(encoding="utf-8")


def block(after: str, fence: str = "```sh") -> str:
    """The first fenced block that opens with ``fence`` after the line ``after``."""
    start = PAGE.index(fence, PAGE.index(after)) + len(fence)
    return PAGE[start : PAGE.index("\n```", start)]


def test_the_desk_walkthrough_runs_as_written_and_leaves_no_book_behind(
    shell: Any, tmp_path: Path
) -> None:
    script = block("A walkthrough on a temporary book")
    default_book = ROOT / "nyballot.sqlite3"
    before = default_book.stat().st_mtime_ns if default_book.exists() else None
    done = shell(script, ROOT)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    # The comments' verdicts: the specifications TIMELY, the contradiction refused, the chain of
    # five records (petition, objection, specifications, two determinations) whole.
    assert "TIMELY" in out
    assert "refused: a contradicting determination must supersede" in out
    assert "ok: 5 records, every board's chain holds" in out
    assert ": record #5 of nyc bears it" in out  # the digest kept is still in the book
    assert "5 filings backed up" in out
    book = [r for r in csv.reader(out.splitlines()) if len(r) > 8 and r[1].startswith("2026-04-")]
    # seq, stamped, kind, ... verdict (7), status (8): three papers, all timely; the petition's
    # status is the superseding determination's outcome.
    assert [(r[0], r[7]) for r in book] == [("1", "timely"), ("2", "timely"), ("3", "timely")]
    assert "valid" in {r[8] for r in book if r[0] == "1"}
    assert (default_book.stat().st_mtime_ns if default_book.exists() else None) == before


def test_the_petition_walkthrough_runs_as_written_and_prints_the_excerpt(
    shell: Any, tmp_path: Path
) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    # The walkthrough, then the independent petition's command over the same store.
    script = (
        block("## Petition review")
        + block("**An independent petition**")
        + block("**At the state's size.**")
    )
    done = shell(script)
    assert done.returncode == 0, done.stderr
    excerpt = block("was written against that seed-7 sample", "```\n")
    shown = [line for line in excerpt.splitlines() if line.strip() not in ("", "...")]
    assert len(shown) == 8
    for line in shown:
        assert line in done.stdout.splitlines()
    # "it shows every ruling but one (duplicate_other_petition needs a second petition)"
    codes = set(re.findall(r"^  sheet \d+ line \d+: ([a-z_]+) \[", done.stdout, re.MULTILINE))
    assert codes == {
        "not_found", "not_registered", "wrong_party", "outside_unit", "date_missing",
        "date_outside_period", "after_witness_date", "duplicate_same_petition",
        "witness_not_qualified",
    }  # fmt: skip
    assert (tmp_path / "ruling.html").read_text(encoding="utf-8").startswith("<!doctype html>")
    assert (tmp_path / "specs.pdf").read_bytes().startswith(b"%PDF")
    # The review written as each line is ruled: the JSON of the same 16 lines.
    assert len(json.loads((tmp_path / "review.json").read_text(encoding="utf-8"))["lines"]) == 16
    # § 6-142(2): 5% of 12,345 votes for governor = 617.25, rounded up: 618, as the comment says.
    assert "Required: 618 under § 6-142(2) [text unverified]; as nyballot signatures" in done.stdout
