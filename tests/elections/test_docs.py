"""docs/special-elections.md: every command it shows runs as written and prints what it says."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "special-elections.md").read_text(encoding="utf-8")


def blocks() -> list[str]:
    return re.findall(r"```sh\n(.*?)\n```", PAGE, re.S)


def run(script: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NYBALLOT_")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["TMPDIR"] = str(tmp)
    return subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", script], cwd=tmp, env=env,
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def test_the_page_shows_seven_blocks_and_each_runs(tmp_path: Path) -> None:
    found = blocks()
    assert len(found) == 7
    outs = []
    for script in found:
        done = run(script, tmp_path)
        assert done.returncode == 0, done.stderr
        outs.append(done.stdout)
    special, federal, none, paper, desk, village, village_special = outs
    # § 6-158(6), the § 42(3)(b) form: seven days after Mon Feb 2, 2026.
    assert (
        "Mon 2026-02-09" in special and "special_pbo_42_3b.party_nomination.certificate" in special
    )
    assert special.rstrip().endswith("1")
    assert "no special election is held: the office is filled at the general election of" in none
    assert "Wed 2026-07-01" in none and "Mon 2026-08-03" in none
    assert paper.startswith("timely: last day 2026-02-09")
    # § 15-108(8)(a): Tue Feb 3 to Tue Feb 10, 2026, counted from Mar 17; held Mar 18.
    assert "Tue 2026-02-03 to Tue 2026-02-10" in village and "2026-03-18" in village
    # § 15-108(9)(a): six weeks before the last day to file (Tue May 12, 35 days before Tue
    # Jun 16): Tue Mar 31.
    assert "village.independent_petition.signing,15-108(9)(a)" in village
    assert "2026-03-31,2026-05-12" in village
    # § 11-204(4) for a congressional special: one line with the rule's id.
    assert federal.strip() == "1"
    # The desk: timely by the § 42(3)(b) form; the book's CSV names the special election once,
    # and both its clocks (objections, notice) name it in the list of what falls due.
    assert "TIMELY" in desk and "for the special election assembly:2026-02-02:2026-03-17" in desk
    assert desk.rstrip().endswith("1\n2")
    # § 15-106(1)(a)(2)(a): a vacancy on Tue Dec 1, 2026 is 105 days before Tue Mar 16, 2027;
    # (2)(b): the first Tuesday 61 days after Mon Apr 6, 2026 is Tue Jun 9.
    assert "Tue 2026-12-01 to Thu 2026-12-31" in village_special
    assert '"held": "2026-06-09"' in village_special
