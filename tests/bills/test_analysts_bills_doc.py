"""docs/analysts-bills.md runs as written, in a shell, and prints what the page says."""

from __future__ import annotations

from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "analysts-bills.md").read_text(encoding="utf-8")


def block(after: str, fence: str = "```sh") -> str:
    start = PAGE.index(fence, PAGE.index(after)) + len(fence)
    return PAGE[start : PAGE.index("\n```", start)]


def test_the_workflow_runs_as_written(shell: Any) -> None:
    done = shell(block("## The workflow, with A.6774 of 2023"), ROOT)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "§ 1 add 6-158(1-a)" in out and "§ 2 add 6-134(4-a)" in out
    assert "closes 12th Thursday before primary -> 12th Monday before primary" in out
    # compare: the last day to file, Thursday April 2 -> Monday April 6 (the twelfth Monday
    # before Tuesday June 23, 2026: Jun 22, 15, 8, 1, May 25, 18, 11, 4, Apr 27, 20, 13, 6).
    assert "Mon Mar 30 – Thu Apr 2  →  Mon Mar 30 – Mon Apr 6" in out
    # The edit: the thirteenth Monday before June 23 is March 30.
    assert "designating_petition.filing = Mon 2026-03-30 to Mon 2026-03-30" in out
    assert out.count("WHAT-IF") >= 3
    assert "my-a6774: Drafted from A6774-2023.txt" in out


def test_the_measure_and_diff_run_as_written(shell: Any) -> None:
    done = shell(block("## How well it reads"), ROOT)
    assert done.returncode == 0, done.stderr
    assert "2026-petition-period" in done.stdout and "date rules 2/2 (100%)" in done.stdout
    assert "§ 6-158(1) changed" in done.stdout
