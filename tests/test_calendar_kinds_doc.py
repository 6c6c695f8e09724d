"""docs/calendar-kinds.md: its table lists every section the rule data dates, by kind, and its
commands run as written and print what the page says."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from nyballot.law.loader import apply_overlays, load_law
from nyballot.law.model import Rule, kind_groups
from nyballot.law.subdivisions import parse_cite

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "calendar-kinds.md").read_text(encoding="utf-8")
GROUPS = {"`candidate`": "candidate", "`board`": "board", "`voter`": "voter",
          "every group": "election"}  # fmt: skip


def _rules() -> list[Rule]:
    """Every rule of every version, and of each overlay as it applies to each version it
    amends (so a replacement keeps the base rule's kind where it does not restate it)."""
    law = load_law()
    found: list[Rule] = []
    for version in law.versions.values():
        found += version.rules.values()
        for overlay in law.overlays.values():
            if version.id in overlay.versions:
                under = [law.overlays[o] for o in overlay.prevails_over if o in law.overlays]
                found += apply_overlays(version, [*under, overlay]).values()
    return found


def _dated() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for rule in _rules():
        groups = ["election"] if rule.kind == "election" else kind_groups(rule.kind)
        for group in groups:
            found.setdefault(group, set()).update(c.section for c in parse_cite(rule.cite))
    return found


def _listed() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for line in PAGE.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] in GROUPS:
            sections = set(re.findall(r"\b\d+-\d+(?:-[a-z]+)?\b", cells[2]))
            sections |= {"PBO-42"} if "PBO § 42" in cells[2] else set()
            sections |= {
                f"{t}NYCRR-{n}" for t, n in re.findall(r"(\d+) NYCRR (\d+\.\d+)", cells[2])
            }
            found[GROUPS[cells[0]]] = sections
    return found


def test_the_table_lists_every_section_the_rule_data_dates() -> None:
    assert _listed() == _dated()


def _block(after: str) -> str:
    start = PAGE.index("```sh", PAGE.index(after)) + len("```sh")
    return PAGE[start : PAGE.index("\n```", start)]


def _run(script: str) -> list[str]:
    """Each line of a block, run by bash as a user would; the output of each."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("NYBALLOT_")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["COLUMNS"] = "200"
    outputs = []
    for line in script.strip().splitlines():
        done = subprocess.run(["bash", "-e", "-c", line], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=300)  # fmt: skip
        assert done.returncode == 0, (line, done.stderr)
        outputs.append(done.stdout)
    return outputs


def test_the_boards_and_voters_commands_print_what_the_page_says() -> None:
    both, rolled, governor, coverage = _run(_block("## The boards' and voters' dates of a year"))
    text = " ".join(both.split())
    for rule_id, day in (
        ("enrolment_lists.publication", "Sat 2027-02-20"),
        ("military.board_registration.primary", "Tue 2027-05-18"),
        ("special_federal.determination.primary", "Wed 2027-06-02"),
        ("voter.registration_by_mail_receipt.primary", "Sat 2027-06-12"),
        ("voter.early_mail_application_by_letter.primary", "Sat 2027-06-12"),
        ("military.ballot_postmark.primary", "Tue 2027-06-22"),
        ("canvass.primary", "Mon 2027-07-05"),
    ):
        assert rule_id in text and day in text, rule_id
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO(rolled.removeprefix("\ufeff")))}
    assert rows["canvass.primary"]["closes"] == "2027-07-06"
    assert rows["audit.primary"]["closes"] == "2027-07-06"
    dated = {d["id"]: d for d in json.loads(governor)["deadlines"]}
    assert dated["canvass.governor_statement"]["closes"] == "2026-12-10"
    # § 9-214(1), on the state board's 2026 calendar: Nov 3 + 25 = Sat Nov 28, not moved.
    assert (dated["canvass.general"]["closes"], dated["canvass.general"]["evidence"]) == (
        "2026-11-28",
        "secondary",
    )
    assert "resting on words carried forward" in coverage


def test_the_other_reading_command_gives_section_6_158_8s_ten_days() -> None:
    (out,) = _run(_block("## The other reading of § 6-146(6)'s vacancy"))
    data = json.loads(out)
    vacancy = next(
        d for d in data["deadlines"] if d["id"] == "multi_party.vacancy_after_declination"
    )
    # § 6-146(6): Tue Jun 22 + 10 = Fri Jul 2; § 6-158(8): + 10 = Mon Jul 12.
    assert (vacancy["closes"], vacancy["cite"], data["what_if"]) == ("2027-07-12", "6-158(8)", True)
