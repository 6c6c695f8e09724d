"""docs/ballots.md: every command it shows runs as written and prints what the page says."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nyballot.ballot.model import parse_ballot

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "ballots.md").read_text(encoding="utf-8")


def block(fence: str, after: str = "") -> str:
    start = PAGE.index(fence, PAGE.index(after) if after else 0) + len(fence)
    return PAGE[start : PAGE.index("\n```", start)]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext (scripts/poppler)")
def test_the_commands_of_the_page_run_as_written(tmp_path: Path) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    env = {k: v for k, v in os.environ.items() if not k.startswith("NYBALLOT_")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", block("```sh")], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout
    # The first two commands: the law in force for 2026 joins the slate; pre-2019 does not.
    assert "the law in force for 2026, the year of the election (2026-06-23)" in out
    assert "Governor and Lieutenant Governor (vote for 1)" in out
    assert "Lieutenant Governor (vote for 1)" in out  # pre-2019: a contest of its own
    data = json.loads((tmp_path / "ballot.json").read_text())
    assert data["law"] == "current" and data["what_if"] is False
    assert (tmp_path / "ballots.pdf").read_bytes().startswith(b"%PDF-")
    assert (tmp_path / "proof.pdf").read_bytes().startswith(b"%PDF-")
    definition = json.loads((tmp_path / "definition.json").read_text())
    assert definition["Status"] == "pre-election"
    assert "Law: as read from definition.json" in out
    assert out.rstrip().endswith("3")  # three numbered ballots


def test_the_joint_slate_example_of_the_page_is_read_as_written() -> None:
    office = json.loads(block("```json"))
    doc = {"party": "D", "offices": [office, {"id": "lg", "candidates": [
        {"id": "lg-1", "name": "Lee Long"}]}]}  # fmt: skip
    read = parse_ballot(doc)
    assert read.offices[0].joint == "lg" and read.offices[0].candidates[0].joint == "lg-1"


def test_the_pictures_the_page_shows_are_there() -> None:
    for name in ("ballot-official.png", "ballot-proof.png"):
        assert f"]({name})" in PAGE
        assert (ROOT / "docs" / name).read_bytes().startswith(b"\x89PNG")
