"""docs/petition-review.md: its commands run as written and print what the page says."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "petition-review.md").read_text(encoding="utf-8")


def block(after: str, fence: str = "```sh") -> str:
    """The first fenced block that opens with ``fence`` after the line ``after``."""
    start = PAGE.index(fence, PAGE.index(after)) + len(fence)
    return PAGE[start : PAGE.index("\n```", start)]


def test_the_clerks_report_commands_run_as_written(tmp_path: Path) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    env = {k: v for k, v in os.environ.items() if not k.startswith("NYBALLOT_")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["TMPDIR"] = str(tmp_path)
    done = subprocess.run(["bash", "-e", "-c", block("## The clerk's report")], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    # The example petition: 16 lines on 3 sheets, 7 valid, 100 required (README's excerpt).
    assert "16 lines, 7 valid, 9 invalid" in done.stdout
    assert "100 required: insufficient" in done.stdout
    rows = list(csv.DictReader(io.StringIO((tmp_path / "report.csv").read_text())))
    assert [r["sheet"] for r in rows] == ["1", "2", "3", "total"]
    assert sum(int(r["valid"]) for r in rows[:-1]) == int(rows[-1]["valid"]) == 7
    assert (tmp_path / "report.pdf").read_bytes().startswith(b"%PDF")
