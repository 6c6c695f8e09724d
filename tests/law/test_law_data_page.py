"""docs/law-data.md runs as written: its shell block in a shell, its Python block as Python,
each printing what the page says."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "law-data.md").read_text(encoding="utf-8")


def block(fence: str) -> str:
    start = PAGE.index(fence) + len(fence)
    return PAGE[start : PAGE.index("\n```", start)]


def test_the_python_block_prints_what_its_comments_say() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(block("```python"), {})
    assert out.getvalue().splitlines() == ["3 2-122-b(2) S5961 True", "None"]


def test_the_shell_block_runs_and_says_which_law(shell: Any) -> None:
    # each first line read whole (the law's line names every act applied)
    done = shell(block("```sh"), ROOT, COLUMNS="1000")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # the counts grow as provisions are added: the words of the summary are what is claimed
    checked = re.compile(
        r"\d+ provisions checked: each quotation against its shipped text, each setting against "
        r"its declared type, \d+ of them against the type"
    )
    assert checked.match(lines[0]) and checked.match(lines[1])
    assert lines[2].startswith("Delegates under Election Law in force from 2019 (June primary)")
    # the law in force has no allocation: the bill asked for, read outside its years, says so
    assert lines[3].startswith("What-if: S.5961 of 2015 was never enacted; S.5961 of 2015 governs")
    assert lines[3].endswith("read for 2027 as it would enact its words.")
    assert lines[4].startswith("Year: no year given: 2027")
    assert lines[5].startswith("Delegates under Election Law as in force before 2019")
    assert lines[6] == "What-if: S.5961 of 2015 was never enacted."
    assert lines[7].endswith("(the law in force in 2027)")
    assert lines[8].startswith("Year: no year given: 2027")
