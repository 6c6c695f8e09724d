"""docs/signatures.md runs as written: every shell block, in a shell, printing what the page
says (each number counted by hand there, from the words)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "signatures.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```sh\n(.*?)\n```", PAGE, re.DOTALL)


def _run(script: str, tmp: Path) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NYBALLOT_")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["TMPDIR"] = str(tmp)
    done = subprocess.run(["bash", "-e", "-c", script], cwd=tmp, env=env, capture_output=True,
                          text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


# What each block prints, as the page's comments say.
EXPECT = [
    [
        "Law: law in force in 2027",
        "no year given: 2027",
        "designating petition: 500 signatures",
        "[secondary source]",
        '"what_if": false',
        "independent nominating petition: 1,500 signatures",
    ],
    [
        "designating petition: 8,000 signatures",
        "designating petition: 2,000 signatures",
        "if a county) under",
        "1,500 signatures   [§ 6-142(2)(a)]",
        "if a city) under",
        "3,500 signatures   [§ 6-142(2)]",
    ],
    [
        "WHAT-IF",
        "nominating petition (every nomination",
        "outside the city of New York",
        "375 signatures",
        "(§ 2-122-a): 307 signatures   [§ 2-122-a(6)(c)]",
    ],
    ["L2031-third: ok", "333 signatures", "3.33333% of 30,000"],
]


def test_the_page_has_the_blocks_the_test_knows() -> None:
    assert len(BLOCKS) == len(EXPECT)


@pytest.mark.parametrize(("n", "wanted"), list(enumerate(EXPECT)))
def test_each_block_runs_and_prints_what_the_page_says(
    n: int, wanted: list[str], tmp_path: Path
) -> None:
    out = _run(BLOCKS[n], tmp_path)
    for text in wanted:
        assert text in out, text


def test_the_api_call_the_page_shows_answers_as_the_page_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fastapi.testclient import TestClient

    from nyballot.api.app import create_app

    (call,) = re.findall(r"`GET (/signatures\?[^`]+)`", PAGE)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'doc.sqlite3'}")) as client:
        body = client.get(call).json()
    # 2027, an assembly district, 30,000 enrolled: 5% is 1,500; the limit 500 (secondary).
    assert (body["year"], body["law"], body["what_if"]) == (2027, "law in force in 2027", False)
    assert body["requirements"][0]["number"] == 500
