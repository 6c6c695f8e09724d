"""The desk's and the operators' pages run as written, and say what their commands print."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from nyballot.api import create_app

DOCS = Path(__file__).resolve().parents[2] / "docs"


def blocks(page: str) -> list[str]:
    """Every fenced ``sh`` block of a page, in order."""
    return re.findall(r"```sh\n(.*?)\n```", (DOCS / page).read_text(encoding="utf-8"), re.S)


def test_the_desk_page_runs_as_written(shell: Any, tmp_path: Path) -> None:
    check, desk = blocks("desk.md")
    done = shell(check)
    assert done.returncode == 0, done.stderr
    verdicts = [line for line in done.stdout.splitlines() if line.startswith("Designating")]
    assert [v.rsplit(": ", 1)[1] for v in verdicts] == [
        "TIMELY", "LATE (fatal defect)", "LATE (fatal defect)"
    ]  # fmt: skip
    assert "starts: Last day to file written objections: 2026-04-06  [6-154(2)]" in done.stdout
    assert "by Wed 2026-04-08" in done.stdout and '"verdict": "timely"' in done.stdout
    done = shell(desk)
    assert done.returncode == 0, done.stderr
    assert "ok: 1 records, every board's chain holds" in done.stdout
    assert (tmp_path / "book.csv").read_bytes().startswith("\ufeffseq,".encode())


def test_the_timeliness_url_on_the_desk_page_answers(shell: Any, tmp_path: Path) -> None:
    text = (DOCS / "desk.md").read_text(encoding="utf-8")
    url = re.search(r"`GET (/timeliness\?[^`]+)`", text)
    assert url is not None
    with TestClient(create_app(f"sqlite:///{tmp_path / 'd.sqlite3'}", rate=0)) as c:
        answer = c.get(url.group(1)).json()
    assert answer["verdict"] == "timely" and answer["clocks"][0]["due"] == "2026-04-06"


def test_the_operators_page_runs_as_written(shell: Any) -> None:
    (keys,) = [b for b in blocks("operators.md") if "signing-key --new" in b]
    done = shell(keys)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert re.search(r"^key [0-9a-f]{16}: public key [0-9a-f]{64}$", out, re.M)
    assert out.count("signatures: 1 signed, 0 unsigned; checked against the public keys given") == 2
    assert "copy.sqlite3: 1 filings backed up" in out and "1 filings restored" in out
    assert out.count("ok: 1 records, every board's chain holds") == 2
