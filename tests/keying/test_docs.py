"""The keying walkthrough of docs/clerks.md runs as written and prints what it says.

The server it starts scans ``examples/volume.pdf`` with the desk's scanner. In a checkout
without the scanner (``nyballot.paper.scan``) or the example volume, the server is given a
stand-in that finds two sheets of three lines in any PDF (through a ``sitecustomize`` module on
its path), and a stand-in PDF: the walkthrough's keying is what is checked here."""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "clerks.md").read_text(encoding="utf-8")
STAND_IN = """
import sys, types
sys.path.insert(0, {tests!r})
from keying.scanned import fake_scanner
module = types.ModuleType("nyballot.paper.scan")
module.read_volume = fake_scanner(2, 3)
sys.modules["nyballot.paper.scan"] = module
"""


def block() -> str:
    start = PAGE.index("```sh", PAGE.index("## Keying a volume")) + len("```sh")
    return PAGE[start : PAGE.index("\n```", start)]


def test_the_keying_walkthrough_runs_as_written(shell: Any, tmp_path: Path) -> None:
    extra: dict[str, str] = {}
    examples = tmp_path / "examples"
    real = (ROOT / "examples" / "volume.pdf").exists()
    if real and importlib.util.find_spec("nyballot.paper.scan") is not None:
        examples.symlink_to(ROOT / "examples")
    else:  # the stand-in scanner, and a stand-in PDF for it
        stand_in = tmp_path / "stand-in"
        stand_in.mkdir()
        (stand_in / "sitecustomize.py").write_text(STAND_IN.format(tests=str(ROOT / "tests")))
        extra["PYTHONPATH"] = os.pathsep.join(
            filter(None, [str(stand_in), os.environ.get("PYTHONPATH")])
        )
        examples.mkdir()
        (examples / "volume.pdf").write_bytes(b"%PDF-1.7 a stand-in volume")
    done = shell(block(), tmp_path, **extra)
    assert done.returncode == 0, done.stderr
    printed = done.stdout.splitlines()
    # The claim: sheet 1's witness statement first; the key kept, the next line sheet 1 line 1.
    assert printed[0] == '{"sheet":1,"line":0}'
    assert printed[1] == '{"kept":true,"next":{"sheet":1,"line":1}}'
    states = json.loads(printed[2])
    assert states["keyed"] == 1 and states["claimed"] == 1
