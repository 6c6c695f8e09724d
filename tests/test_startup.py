"""A short command pays only for what it uses: `nyballot calendar --format json` with the law
cache filled imports neither the other commands' libraries nor the parsers that build the law.
(How fast it is, is measured in benchmarks/bench_process.py, not here.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = """
import contextlib, io, json, sys
from nyballot.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
    main(["calendar", "2026", "--format", "json"])
print(json.dumps(sorted({m.split(".")[0] for m in sys.modules})))
"""
NOT_NEEDED = {"rich", "icalendar", "fastapi", "sqlalchemy", "uvicorn", "weasyprint", "jinja2"}
BUILDING_THE_LAW = {"lark", "yaml"}


def _imported(cache: Path) -> set[str]:
    env = {**os.environ, "NYBALLOT_CACHE_DIR": str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout))


def test_a_json_calendar_imports_only_what_it_uses(tmp_path: Path) -> None:
    first = _imported(tmp_path)  # fills the cache: the law is built from its files
    assert first >= BUILDING_THE_LAW
    again = _imported(tmp_path)
    assert again & (NOT_NEEDED | BUILDING_THE_LAW) == set()
    assert "nyballot" in again and "click" in again
