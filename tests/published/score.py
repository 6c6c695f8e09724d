"""The calendar held against the state board's published calendars (calendars.yaml): how many
of their dates it gives, by group. ``python -m tests.published.score`` prints the scores."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import yaml

from nyballot import build_calendar
from nyballot.law.model import kind_groups

DATA = Path(__file__).with_name("calendars.yaml")
GROUPS = ("core", "board", "voter")


def published() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(DATA.read_text(encoding="utf-8"))
    return loaded


def _group(kind: str) -> str:
    groups = kind_groups(kind)
    return "core" if kind == "election" or "candidate" in groups else groups[0]


def _group_of_id(rule_id: str) -> str:
    return "voter" if rule_id.startswith("voter.") else "board"


def compare() -> tuple[dict[str, list[int]], list[str]]:
    """Per group [given, printed]; and each date the calendar gives otherwise, as a line."""
    scores = {g: [0, 0] for g in GROUPS}
    misses: list[str] = []
    calendars: dict[int, Any] = {}
    for entry in published()["dates"]:
        year = entry["year"]
        cal = calendars.setdefault(year, build_calendar(year))
        rule = cal.get(entry["id"])
        # A rule the law data lacks (a calendar before it was added) is grouped by its id.
        group = _group(rule.rule.kind) if rule is not None else _group_of_id(entry["id"])
        for part in ("opens", "closes"):
            if part not in entry:
                continue
            want: dt.date = entry[part]
            got = getattr(rule, part) if rule is not None else None
            scores[group][1] += 1
            if got == want:
                scores[group][0] += 1
            else:
                misses.append(f"{year} {entry['id']}.{part}: printed {want}, calendar {got}")
    return scores, misses


if __name__ == "__main__":
    found, missed = compare()
    print(", ".join(f"{g} {a} of {b}" for g, (a, b) in found.items()))
    print("\n".join(missed))
